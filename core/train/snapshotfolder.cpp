// Snapshot folders: the newest K numbered files.

#include "train/snapshotfolder.h"

#include "io/fileio.h"
#include "data/idx.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>
#include <zlib.h>

namespace bplab {

namespace fs = std::filesystem;

namespace {

constexpr const char *kPrefix = "snapshot-";
constexpr int kNumberDigits = 6;

/** The number of "snapshot-000012.bplabsnap", or -1 for any other name. */
long long snapshotNumber(const std::string &name)
{
    const std::string suffix = kSnapshotSuffix;
    const std::size_t prefix = std::char_traits<char>::length(kPrefix);
    if (name.size() <= prefix + suffix.size() || name.compare(0, prefix, kPrefix) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        return -1;
    const std::string digits = name.substr(prefix, name.size() - prefix - suffix.size());
    if (digits.empty() || digits.size() > 15 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return -1;
    return std::stoll(digits);
}

std::string snapshotName(std::uint64_t number)
{
    char digits[32];
    std::snprintf(digits, sizeof digits, "%0*llu", kNumberDigits, static_cast<unsigned long long>(number));
    return std::string(kPrefix) + digits + kSnapshotSuffix;
}

} // namespace

std::vector<SnapshotFile> listSnapshots(const std::string &folder)
{
    std::vector<SnapshotFile> files;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const long long number = snapshotNumber(it->path().filename().string());
        if (number >= 0 && it->is_regular_file(ec))
            files.push_back({it->path().string(), std::uint64_t(number)});
    }
    std::sort(files.begin(), files.end(), [](const SnapshotFile &a, const SnapshotFile &b) { return a.number > b.number; });
    return files;
}

Result<std::string> saveSnapshotToFolder(const std::string &folder, const TrainingSnapshot &snapshot, int keep)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        return Error{folder + ": cannot create the snapshot folder: " + ec.message()};
    const std::vector<SnapshotFile> before = listSnapshots(folder);
    const std::uint64_t number = before.empty() ? 1 : before.front().number + 1;
    const std::string path = (fs::path(folder) / snapshotName(number)).string();
    if (Status st = saveSnapshot(path, snapshot); !st)
        return Error{st.error()};

    // Only now, with the new file on disk: the oldest beyond `keep`, and temporary files that a
    // killed writer left behind (one writer per folder: no write of another is in progress).
    bool removed = false;
    const std::size_t kept = std::size_t(std::max(keep, 1)) - 1; // the new file is one of them
    for (std::size_t i = kept; i < before.size(); ++i)
        removed |= fs::remove(before[i].path, ec);
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (isTemporaryFileName(name) && name.find(kPrefix) == 1)
            removed |= fs::remove(it->path(), ec);
    }
    if (removed)
        syncFolder(folder); // best effort: a removal that is lost leaves one file more
    return path;
}

Result<LoadedSnapshot> loadSnapshotFrom(const std::string &fileOrFolder)
{
    std::error_code ec;
    if (!fs::is_directory(fileOrFolder, ec)) {
        auto one = loadSnapshot(fileOrFolder);
        if (!one)
            return Error{one.error()};
        return LoadedSnapshot{std::move(*one), fileOrFolder, {}};
    }
    const std::vector<SnapshotFile> files = listSnapshots(fileOrFolder);
    if (files.empty())
        return Error{fileOrFolder + ": no snapshot in this folder (files named snapshot-NNNNNN" +
                     std::string(kSnapshotSuffix) + ")"};
    LoadedSnapshot loaded;
    for (const SnapshotFile &f : files) {
        auto s = loadSnapshot(f.path);
        if (s) {
            loaded.snapshot = std::move(*s);
            loaded.path = f.path;
            return loaded;
        }
        loaded.skipped.push_back(s.error());
    }
    std::string all;
    for (const std::string &m : loaded.skipped)
        all += "; " + m;
    return Error{fileOrFolder + ": no valid snapshot in this folder" + all};
}

} // namespace bplab
