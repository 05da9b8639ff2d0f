#!/bin/bash
# Every QObject class in app/ and ui/ declares at most 8 signals: an object that needs more is
# holding state that belongs to another owner, or telling each of its changes separately where
# one notification and the accessors would do.
set -euo pipefail
root=${1:?usage: signalcount.sh SOURCE_DIR}
limit=8
status=0
checked=0
while IFS= read -r -d '' header; do
    # The declarations between "signals:" and the next access specifier, one per ';'.
    n=$(awk '
        /^[[:space:]]*(signals|Q_SIGNALS)[[:space:]]*:/ { inside = 1; next }
        /^[[:space:]]*(public|private|protected)([[:space:]]+(slots|Q_SLOTS))?[[:space:]]*:/ { inside = 0 }
        /^[[:space:]]*};/ { inside = 0 }
        inside && /^[[:space:]]*void[[:space:]]/ { count++ }
        END { print count + 0 }' "$header")
    checked=$((checked + 1))
    if [ "$n" -gt "$limit" ]; then
        echo "FAIL: ${header#"$root"/} declares $n signals (at most $limit)"
        status=1
    fi
done < <(find "$root/app" "$root/ui" -name '*.h' -print0 | xargs -0 grep -lZ 'Q_OBJECT')
if [ "$checked" -lt 20 ]; then
    echo "FAIL: only $checked QObject headers found under $root/app and $root/ui"
    exit 1
fi
[ "$status" -eq 0 ] && echo "PASS: $checked QObject headers, none with more than $limit signals"
exit "$status"
