#pragma once
// File helpers shared by the core's readers and writers (internal to bplab_core).

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace bplab {

/** A piece of a file to write: `size` bytes at `data`. */
struct ByteSpan {
    const void *data;
    std::size_t size;
};

/**
 * Writes the pieces, in order, to a temporary file in the same folder as path, flushes it to disk
 * (fsync) and renames it over path, then flushes the folder (fsync) so that the rename itself
 * survives a power failure: a reader sees the old file or the new one, never half of one, and
 * once this returns success the new file is on disk. The temporary file is named
 * ".<name>.tmp-XXXXXX" (see isTemporaryFileName) and removed on failure.
 */
Status atomicWriteFile(const std::string &path, std::initializer_list<ByteSpan> pieces);

/** True for a name atomicWriteFile uses for its temporary files (left behind only by a kill). */
bool isTemporaryFileName(const std::string &fileName);

/** Flushes a folder's entries (renames, new and removed files) to disk. */
Status syncFolder(const std::string &folder);

/**
 * Reads a whole file of at most maxBytes (larger files are refused before anything is allocated);
 * the message names the file.
 */
Result<std::vector<std::uint8_t>> readWholeFile(const std::string &path, std::uint64_t maxBytes);

/** The last component of a path ("a/b/train-images.gz" -> "train-images.gz"), for messages. */
std::string fileNameOf(const std::string &path);

/** strerror(errno) as a string, for messages. */
std::string systemError(int err);

/** "1A2B3C4D": a 32-bit value as 8 hexadecimal digits (checksums in files and listings). */
std::string hexDigits32(std::uint32_t v);
/** "0x1A2B3C4D", for messages. */
inline std::string hex32(std::uint32_t v) { return "0x" + hexDigits32(v); }

/** The CRC-32 (zlib's, as in ZIP and PNG) of `size` bytes. */
std::uint32_t crc32Of(const std::uint8_t *data, std::size_t size);

/** Little-endian values appended to / read from bytes (the model and snapshot files). */
inline void putLittleEndian(std::vector<std::uint8_t> &out, std::uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(std::uint8_t(v >> (8 * i)));
}
inline std::uint64_t readLittleEndian(const std::uint8_t *p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

/** Big-endian 32-bit value at p. */
inline std::uint32_t readBigEndian32(const unsigned char *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) |
           std::uint32_t(p[3]);
}
inline void writeBigEndian32(unsigned char *p, std::uint32_t v)
{
    p[0] = static_cast<unsigned char>(v >> 24);
    p[1] = static_cast<unsigned char>(v >> 16);
    p[2] = static_cast<unsigned char>(v >> 8);
    p[3] = static_cast<unsigned char>(v);
}

} // namespace bplab
