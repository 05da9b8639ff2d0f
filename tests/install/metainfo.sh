# appstreamcli validate --no-net accepts the AppStream metadata, and its newest release is the
# project's version (CMakeLists.txt), so that a release cannot forget it.
. "$(dirname "$0")/common.sh"
metainfo=$1 version=$2
need appstreamcli appstream
out=$(appstreamcli validate --no-net "$metainfo" 2>&1) || fail "appstreamcli validate: $out"
newest=$(grep -o '<release version="[^"]*"' "$metainfo" | head -n 1 | cut -d'"' -f2)
[ "$newest" = "$version" ] || fail "newest release in $metainfo is '$newest', the project is $version"
grep -q '<content_rating type="oars-1.1"' "$metainfo" || fail "no OARS content rating"
if grep -q '<screenshot' "$metainfo"; then fail "screenshots need public URLs, which the project has none of"; fi
echo "ok: $metainfo: $(tail -n 1 <<<"$out")"
