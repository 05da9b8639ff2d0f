# Stages of scripts/test: each timed, each run even when an earlier one failed; `finish` prints
# the table of durations (with the load average, since the machine may be shared) and exits 1 when
# any stage failed.

stage_names=()
stage_times=()
stage_cpus=()
stage_results=()
all_started=$SECONDS

say() { printf 'test: %s\n' "$*"; }
clock() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
loadavg() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'; }
# CPU seconds (user + system) of the finished child processes so far: with the wall time, it says
# what a stage would take on an idle machine (about CPU / cores for a parallel build).
child_cpu() {
    local tck
    tck=$(getconf CLK_TCK 2>/dev/null || echo 100)
    # Fields 16 and 17 of /proc/PID/stat: cutime and cstime of this shell ($$ also in subshells).
    awk -v tck="$tck" '{ printf "%d\n", ($16 + $17) / tck }' "/proc/$$/stat" 2>/dev/null || echo 0
}

# stage NAME COMMAND...: runs the command, records its time and result; returns its status.
stage() {
    local name=$1 started=$SECONDS status=0 cpu0
    shift
    say "== $name [at $(clock $((SECONDS - all_started))), load $(loadavg)]"
    cpu0=$(child_cpu)
    "$@" || status=$?
    stage_names+=("$name")
    stage_times+=($((SECONDS - started)))
    stage_cpus+=($(($(child_cpu) - cpu0)))
    stage_results+=("$([ "$status" -eq 0 ] && echo ok || echo FAILED)")
    say "== $name: $([ "$status" -eq 0 ] && echo ok || echo "FAILED ($status)") in" \
        "$(clock $((SECONDS - started))), cpu $(clock "${stage_cpus[-1]}") (load $(loadavg))"
    return "$status"
}

# run_ctest DIR TIMEOUT [ctest options...]: the tests of DIR; TIMEOUT (s) for tests without their own.
run_ctest() {
    local dir=$1 timeout=$2
    shift 2
    (cd "$dir" && ctest --output-on-failure --no-tests=error -j"$jobs" --timeout "$timeout" "$@")
}

# repeat_ctest DIR N LABEL-REGEX: runs the tests of DIR whose label matches N times, each run the
# whole selection (in parallel, as the suite runs), and says which test failed on which run. A
# failing run's output is kept in DIR/Testing/repeat-RUN.log. Returns non-zero when any run failed.
repeat_ctest() {
    local dir=$1 runs=$2 labels=$3 run started status failed_runs=0 name
    local -A failures=()
    for ((run = 1; run <= runs; run++)); do
        started=$SECONDS
        status=0
        (cd "$dir" && ctest --output-on-failure --no-tests=error -j"$jobs" -L "$labels" --timeout 600) \
            >"$dir/Testing/repeat-current.log" 2>&1 || status=$?
        if [ "$status" -eq 0 ]; then
            say "repeat: run $run of $runs passed ($((SECONDS - started)) s)"
            continue
        fi
        failed_runs=$((failed_runs + 1))
        mv "$dir/Testing/repeat-current.log" "$dir/Testing/repeat-$run.log"
        local names=()
        mapfile -t names < <(sed -n 's/^[0-9]*://p' "$dir/Testing/Temporary/LastTestsFailed.log" 2>/dev/null)
        [ ${#names[@]} -gt 0 ] || names=("(ctest exit $status)")
        for name in "${names[@]}"; do
            failures[$name]+=" $run"
        done
        say "repeat: run $run of $runs FAILED: ${names[*]} (log: $dir/Testing/repeat-$run.log)"
    done
    rm -f "$dir/Testing/repeat-current.log"
    if [ "$failed_runs" -eq 0 ]; then
        say "repeat: all $runs runs passed"
        return 0
    fi
    for name in "${!failures[@]}"; do
        local list=(${failures[$name]})
        say "repeat: $name failed on run(s)${failures[$name]} (${#list[@]} of $runs)"
    done
    return 1
}

# configure_and_build DIR TARGETS CMAKE-OPTIONS...: TARGETS is `all`, `tests` (the executables of
# every test and what they depend on: no benchmark or other tool the stage does not run) or a CTest
# label such as `threads` (the executables of the tests with that label). Tests are named as their
# executables.
configure_and_build() {
    local dir=$1 targets=$2
    shift 2
    mkdir -p "$dir"
    if ! cmake -S "$repo" -B "$dir" "$@" >"$dir/configure.log" 2>&1; then
        tail -n 30 "$dir/configure.log" >&2
        say "configuration failed (log: $dir/configure.log)"
        return 1
    fi
    local build_args=()
    if [ "$targets" != all ]; then
        # The tests labelled install (scripts that check the Release build's install tree and
        # package) and source (checks of the sources themselves) have no executable to build.
        local select=(-LE 'install|source')
        [ "$targets" = tests ] || select=(-L "$targets")
        mapfile -t build_args < <(cd "$dir" && ctest -N "${select[@]}" | sed -n 's/^ *Test *#[0-9]*: //p')
        [ ${#build_args[@]} -gt 0 ] || { say "no tests ($targets) in $dir"; return 1; }
        say "building the ${#build_args[@]} test executables ($targets): ${build_args[*]}"
        build_args=(--target "${build_args[@]}")
    fi
    if ! cmake --build "$dir" -j"$jobs" "${build_args[@]}" >"$dir/build.log" 2>&1; then
        grep -E -B2 -A6 'error|Error' "$dir/build.log" | tail -n 60 >&2 || tail -n 40 "$dir/build.log" >&2
        say "build failed (log: $dir/build.log)"
        return 1
    fi
}

# with_sanitizer_env COMMAND...: the command with every sanitizer set to stop at its first report
# with exit code 86 (ASan, LSan, UBSan and TSan alike: TSan's runtime also reads UBSAN_OPTIONS, whose
# exitcode wins), so that no report can pass for a test's expected failure, and with the
# suppressions of tests/sanitizers/ when present. A sanitizer build runs several times slower, so
# Qt Test's limit per test function is 15 minutes instead of 5 (CTest's per-test timeouts still hold).
with_sanitizer_env() {
    local supp=$repo/tests/sanitizers
    # intercept_tls_get_addr=0: GCC 12's runtime (Debian 12) takes a dynamic TLS block that lands at
    # a certain offset in its page for a pre-2.25 glibc header and reads garbage as an address, and
    # LeakSanitizer's tracer then dies at exit ("Tracer caught signal 11") after every test passed.
    local asan=(halt_on_error=1 exitcode=86 detect_leaks=1 strict_string_checks=1 print_summary=1
                check_initialization_order=1 detect_stack_use_after_return=1 intercept_tls_get_addr=0)
    local ubsan=(halt_on_error=1 exitcode=86 print_stacktrace=1 print_summary=1)
    local lsan=(exitcode=86)
    local tsan=(halt_on_error=1 exitcode=86 second_deadlock_stack=1 print_summary=1
                ignore_noninstrumented_modules=1)
    # LLVM OpenMP's Archer tool: OpenMP's synchronisation as ThreadSanitizer sees it.
    local archer
    archer=$(ls /usr/lib/llvm-*/lib/libarcher.so 2>/dev/null | sort -V | tail -n 1 || true)
    [ -f "$supp/lsan.supp" ] && lsan+=("suppressions=$supp/lsan.supp")
    [ -f "$supp/ubsan.supp" ] && ubsan+=("suppressions=$supp/ubsan.supp")
    [ -f "$supp/tsan.supp" ] && tsan+=("suppressions=$supp/tsan.supp")
    ASAN_OPTIONS=$(IFS=:; echo "${asan[*]}") UBSAN_OPTIONS=$(IFS=:; echo "${ubsan[*]}") \
    LSAN_OPTIONS=$(IFS=:; echo "${lsan[*]}") TSAN_OPTIONS=$(IFS=:; echo "${tsan[*]}") \
    OMP_TOOL_LIBRARIES=${archer:-} \
    QTEST_FUNCTION_TIMEOUT=${QTEST_FUNCTION_TIMEOUT:-900000} "$@"
}

# budget_warning WALL CPU: CI runs this script on 2 cores and stops a run at 90 minutes; past 60 the
# next few changes would take it over. On more cores the wall time says little, so the CPU time
# spread over 2 cores stands in for it (the stages are parallel builds and test runs).
budget_warning() {
    local wall=$1 cpu=$2 cores on_two
    cores=$(nproc)
    on_two=$wall
    [ "$cores" -le 2 ] || on_two=$((cpu / 2))
    if [ "$on_two" -gt 3600 ]; then
        say "warning: this run would take $(clock "$on_two") on 2 cores, over the 60 minutes CI can" \
            "afford (it stops at 90): make a stage cheaper before adding to it"
    fi
}

finish() {
    local i failed=0
    say "stage durations, wall and CPU (cores: $(nproc), load now $(loadavg)):"
    for i in "${!stage_names[@]}"; do
        printf 'test:   %-40s %8s %9s  %s\n' "${stage_names[$i]}" "$(clock "${stage_times[$i]}")" \
            "$(clock "${stage_cpus[$i]}")" "${stage_results[$i]}"
        [ "${stage_results[$i]}" = ok ] || failed=1
    done
    local total=$((SECONDS - all_started)) cpu
    cpu=$(child_cpu)
    printf 'test:   %-40s %8s %9s\n' "total" "$(clock "$total")" "$(clock "$cpu")"
    budget_warning "$total" "$cpu"
    if [ "$failed" -ne 0 ]; then
        say "FAILED"
        exit 1
    fi
    say "all passed"
}
