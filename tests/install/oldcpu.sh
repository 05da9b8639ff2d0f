# On a CPU older than the build's -march, both programs say what they need and exit 2 before any
# instruction the CPU lacks can run. QEMU's user-mode emulator plays a Nehalem (SSE4.2, no AVX).
. "$(dirname "$0")/common.sh"
build=$1 gui=$2
need qemu-x86_64 qemu-user
check() {
    local name=$1 program=$2
    shift 2
    [ -x "$program" ] || fail "$program was not built"
    set +e
    out=$(env "$@" qemu-x86_64 -cpu Nehalem "$program" --help 2>&1 </dev/null)
    rc=$?
    set -e
    if [ "$rc" -eq 0 ]; then
        echo "skip: $name: this build uses no extension a Nehalem lacks (built without -march or for an older CPU)"
        return 77
    fi
    [ "$rc" -eq 2 ] || fail "$name exited $rc, not 2, on a Nehalem: $out"
    grep -qE "^$name: Backprop Lab was built for .* \((AVX2|FMA|AVX-512)[^)]*\); this CPU lacks AVX2\. Build from source with scripts/setup for this machine\.$" <<<"$out" \
        || fail "$name's message on a Nehalem: $out"
    echo "ok: $name: $out"
}
status=0
check backprop-lab-cli "$build/app/cli/backprop-lab-cli" || status=$?
if [ "$gui" = ON ]; then
    # Offscreen: the message goes to stderr only (a message box needs a display).
    check backprop-lab "$build/app/gui/backprop-lab" QT_QPA_PLATFORM=offscreen || status=$?
fi
exit "$status"
