#include "io/fileio.h"

#include "data/idx.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <filesystem>
#include <unistd.h>
#include <zlib.h>

namespace bplab {

std::string systemError(int err)
{
    return std::strerror(err);
}

std::string hexDigits32(std::uint32_t v)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08X", v);
    return buf;
}

std::uint32_t crc32Of(const std::uint8_t *data, std::size_t size)
{
    return std::uint32_t(crc32(crc32(0L, Z_NULL, 0), data, uInt(size)));
}

std::string fileNameOf(const std::string &path)
{
    const auto name = std::filesystem::path(path).filename().string();
    return name.empty() ? path : name;
}

namespace {

bool writeAll(int fd, const void *data, std::size_t size)
{
    const auto *p = static_cast<const unsigned char *>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        p += n;
        size -= std::size_t(n);
    }
    return true;
}

} // namespace

Result<std::vector<std::uint8_t>> readWholeFile(const std::string &path, std::uint64_t maxBytes)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return Error{path + ": cannot open: " + systemError(errno)};
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return Error{path + ": not a regular file"};
    }
    const std::uint64_t size = std::uint64_t(st.st_size);
    if (size > maxBytes) {
        ::close(fd);
        return Error{fileNameOf(path) + ": " + withThousands(size) + " bytes is more than such a file can hold (at most " +
                     withThousands(maxBytes) + ")"};
    }
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            return Error{path + ": reading failed: " + (n == 0 ? std::string("the file shrank") : systemError(err))};
        }
        done += std::size_t(n);
    }
    ::close(fd);
    return bytes;
}

Status atomicWriteFile(const std::string &path, std::initializer_list<ByteSpan> pieces)
{
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    // The temporary file must be in the same folder: rename() is only atomic within a file system.
    std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0)
        return Error{path + ": cannot create a temporary file in " + dir.string() + ": " + systemError(errno)};
    for (const ByteSpan &piece : pieces) {
        if (piece.size > 0 && !writeAll(fd, piece.data, piece.size)) {
            const int err = errno;
            ::close(fd);
            ::unlink(tmpl.c_str());
            return Error{path + ": writing failed: " + systemError(err)};
        }
    }
    // Readable by others like an ordinary file (mkstemp creates it 0600).
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmpl.c_str());
        return Error{path + ": flushing to disk failed: " + systemError(err)};
    }
    if (std::rename(tmpl.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmpl.c_str());
        return Error{path + ": cannot replace the file: " + systemError(err)};
    }
    // The rename is an entry of the folder: without this it may be lost on a power failure,
    // leaving the old file (or none) although the write reported success.
    return syncFolder(dir.string());
}

bool isTemporaryFileName(const std::string &fileName)
{
    return fileName.size() > 1 && fileName[0] == '.' && fileName.find(".tmp-") != std::string::npos;
}

Status syncFolder(const std::string &folder)
{
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return Error{folder + ": cannot open the folder to flush it to disk: " + systemError(errno)};
    // Some file systems cannot fsync a folder (EINVAL): their renames are durable without it.
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
        const int err = errno;
        ::close(fd);
        return Error{folder + ": flushing the folder to disk failed: " + systemError(err)};
    }
    ::close(fd);
    return Status::success();
}

} // namespace bplab
