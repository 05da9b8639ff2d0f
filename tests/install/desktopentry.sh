# desktop-file-validate accepts the desktop entry (hints are fine, errors and warnings are not),
# and the entry starts the installed program with the installed icon.
. "$(dirname "$0")/common.sh"
entry=$1
need desktop-file-validate desktop-file-utils
out=$(desktop-file-validate "$entry" 2>&1) || fail "desktop-file-validate: $out"
if grep -E ': (error|warning):' <<<"$out"; then fail "desktop-file-validate reported the above"; fi
grep -qx 'Exec=backprop-lab' "$entry" || fail "Exec is not backprop-lab"
grep -qx 'Icon=org.backproplab.BackpropLab' "$entry" || fail "Icon is not the app id"
grep -qE '^Categories=Education;Science;' "$entry" || fail "Categories do not start with Education;Science;"
echo "ok: $entry"
