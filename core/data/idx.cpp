#include "data/idx.h"

#include "io/fileio.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <sys/stat.h>
#include <zlib.h>

namespace bplab {

std::string withThousands(std::uint64_t n)
{
    std::string digits = std::to_string(n);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out.push_back(',');
        out.push_back(digits[i]);
    }
    return out;
}

namespace {

constexpr std::uint32_t kImageMagic = 0x00000803;
constexpr std::uint32_t kLabelMagic = 0x00000801;
constexpr std::uint32_t kMaxSide = 65536; // larger "images" are a damaged header, not a picture
constexpr unsigned kMaxChunk = 1u << 26;   // gzread takes an unsigned count; read in 64 MiB pieces

/**
 * An open IDX file: raw (its size known from the file system) or gzip (its size known only as it
 * inflates). zlib's gzread reads a file that is not gzip-compressed unchanged, so one path serves
 * both; the content decides, not the name.
 */
class IdxSource {
public:
    explicit IdxSource(std::string path) : m_path(std::move(path)), m_name(fileNameOf(m_path)) {}
    ~IdxSource()
    {
        if (m_gz)
            gzclose(m_gz);
    }
    IdxSource(const IdxSource &) = delete;
    IdxSource &operator=(const IdxSource &) = delete;

    Status open()
    {
        struct stat st {};
        if (::stat(m_path.c_str(), &st) != 0)
            return Error{m_path + ": cannot open: " + systemError(errno)};
        if (S_ISDIR(st.st_mode))
            return Error{m_path + ": is a folder, not an IDX file"};
        m_fileSize = std::uint64_t(st.st_size);
        if (m_fileSize == 0)
            return Error{m_name + ": the file is empty (0 bytes)"};
        m_gz = gzopen(m_path.c_str(), "rb");
        if (!m_gz)
            return Error{m_path + ": cannot open: " + systemError(errno)};
        gzbuffer(m_gz, 1u << 17);
        return Status::success();
    }

    bool compressed() { return gzdirect(m_gz) == 0; }
    std::uint64_t fileSize() const { return m_fileSize; }
    const std::string &name() const { return m_name; }

    /** Reads up to n bytes; fewer at the end of the data. Sets error() on damaged gzip data. */
    std::size_t read(void *dst, std::size_t n)
    {
        std::size_t done = 0;
        auto *p = static_cast<unsigned char *>(dst);
        while (done < n) {
            const unsigned want = unsigned(std::min<std::size_t>(n - done, kMaxChunk));
            const int got = gzread(m_gz, p + done, want);
            if (got > 0)
                done += std::size_t(got);
            if (got < 0 || unsigned(got) < want) {
                int code = Z_OK;
                const char *msg = gzerror(m_gz, &code);
                if (got < 0 || (code != Z_OK && code != Z_STREAM_END)) {
                    m_errorCode = code;
                    m_error = msg ? msg : "unknown zlib error";
                    // zlib prefixes its message with the path; the caller names the file itself.
                    if (m_error.rfind(m_path + ": ", 0) == 0)
                        m_error.erase(0, m_path.size() + 2);
                }
                break;
            }
        }
        m_consumed += done;
        return done;
    }
    const std::string &error() const { return m_error; }
    /** True when the gzip stream stopped early (a cut-short download), not on garbled data. */
    bool truncated() const { return m_errorCode == Z_BUF_ERROR; }
    std::uint64_t consumed() const { return m_consumed; }

private:
    std::string m_path;
    std::string m_name;
    gzFile m_gz = nullptr;
    std::uint64_t m_fileSize = 0;
    std::uint64_t m_consumed = 0;
    std::string m_error;
    int m_errorCode = Z_OK;
};

std::string damagedGzip(IdxSource &src)
{
    const std::string where =
        src.consumed() > 0 ? " after " + withThousands(src.consumed()) + " inflated bytes" : std::string();
    return src.name() + ": the gzip data is damaged" + where + " (zlib: " + src.error() + "); fetch the file again";
}

/** Reads the header (headerSize bytes) and checks the magic. */
Status readHeader(IdxSource &src, unsigned char *header, std::size_t headerSize, std::uint32_t magic,
                  const char *kind)
{
    const std::size_t got = src.read(header, headerSize);
    if (!src.error().empty())
        return Error{damagedGzip(src)};
    if (got == 0)
        return Error{src.name() + ": holds no data once inflated; expected an IDX " + kind + " file"};
    if (got >= 4) {
        const std::uint32_t found = readBigEndian32(header);
        if (found != magic) {
            std::string what = "wrong magic number " + hex32(found) + ": expected " + hex32(magic) + " (IDX " +
                               kind + ")";
            if (found == kImageMagic)
                what += "; this is an IDX image file";
            else if (found == kLabelMagic)
                what += "; this is an IDX label file";
            return Error{src.name() + ": " + what};
        }
    }
    if (got < headerSize)
        return Error{src.name() + ": too short for an IDX " + kind + " header: " + withThousands(got) +
                     " bytes, need " + std::to_string(headerSize)};
    return Status::success();
}

/**
 * Reads exactly `payload` bytes after the header into out. For a raw file the size is checked
 * before anything is allocated; for gzip the buffer grows only as inflated data arrives, and one
 * byte past the promise is read to find trailing data. `promise` describes the header's claim.
 */
Status readPayload(IdxSource &src, std::uint64_t headerSize, std::uint64_t payload, const std::string &promise,
                   std::vector<std::uint8_t> &out)
{
    const std::uint64_t total = headerSize + payload;
    const std::string claim = src.name() + ": header promises " + promise + " (" + withThousands(total) + " bytes)";
    if (!src.compressed()) {
        if (src.fileSize() < total)
            return Error{claim + " but the file holds " + withThousands(src.fileSize()) + " bytes"};
        if (src.fileSize() > total)
            return Error{claim + " but the file holds " + withThousands(src.fileSize()) + " bytes, " +
                         withThousands(src.fileSize() - total) + " more than that"};
        out.resize(std::size_t(payload));
        const std::size_t got = src.read(out.data(), out.size());
        if (got != payload)
            return Error{src.name() + ": read only " + withThousands(headerSize + got) + " of " +
                         withThousands(total) + " bytes"};
        return Status::success();
    }
    constexpr std::uint64_t kFirstChunk = 1u << 20;
    std::uint64_t have = 0;
    out.clear();
    while (have < payload) {
        const std::uint64_t next = std::min<std::uint64_t>(payload, std::max<std::uint64_t>(kFirstChunk, have * 2));
        out.resize(std::size_t(next));
        const std::size_t got = src.read(out.data() + have, std::size_t(next - have));
        have += got;
        if (!src.error().empty()) {
            if (src.truncated())
                return Error{claim + " but the compressed file ends after " + withThousands(headerSize + have) +
                             " inflated bytes (it is cut short; fetch it again)"};
            return Error{damagedGzip(src)};
        }
        if (have < next) {
            out.clear();
            out.shrink_to_fit();
            return Error{claim + " but the file holds " + withThousands(headerSize + have) + " bytes once inflated"};
        }
    }
    unsigned char extra[1];
    const std::size_t more = src.read(extra, 1);
    if (!src.error().empty())
        return Error{damagedGzip(src)};
    if (more > 0)
        return Error{claim + " but the file holds more once inflated (trailing data after byte " +
                     withThousands(total) + ")"};
    return Status::success();
}

} // namespace

Result<IdxImages> readIdxImages(const std::string &path)
{
    IdxSource src(path);
    if (Status s = src.open(); !s)
        return Error{s.error()};
    unsigned char header[16];
    if (Status s = readHeader(src, header, sizeof header, kImageMagic, "image"); !s)
        return Error{s.error()};
    const std::uint32_t count = readBigEndian32(header + 4);
    const std::uint32_t rows = readBigEndian32(header + 8);
    const std::uint32_t cols = readBigEndian32(header + 12);
    const std::string shape = withThousands(rows) + "x" + withThousands(cols);
    if (rows == 0 || cols == 0)
        return Error{src.name() + ": header says the images are " + shape + " pixels: an image needs at least 1x1"};
    if (rows > kMaxSide || cols > kMaxSide)
        return Error{src.name() + ": header says the images are " + shape + " pixels, more than " +
                     withThousands(kMaxSide) + " per side: the header is damaged"};
    // At most 2^32 * 2^16 * 2^16 = 2^64 - fits only if checked: count * rows * cols in 128 bits.
    const unsigned __int128 bytes = static_cast<unsigned __int128>(count) * rows * cols;
    if (bytes > (static_cast<unsigned __int128>(1) << 62))
        return Error{src.name() + ": header promises " + withThousands(count) + " images of " + shape +
                     ": more bytes than any file can hold"};
    IdxImages images;
    images.count = count;
    images.rows = int(rows);
    images.cols = int(cols);
    const std::string promise = withThousands(count) + " images of " + shape;
    if (Status s = readPayload(src, 16, std::uint64_t(bytes), promise, images.pixels); !s)
        return Error{s.error()};
    return images;
}

Result<IdxLabels> readIdxLabels(const std::string &path)
{
    IdxSource src(path);
    if (Status s = src.open(); !s)
        return Error{s.error()};
    unsigned char header[8];
    if (Status s = readHeader(src, header, sizeof header, kLabelMagic, "label"); !s)
        return Error{s.error()};
    const std::uint32_t count = readBigEndian32(header + 4);
    IdxLabels labels;
    if (Status s = readPayload(src, 8, count, withThousands(count) + " labels", labels.labels); !s)
        return Error{s.error()};
    const auto bad = std::find_if(labels.labels.begin(), labels.labels.end(), [](std::uint8_t v) { return v > 9; });
    if (bad != labels.labels.end()) {
        const auto badCount = std::count_if(bad, labels.labels.end(), [](std::uint8_t v) { return v > 9; });
        return Error{src.name() + ": label " + std::to_string(*bad) + " at index " +
                     withThousands(std::uint64_t(bad - labels.labels.begin())) + " is not a digit 0-9 (" +
                     withThousands(std::uint64_t(badCount)) + " of " + withThousands(count) + " labels are out of range)"};
    }
    return labels;
}

Status writeIdxImages(const std::string &path, const IdxImages &images)
{
    const std::uint64_t expected = std::uint64_t(images.count) * std::uint64_t(std::max(images.rows, 0)) *
                                   std::uint64_t(std::max(images.cols, 0));
    if (images.rows <= 0 || images.cols <= 0 || images.pixels.size() != expected || images.count > UINT32_MAX)
        return Error{path + ": cannot write " + withThousands(images.count) + " images of " +
                     std::to_string(images.rows) + "x" + std::to_string(images.cols) + " from " +
                     withThousands(images.pixels.size()) + " pixel bytes"};
    unsigned char header[16];
    writeBigEndian32(header, kImageMagic);
    writeBigEndian32(header + 4, std::uint32_t(images.count));
    writeBigEndian32(header + 8, std::uint32_t(images.rows));
    writeBigEndian32(header + 12, std::uint32_t(images.cols));
    return atomicWriteFile(path, {{header, sizeof header}, {images.pixels.data(), images.pixels.size()}});
}

Status writeIdxLabels(const std::string &path, const IdxLabels &labels)
{
    if (labels.labels.size() > UINT32_MAX)
        return Error{path + ": too many labels for an IDX file: " + withThousands(labels.labels.size())};
    unsigned char header[8];
    writeBigEndian32(header, kLabelMagic);
    writeBigEndian32(header + 4, std::uint32_t(labels.labels.size()));
    return atomicWriteFile(path, {{header, sizeof header}, {labels.labels.data(), labels.labels.size()}});
}

} // namespace bplab
