# Debian packages of Backprop Lab and their installation; sourced by scripts/setup and scripts/fuzz.

# Building, running and testing (scripts/setup installs these). The GCC sanitizer runtimes used by
# the CI stages (libasan, libubsan, libtsan) come with g++.
BPLAB_PACKAGES=(qt6-base-dev qt6-base-dev-tools libeigen3-dev libqcustomplot-dev libqcustomplot2.1-qt6
                zlib1g-dev libgl1-mesa-dev xvfb xauth fonts-dejavu-core qt6-qpa-plugins cmake g++)
# Ninja keeps both cores busy across targets (Make waits for a library's link before compiling the
# next target's files) and logs each step's time in .ninja_log.
BPLAB_PACKAGES+=(ninja-build)
# lld: links the test executables in under half of GNU ld's time (CMakeLists.txt, BPLAB_LLD).
BPLAB_PACKAGES+=(lld)
# Qt SVG: the panels' SVG export (ui/panelexport.h, QSvgGenerator keeps text as text).
BPLAB_PACKAGES+=(qt6-svg-dev)
# pdfinfo: the export tests check the PDFs with it (skipped without it).
BPLAB_PACKAGES+=(poppler-utils)
BPLAB_PACKAGES+=(libxsmm-dev) # small-matrix kernels for the running CPU (core/nn/kernels.h); optional
# Kept libraries instead of code of our own: JSON (core/io/json.h; configure stops without it).
BPLAB_PACKAGES+=(nlohmann-json3-dev)

# Optional, for scripts/fuzz only: Debian's clang and its runtime libraries, which hold libFuzzer
# (libclang_rt.fuzzer) and clang's sanitizer runtimes.
BPLAB_FUZZ_PACKAGES=(clang libclang-rt-dev)

# Optional, for the ThreadSanitizer stage of scripts/test (--tsan, --sanitizers; CI): clang, its
# sanitizer runtimes, and LLVM's OpenMP with the Archer tool that makes OpenMP visible to TSan.
BPLAB_TSAN_PACKAGES=(clang libclang-rt-dev libomp-dev)

# ensure_packages TAG PACKAGE...: installs those of the packages that are missing (apt-get; sudo
# when not root). One dpkg-query for the whole list, so it takes a fraction of a second when all
# are present. Prints with "TAG: " in front; returns non-zero with a message when it cannot.
ensure_packages() {
    local tag=$1
    shift
    local installed missing=() p
    # dpkg-query names only the packages it knows, so compare by name.
    installed=$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "$@" 2>/dev/null \
                | awk '$2 == "installed" { print $1 }' || true)
    for p in "$@"; do
        grep -qx -- "$p" <<<"$installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        printf '%s: Debian packages: all %d present\n' "$tag" "$#"
        return 0
    fi
    printf '%s: installing %d Debian package(s): %s\n' "$tag" "${#missing[@]}" "${missing[*]}"
    local as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            printf '%s: error: not root and no sudo; as root: apt-get install %s\n' "$tag" "${missing[*]}" >&2
            return 1
        fi
        as_root=(sudo)
    fi
    # Wait for another apt run (up to 10 min) instead of failing on its lock.
    local apt_opts=(-o DPkg::Lock::Timeout=600 -q)
    if ! "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" update >/dev/null; then
        printf '%s: error: apt-get update failed (network? apt sources?)\n' "$tag" >&2
        return 1
    fi
    if ! "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" install -y \
            --no-install-recommends "${missing[@]}" >/dev/null; then
        printf '%s: error: apt-get install failed for: %s\n' "$tag" "${missing[*]}" >&2
        return 1
    fi
}

# Desktop integration, checked by tests/install (scripts/setup installs these): the desktop entry
# and AppStream validators, lintian for the package, dpkg-dev's dpkg-shlibdeps and file for CPack's
# dependency scan, rsvg-convert (librsvg2-bin) for resources/render-icons.
BPLAB_PACKAGES+=(desktop-file-utils appstream lintian dpkg-dev file librsvg2-bin)
# QEMU's user-mode emulator: tests/install/oldcpu.sh runs the programs as on an older CPU.
BPLAB_PACKAGES+=(qemu-user)

# Translations (scripts/setup installs these): Qt's lupdate/lrelease and their CMake package
# (Qt6LinguistTools), which turn translations/*.ts into the .qm files the app loads.
BPLAB_PACKAGES+=(qt6-l10n-tools qt6-tools-dev qt6-tools-dev-tools)

# Open MPI for `mpirun -np N backprop-lab-cli train --mpi` (core/mpi) and its tests (label mpi);
# optional: without it the build has no --mpi and those tests are skipped.
BPLAB_PACKAGES+=(openmpi-bin libopenmpi-dev)

# use_ninja: new build trees are configured for Ninja when it is installed (an existing tree keeps
# the generator it was made with: CMake reads CMAKE_GENERATOR from the environment only for a tree
# without a cache). A generator chosen by the caller wins.
use_ninja() {
    if [ -z "${CMAKE_GENERATOR:-}" ] && command -v ninja >/dev/null 2>&1; then
        export CMAKE_GENERATOR=Ninja
    fi
}
