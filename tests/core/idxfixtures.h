#pragma once
// Builders of IDX files (valid and damaged) for the core tests.

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>
#include <zlib.h>

namespace bplab::test {

inline void appendBigEndian(std::vector<std::uint8_t> &out, std::uint32_t v)
{
    for (int s = 24; s >= 0; s -= 8)
        out.push_back(std::uint8_t(v >> s));
}

/** An image file's bytes: header then `pixels` (which need not match the header). */
inline std::vector<std::uint8_t> imageFile(std::uint32_t count, std::uint32_t rows, std::uint32_t cols,
                                           const std::vector<std::uint8_t> &pixels, std::uint32_t magic = 0x803)
{
    std::vector<std::uint8_t> out;
    appendBigEndian(out, magic);
    appendBigEndian(out, count);
    appendBigEndian(out, rows);
    appendBigEndian(out, cols);
    out.insert(out.end(), pixels.begin(), pixels.end());
    return out;
}

/** count images of rows x cols whose pixel i of image n is (n * 7 + i) & 255. */
inline std::vector<std::uint8_t> patternPixels(std::uint32_t count, std::uint32_t rows, std::uint32_t cols)
{
    std::vector<std::uint8_t> p(std::size_t(count) * rows * cols);
    for (std::size_t n = 0, k = 0; n < count; ++n)
        for (std::size_t i = 0; i < std::size_t(rows) * cols; ++i, ++k)
            p[k] = std::uint8_t((n * 7 + i) & 255);
    return p;
}

inline std::vector<std::uint8_t> labelFile(const std::vector<std::uint8_t> &labels, std::uint32_t count,
                                           std::uint32_t magic = 0x801)
{
    std::vector<std::uint8_t> out;
    appendBigEndian(out, magic);
    appendBigEndian(out, count);
    out.insert(out.end(), labels.begin(), labels.end());
    return out;
}

inline std::vector<std::uint8_t> gzipBytes(const std::vector<std::uint8_t> &raw)
{
    z_stream zs{};
    deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY); // 15 + 16: gzip wrapper
    std::vector<std::uint8_t> out(deflateBound(&zs, uLong(raw.size())) + 64);
    zs.next_in = const_cast<Bytef *>(raw.data());
    zs.avail_in = uInt(raw.size());
    zs.next_out = out.data();
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

inline void writeBytes(const std::string &path, const std::vector<std::uint8_t> &bytes)
{
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
}

inline std::vector<std::uint8_t> readBytes(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

/** A labelled 28x28 set: image n has label n % 10 and pattern pixels. */
inline void writeMnistPair(const std::string &imagesPath, const std::string &labelsPath, std::uint32_t count,
                           bool gz)
{
    std::vector<std::uint8_t> labels(count);
    for (std::uint32_t i = 0; i < count; ++i)
        labels[i] = std::uint8_t(i % 10);
    auto im = imageFile(count, 28, 28, patternPixels(count, 28, 28));
    auto lb = labelFile(labels, count);
    writeBytes(imagesPath, gz ? gzipBytes(im) : im);
    writeBytes(labelsPath, gz ? gzipBytes(lb) : lb);
}

} // namespace bplab::test
