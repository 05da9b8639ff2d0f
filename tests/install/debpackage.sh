# A Debian package made by CPack from this build (the same CPack setup as scripts/package, which
# builds the portable release package; here the suite's own build is packed, in seconds) shows its
# dependencies in dpkg-deb -I, and its backprop-lab-cli runs after dpkg-deb -x.
. "$(dirname "$0")/common.sh"
build=$1 version=$2 gui=$3 translations=${4:-OFF}
need cpack cmake
need dpkg-deb dpkg
need dpkg-shlibdeps dpkg-dev
(cd "$build" && cpack -G DEB -B "$tmp/cpack") >"$tmp/cpack.log" 2>&1 \
    || { tail -n 30 "$tmp/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$tmp/cpack/backprop-lab_${version}_amd64.deb
[ -s "$deb" ] || fail "CPack wrote no $(basename "$deb") (log: $(ls "$tmp/cpack"))"
info=$(dpkg-deb -I "$deb")
depends=$(dpkg-deb -f "$deb" Depends)
printf 'Depends: %s\n' "$depends"
for lib in libc6 libstdc++6 libqt6core6; do
    grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done
case $gui in ON|on|1|TRUE|true) grep -q libqt6widgets6 <<<"$depends" || fail "Depends lacks libqt6widgets6" ;; esac
grep -q '^ Section: science' <<<"$info" || fail "no Section: science in dpkg-deb -I"
dpkg-deb -x "$deb" "$tmp/x"
out=$("$tmp/x/usr/bin/backprop-lab-cli" --version) || fail "the packaged backprop-lab-cli --version failed"
[ "$out" = "backprop-lab-cli $version" ] || fail "--version printed '$out'"
[ -s "$tmp/x/usr/share/man/man1/backprop-lab-cli.1.gz" ] || fail "no man page in the package"
head -n 1 "$tmp/x/usr/share/doc/backprop-lab/copyright" 2>/dev/null | grep -q '^Format: ' \
    || fail "no machine-readable /usr/share/doc/backprop-lab/copyright in the package"
# The translations come with the app (BPLAB_TRANSLATIONS is ON only when the GUI is built).
if [ "$translations" = ON ]; then
    [ -s "$tmp/x/usr/share/backprop-lab/translations/backprop-lab_de.qm" ] \
        || fail "no German translation (usr/share/backprop-lab/translations/backprop-lab_de.qm) in the package"
fi
echo "ok: $(basename "$deb") runs backprop-lab-cli $version"
