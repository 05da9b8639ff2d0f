# scripts/run without a display says how to start the app (desktop session, xvfb-run, the CLI)
# and exits with 1, instead of reaching Qt's "no Qt platform plugin" abort (exit 134).
. "$(dirname "$0")/common.sh"
repo=$1 build=$2
check() {
    local what=$1
    shift
    set +e
    out=$(env -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$@" BPLAB_BUILD_DIR="$build" \
          "$repo/scripts/run" --epochs 1 2>&1 </dev/null)
    rc=$?
    set -e
    [ "$rc" -eq 1 ] || fail "$what: scripts/run exited $rc, not 1: $out"
    for word in 'cannot open the window' 'xvfb-run -a scripts/run --epochs 1' 'backprop-lab-cli train'; do
        grep -qF -- "$word" <<<"$out" || fail "$what: the message lacks '$word': $out"
    done
    if grep -q 'platform plugin' <<<"$out"; then fail "$what: Qt itself was started: $out"; fi
    echo "ok: $what"
}
check "DISPLAY unset" -u DISPLAY
# A display name whose X socket does not exist (a stale session).
check "DISPLAY without a server" DISPLAY=:7391
