#pragma once
// Reading and writing MNIST's IDX files (big-endian header, then the data), raw or gzip-compressed.

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bplab {

/** An IDX image file (magic 0x00000803): count images of rows x cols bytes, 0 = black. */
struct IdxImages {
    std::size_t count = 0;
    int rows = 0;
    int cols = 0;
    std::vector<std::uint8_t> pixels; // count * rows * cols, image after image, row order
};

/** An IDX label file (magic 0x00000801): one byte 0-9 per image. */
struct IdxLabels {
    std::vector<std::uint8_t> labels;
};

/**
 * Reads an image file; a name ending in .gz is inflated with zlib. Every field is checked against
 * the file (magic, dimensions, the count against the real size); the message of an error names
 * the file and the numbers. Never allocates more than the file's data justifies.
 */
Result<IdxImages> readIdxImages(const std::string &path);
/** Reads a label file (raw or .gz); every label must be 0-9. */
Result<IdxLabels> readIdxLabels(const std::string &path);

/** Writes an uncompressed IDX file atomically (temporary file, then rename). */
Status writeIdxImages(const std::string &path, const IdxImages &images);
Status writeIdxLabels(const std::string &path, const IdxLabels &labels);

/** "47,040,016": numbers in messages are grouped by thousands. */
std::string withThousands(std::uint64_t n);

} // namespace bplab
