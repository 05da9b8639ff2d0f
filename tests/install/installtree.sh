# cmake --install of this build into a temporary DESTDIR holds every file a desktop expects, and
# the installed backprop-lab-cli runs from there; the installed app finds its German translation in
# share/backprop-lab/translations through its own location, and says so when it is not there.
. "$(dirname "$0")/common.sh"
build=$1 version=$2 gui=$3 translations=${4:-OFF}
prefix=/usr/local
DESTDIR=$tmp/root cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 \
    || { cat "$tmp/install.log" >&2; fail "cmake --install failed"; }
root=$tmp/root$prefix
id=org.backproplab.BackpropLab
files=(bin/backprop-lab-cli share/man/man1/backprop-lab-cli.1.gz share/doc/backprop-lab/changelog.gz
       share/doc/backprop-lab/copyright)
case $gui in
    ON|on|1|TRUE|true)
        files+=(bin/backprop-lab share/applications/$id.desktop share/metainfo/$id.metainfo.xml
                share/icons/hicolor/scalable/apps/$id.svg)
        for size in 16 22 24 32 48 64 128 256 512; do
            files+=(share/icons/hicolor/${size}x$size/apps/$id.png)
        done
        case $translations in ON|on|1|TRUE|true) files+=(share/backprop-lab/translations/backprop-lab_de.qm) ;; esac ;;
esac
for f in "${files[@]}"; do
    [ -s "$root/$f" ] || fail "cmake --install did not write $prefix/$f"
done
for f in bin/backprop-lab-cli bin/backprop-lab; do
    [ ! -e "$root/$f" ] || [ -x "$root/$f" ] || fail "$prefix/$f is not executable"
done
# Each PNG has the size its folder names (the PNG header: width and height at bytes 16-23).
for png in "$root"/share/icons/hicolor/*x*/apps/$id.png; do
    [ -e "$png" ] || continue
    size=${png%/apps/*}; size=${size##*/}; size=${size%x*}
    wh=$(od -An -tu1 -j16 -N8 "$png" | awk '{ print $3 * 256 + $4, $7 * 256 + $8 }')
    [ "$wh" = "$size $size" ] || fail "$png is $wh, not $size x $size"
done
# Nothing of the build or the source tree inside: the programs must not look there.
if grep -rqs -- "$build" "$root/share"; then fail "an installed data file names the build folder $build"; fi

cli=$root/bin/backprop-lab-cli
out=$("$cli" --version) || fail "installed backprop-lab-cli --version failed"
[ "$out" = "backprop-lab-cli $version" ] || fail "--version printed '$out'"
out=$("$cli" info) || fail "installed backprop-lab-cli info failed"
grep -q '101,770\|101770' <<<"$out" || fail "info does not give 101,770 parameters: $out"
# The shipped lessons are installed, and the installed inspect accepts each of them.
lessons=("$root"/share/backprop-lab/lessons/*.json)
[ "${#lessons[@]}" -ge 5 ] && [ -s "${lessons[0]}" ] || fail "cmake --install did not write the lessons to share/backprop-lab/lessons"
for lesson in "${lessons[@]}"; do
    "$cli" inspect "$lesson" >/dev/null || fail "the installed inspect refuses $lesson"
done
# Read whole before matching: grep -q stops at the match, and under pipefail zcat's SIGPIPE on the
# rest of the page would fail the test whenever the page outgrows the pipe's buffer.
man_page=$(zcat "$root/share/man/man1/backprop-lab-cli.1.gz")
grep -q '^\.SS import-sample' <<<"$man_page" || fail "the man page lacks the import-sample command"
if [ -x "$root/bin/backprop-lab" ]; then
    out=$(QT_QPA_PLATFORM=offscreen "$root/bin/backprop-lab" --version 2>/dev/null) \
        || fail "installed backprop-lab --version failed"
    grep -q "$version" <<<"$out" || fail "backprop-lab --version printed '$out'"
fi
# The copyright file is Debian's machine-readable format and names the project's terms.
head -n 1 "$root/share/doc/backprop-lab/copyright" \
    | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
    || fail "share/doc/backprop-lab/copyright does not start with the copyright-format 1.0 Format: line"
grep -q '^Files: \*$' "$root/share/doc/backprop-lab/copyright" || fail "the copyright file has no Files: * paragraph"
if [ -x "$root/bin/backprop-lab" ] && [ -e "$root/share/backprop-lab/translations/backprop-lab_de.qm" ]; then
    # A screenshot run in German without data (the error page): the translation is found beside
    # the program, so backprop-lab does not warn that the window stays English.
    mkdir -p "$tmp/nodata" "$tmp/elsewhere/bin"
    # (Without data the run ends with exit code 1 after writing the error page's picture.)
    run_de() {
        rm -f "$tmp/de.png"
        QT_QPA_PLATFORM=offscreen "$1" --lang de --data "$tmp/nodata" --screenshot "$tmp/de.png" \
            >"$tmp/de.log" 2>&1 || true
        [ -s "$tmp/de.png" ] || { cat "$tmp/de.log" >&2; fail "$1 --lang de --screenshot wrote no picture"; }
    }
    run_de "$root/bin/backprop-lab"
    if grep -q 'translation' "$tmp/de.log"; then
        cat "$tmp/de.log" >&2
        fail "the installed backprop-lab did not find share/backprop-lab/translations/backprop-lab_de.qm"
    fi
    # The same program without share/ beside it says that it stays English (the check can fail).
    cp "$root/bin/backprop-lab" "$tmp/elsewhere/bin/"
    run_de "$tmp/elsewhere/bin/backprop-lab"
    grep -q 'no "de" translation' "$tmp/de.log" \
        || { cat "$tmp/de.log" >&2; fail "backprop-lab without its translations beside it did not say so"; }
fi
echo "ok: ${#files[@]} files under DESTDIR$prefix; backprop-lab-cli $version runs from there"
