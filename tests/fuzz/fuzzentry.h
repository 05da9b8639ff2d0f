#pragma once
// One entry point per reader of untrusted files. The libFuzzer targets (fuzztarget.cpp, built by
// scripts/fuzz with clang) and the regression test (tst_fuzzregressions, any compiler) call the
// same functions, so an input that once broke a reader is replayed on every test run.
// Each entry returns normally for every input; a broken invariant aborts (a finding).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace bplab::fuzz {

using Entry = void (*)(const std::uint8_t *data, std::size_t size);

struct Target {
    std::string_view name; // also the folder of its corpus and regressions: tests/fuzz/{corpus,regressions}/NAME
    Entry run;
};

/** Every target of this build (the snapshot target only when core/train/snapshot.h exists). */
const std::vector<Target> &targets();

/** The target called name, or nullptr. */
const Target *findTarget(std::string_view name);

} // namespace bplab::fuzz
