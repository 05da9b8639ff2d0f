# Helpers of the tests in tests/install (sourced).
set -euo pipefail
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
skip() { printf 'SKIP: %s\n' "$*"; exit 77; }
need() { command -v "$1" >/dev/null 2>&1 || skip "$1 is not installed (Debian package $2; scripts/setup installs it)"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bplab-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
