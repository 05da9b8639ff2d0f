#include "pictureimport.h"

#include "io/fileio.h"
#include "data/idx.h"
#include "preprocess.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <set>

namespace bplab {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

/** The folder name "0".."9" as its digit, else -1. */
int folderLabel(const std::string &name)
{
    return name.size() == 1 && isDigit(name[0]) ? name[0] - '0' : -1;
}

/** Walks folders, remembering the chain of folders being read (to see a link loop). */
class Walker
{
public:
    explicit Walker(PictureScan &scan)
        : m_scan(scan)
    { }

    void root(const std::string &given)
    {
        std::error_code ec;
        const fs::path path(given);
        const fs::file_status status = fs::status(path, ec);
        if (ec == std::errc::too_many_symbolic_link_levels) {
            loop(given);
            return;
        }
        if (ec || !fs::exists(status)) {
            skip(given, SkipReason::Unreachable, given + ": no such file or folder");
            return;
        }
        const std::size_t before = m_scan.files.size();
        if (fs::is_directory(status)) {
            m_root = given;
            folder(path);
            if (m_scan.files.size() == before)
                skip(given, SkipReason::EmptyFolder,
                     given + ": no pictures in this folder (.png, .jpg, .bmp, .pgm)");
        } else {
            m_root = path.parent_path().string();
            file(path);
        }
    }

private:
    void folder(const fs::path &dir)
    {
        std::error_code ec;
        const fs::path canonical = fs::canonical(dir, ec);
        if (ec) {
            skip(dir.string(), SkipReason::Unreachable,
                 dir.string() + ": cannot be read (" + ec.message() + ")");
            return;
        }
        if (std::find(m_chain.begin(), m_chain.end(), canonical) != m_chain.end()) {
            skip(dir.string(), SkipReason::SymlinkLoop,
                 dir.string() + ": a link that leads back to " + canonical.string()
                         + " (a loop): not followed");
            return;
        }
        std::vector<fs::path> entries;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            entries.push_back(it->path());
        if (ec) {
            skip(dir.string(), SkipReason::Unreachable,
                 dir.string() + ": cannot be listed (" + ec.message() + ")");
            return;
        }
        std::sort(entries.begin(), entries.end());
        m_chain.push_back(canonical);
        for (const fs::path &entry : entries) {
            if (entry.filename().string().starts_with('.'))
                continue;
            const fs::file_status status = fs::status(entry, ec);
            if (ec == std::errc::too_many_symbolic_link_levels) {
                loop(entry.string());
                continue;
            }
            if (ec || !fs::exists(status)) {
                skip(entry.string(), SkipReason::Unreachable,
                     entry.string() + ": a link to nothing ("
                             + (ec ? ec.message() : std::string("no target")) + ")");
                continue;
            }
            if (fs::is_directory(status))
                folder(entry);
            else
                file(entry);
        }
        m_chain.pop_back();
    }

    void file(const fs::path &path)
    {
        const std::string name = path.string();
        if (!isPictureName(path.filename().string())) {
            skip(name, SkipReason::NotPictureName,
                 name + ": not a picture's name (.png, .jpg, .jpeg, .bmp, .pgm)");
            return;
        }
        std::error_code ec;
        const fs::path canonical = fs::canonical(path, ec);
        if (!ec && !m_seen.insert(canonical.string()).second)
            return; // the same file through another link or root: taken once
        const LabelOfPath label = labelOfPath(name, m_root);
        if (label.label < 0) {
            skip(name, label.failure, label.detail);
            return;
        }
        m_scan.files.push_back({name, label.label});
    }

    /** A link whose chain of links never ends (ELOOP: one pointing at itself, two at each other). */
    void loop(const std::string &path)
    {
        skip(path, SkipReason::SymlinkLoop,
             path + ": a link that leads back to itself through links only (a loop): not followed");
    }

    void skip(const std::string &path, SkipReason reason, std::string detail)
    {
        m_scan.skipped.push_back({path, reason, std::move(detail)});
    }

    PictureScan &m_scan;
    std::string m_root;
    std::vector<fs::path> m_chain;
    std::set<std::string> m_seen;
};

} // namespace

bool isPictureName(const std::string &name)
{
    const std::string ext = lower(fs::path(name).extension().string());
    return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".bmp" || ext == ".pgm";
}

LabelOfPath labelOfPath(const std::string &path, const std::string &root)
{
    const fs::path file(path);
    // The nearest folder named 0-9, from the file's own folder up to the root given.
    int fromFolder = -1;
    fs::path rootPath = fs::path(root).lexically_normal();
    if (!rootPath.has_filename())
        rootPath = rootPath.parent_path(); // "digits/" -> "digits"
    for (fs::path dir = file.parent_path().lexically_normal(); !dir.empty();
         dir = dir.parent_path()) {
        if ((fromFolder = folderLabel(dir.filename().string())) >= 0 || dir == rootPath
            || dir == dir.parent_path())
            break;
    }
    const std::string stem = file.stem().string();
    const int fromName
            = !stem.empty() && isDigit(stem[0]) && (stem.size() == 1 || !isDigit(stem[1]))
                      ? stem[0] - '0'
                      : -1;
    LabelOfPath out;
    if (fromFolder >= 0 && fromName >= 0 && fromFolder != fromName) {
        out.failure = SkipReason::TwoLabels;
        out.detail = path + ": two labels, " + std::to_string(fromFolder) + " from its folder and "
                     + std::to_string(fromName) + " from its name";
        return out;
    }
    out.label = fromFolder >= 0 ? fromFolder : fromName;
    if (out.label < 0)
        out.detail
                = path
                  + ": no label (put it in a folder named 0-9, or start its name with the digit, "
                    "as 7_anna.png)";
    return out;
}

PictureScan scanPictureFolders(const std::vector<std::string> &roots)
{
    PictureScan scan;
    Walker walker(scan);
    for (const std::string &root : roots)
        walker.root(root);
    return scan;
}

Result<ImportedPictures> importPictures(const PictureScan &scan, const PictureReader &reader,
                                        const ImportProgress &progress)
{
    ImportedPictures out;
    out.skipped = scan.skipped;
    out.data.pixels.reserve(scan.files.size() * std::size_t(kInputs));
    out.data.labels.reserve(scan.files.size());
    std::size_t done = 0;
    for (const PictureFile &file : scan.files) {
        const auto skip = [&](SkipReason reason, const std::string &detail) {
            out.skipped.push_back({file.path, reason, detail});
        };
        const Result<PictureReader::Size> size = reader.size(file.path);
        if (!size) {
            skip(SkipReason::NotAPicture, size.error());
        } else if (std::uint64_t(size->width) * std::uint64_t(size->height) > kMaxPicturePixels) {
            skip(SkipReason::TooLarge,
                 file.path + ": " + std::to_string(size->width) + "x" + std::to_string(size->height)
                         + " pixels, more than the " + withThousands(kMaxPicturePixels)
                         + " a picture may have (not decoded)");
        } else if (const Result<GreyImage> grey = reader.decode(file.path); !grey) {
            skip(SkipReason::NotAPicture, grey.error());
        } else if (const PreprocessResult result = preprocessPicture(*grey); result.empty) {
            skip(SkipReason::NoInk, file.path + ": no ink found (a blank or uniform "
                                            + std::to_string(grey->width) + "x"
                                            + std::to_string(grey->height) + " picture)");
        } else {
            out.data.pixels.insert(out.data.pixels.end(), result.input.begin(), result.input.end());
            out.data.labels.push_back(std::uint8_t(file.label));
            out.files.push_back(file.path);
        }
        ++done;
        if (progress && !progress(done, scan.files.size()))
            return Error {"import cancelled after " + withThousands(done) + " of "
                          + withThousands(scan.files.size()) + " pictures; nothing written"};
    }
    return out;
}

std::string summarizeSkips(const std::vector<ImportSkip> &skipped)
{
    if (skipped.empty())
        return {};
    constexpr std::array<const char *, 9> kNames
            = {"not a picture",   "too large",       "without ink",
               "without a label", "with two labels", "a link loop",
               "unreachable",     "an empty folder", "not a picture's name"};
    std::array<std::size_t, kNames.size()> counts {};
    for (const ImportSkip &s : skipped)
        ++counts[std::size_t(s.reason)];
    std::string text = withThousands(skipped.size()) + " skipped:";
    bool first = true;
    for (std::size_t k = 0; k < counts.size(); ++k) {
        if (!counts[k])
            continue;
        text += std::string(first ? " " : ", ") + withThousands(counts[k]) + " " + kNames[k];
        first = false;
    }
    return text;
}

std::string importedFilesName(ImportTarget target)
{
    return target == ImportTarget::Test ? "t10k-images-idx3-ubyte.files" : "train-images-idx3-ubyte.files";
}

std::vector<std::string> readImportedFiles(const std::string &folder, ImportTarget target, std::size_t count)
{
    // A path a line: at most 4 KB each, so the list's size is bounded by the set's.
    const auto bytes = readWholeFile((fs::path(folder) / importedFilesName(target)).string(),
                                     std::uint64_t(count + 1) * 4096);
    if (!bytes || count == 0)
        return {};
    std::vector<std::string> files;
    files.reserve(count);
    std::string line;
    for (std::uint8_t b : *bytes) {
        if (b != '\n') {
            line.push_back(char(b));
            continue;
        }
        files.push_back(std::move(line));
        line.clear();
        if (files.size() > count)
            return {};
    }
    if (!line.empty())
        files.push_back(std::move(line));
    if (files.size() != count)
        return {};
    return files;
}

Status writeImportedSet(const std::string &folder, const Dataset &data, ImportTarget target,
                        const std::vector<std::string> &files)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec || !fs::is_directory(folder, ec))
        return Error {folder + ": cannot create the folder ("
                      + (ec ? ec.message() : std::string("not a folder")) + ")"};
    const std::string prefix = target == ImportTarget::Test ? "t10k" : "train";
    IdxImages images;
    images.count = data.size();
    images.rows = data.rows;
    images.cols = data.cols;
    images.pixels = data.pixels;
    IdxLabels labels;
    labels.labels = data.labels;
    const fs::path dir(folder);
    if (Status s = writeIdxLabels((dir / (prefix + "-labels-idx1-ubyte")).string(), labels); !s)
        return s;
    if (Status s = writeIdxImages((dir / (prefix + "-images-idx3-ubyte")).string(), images); !s)
        return s;
    const std::string list = (dir / importedFilesName(target)).string();
    bool listed = files.size() == data.size();
    for (const std::string &f : files)
        listed = listed && f.find('\n') == std::string::npos && f.size() < 4096;
    if (!listed) {
        fs::remove(list, ec); // an older import's names would name other pictures
        return {};
    }
    std::string text;
    for (const std::string &f : files)
        text += f + '\n';
    return atomicWriteFile(list, {ByteSpan {text.data(), text.size()}});
}

namespace {

/** A file of the set which names (train: "train...-idx..."; test: "t10k-...-idx..."). */
bool belongsToSet(const std::string &name, ImportTarget which)
{
    const std::string prefix = which == ImportTarget::Test ? "t10k-" : "train";
    return name.starts_with(prefix) && name.find("-idx") != std::string::npos
           && !name.starts_with(".");
}

} // namespace

Status linkDataSet(const std::string &source, const std::string &folder, ImportTarget which)
{
    std::error_code ec;
    const fs::path from = fs::canonical(source, ec);
    if (ec)
        return Error {source + ": cannot be read (" + ec.message() + ")"};
    // (name in folder, the file it links to): links resolved, so that folder may be source itself
    std::vector<std::pair<fs::path, fs::path>> targets;
    for (fs::directory_iterator it(from, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fileError;
        const fs::path file = fs::canonical(it->path(), fileError);
        if (belongsToSet(it->path().filename().string(), which) && !fileError
            && fs::is_regular_file(file))
            targets.emplace_back(it->path().filename(), file);
    }
    if (ec)
        return Error {source + ": cannot be listed (" + ec.message() + ")"};
    if (targets.empty())
        return Error {source + ": holds no " + (which == ImportTarget::Test ? "test" : "training")
                      + " set"};
    fs::create_directories(folder, ec);
    if (ec)
        return Error {folder + ": cannot create the folder (" + ec.message() + ")"};
    std::vector<fs::path> replaced;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (belongsToSet(it->path().filename().string(), which))
            replaced.push_back(it->path());
    for (const fs::path &old : replaced)
        if (!fs::remove(old, ec) || ec)
            return Error {old.string() + ": cannot be replaced (" + ec.message() + ")"};
    for (const auto &[name, target] : targets) {
        fs::create_symlink(target, fs::path(folder) / name, ec);
        if (ec)
            return Error {folder + ": cannot link " + target.string() + " (" + ec.message() + ")"};
    }
    return syncFolder(folder);
}

} // namespace bplab
