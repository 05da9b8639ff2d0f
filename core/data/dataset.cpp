#include "data/dataset.h"

#include "io/fileio.h"
#include "data/idx.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

namespace bplab {

namespace fs = std::filesystem;

namespace {

constexpr std::array<const char *, kOutputs> kFashionNames = {
    "T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"};

bool isFile(const fs::path &p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

/** base or base.gz in folder (the uncompressed one first: it reads faster); "" when neither. */
std::string findVariant(const fs::path &folder, const std::string &base)
{
    if (isFile(folder / base))
        return (folder / base).string();
    if (isFile(folder / (base + ".gz")))
        return (folder / (base + ".gz")).string();
    return {};
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

/** The tags of train<tag>-images-idx3-ubyte[.gz] files in folder (tag not empty), sorted. */
std::vector<std::string> trainTags(const fs::path &folder)
{
    std::vector<std::string> tags;
    std::error_code ec;
    const std::string prefix = "train", suffix = "-images-idx3-ubyte";
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        std::string name = it->path().filename().string();
        if (name.size() > 3 && name.compare(name.size() - 3, 3, ".gz") == 0)
            name.resize(name.size() - 3);
        if (name.size() > prefix.size() + suffix.size() && name.rfind(prefix, 0) == 0 &&
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
            std::string tag = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
            if (std::find(tags.begin(), tags.end(), tag) == tags.end())
                tags.push_back(tag);
        }
    }
    std::sort(tags.begin(), tags.end());
    return tags;
}

Result<Dataset> loadPair(const std::string &imagesPath, const std::string &labelsPath)
{
    auto images = readIdxImages(imagesPath);
    if (!images)
        return Error{images.error()};
    if (images->rows != kImageSide || images->cols != kImageSide)
        return Error{fileNameOf(imagesPath) + ": images are " + std::to_string(images->rows) + "x" +
                     std::to_string(images->cols) + " pixels; the network takes " + std::to_string(kImageSide) +
                     "x" + std::to_string(kImageSide)};
    auto labels = readIdxLabels(labelsPath);
    if (!labels)
        return Error{labels.error()};
    if (labels->labels.size() != images->count)
        return Error{fileNameOf(imagesPath) + " holds " + withThousands(images->count) + " images but " +
                     fileNameOf(labelsPath) + " holds " + withThousands(labels->labels.size()) +
                     " labels: they must be equal"};
    Dataset data;
    data.rows = images->rows;
    data.cols = images->cols;
    data.pixels = std::move(images->pixels);
    data.labels = std::move(labels->labels);
    return data;
}

bool samePath(const fs::path &a, const fs::path &b)
{
    std::error_code ec;
    return fs::equivalent(a, b, ec);
}

} // namespace

Result<DataSplit> loadDataFolder(const std::string &folder)
{
    const fs::path dir(folder);
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return Error{folder + ": no such folder"};

    std::string trainImages = findVariant(dir, "train-images-idx3-ubyte");
    std::string trainLabels;
    if (!trainImages.empty()) {
        trainLabels = findVariant(dir, "train-labels-idx1-ubyte");
    } else {
        // A subset such as train10k-images goes only with its own train10k-labels: the full
        // train-labels file beside it belongs to a different image file.
        const auto tags = trainTags(dir);
        if (tags.size() > 1) {
            std::string list;
            for (const auto &t : tags)
                list += (list.empty() ? "train" : ", train") + t + "-images-idx3-ubyte";
            return Error{folder + ": no train-images-idx3-ubyte but several candidates (" + list +
                         "); keep one of them"};
        }
        if (tags.size() == 1) {
            trainImages = findVariant(dir, "train" + tags[0] + "-images-idx3-ubyte");
            trainLabels = findVariant(dir, "train" + tags[0] + "-labels-idx1-ubyte");
            if (trainLabels.empty())
                return Error{folder + ": " + fileNameOf(trainImages) + " has no train" + tags[0] +
                             "-labels-idx1-ubyte[.gz] beside it"};
        }
    }
    const std::string testImages = findVariant(dir, "t10k-images-idx3-ubyte");
    const std::string testLabels = findVariant(dir, "t10k-labels-idx1-ubyte");
    // Either set may be absent (a folder of imported pictures holds one of them); a set present
    // in half is an error, and so is a folder holding neither.
    const bool haveTrain = !trainImages.empty() || !trainLabels.empty();
    const bool haveTest = !testImages.empty() || !testLabels.empty();
    std::string missing;
    if (haveTrain || !haveTest) {
        if (trainImages.empty())
            missing += " train-images-idx3-ubyte";
        if (trainLabels.empty())
            missing += " train-labels-idx1-ubyte";
    }
    if (haveTest || !haveTrain) {
        if (testImages.empty())
            missing += " t10k-images-idx3-ubyte";
        if (testLabels.empty())
            missing += " t10k-labels-idx1-ubyte";
    }
    if (!missing.empty())
        return Error{folder + ": missing" + missing + " (each may also end in .gz)"};

    DataSplit split;
    split.folder = folder;
    if (haveTrain) {
        auto train = loadPair(trainImages, trainLabels);
        if (!train)
            return Error{train.error()};
        split.train = std::move(*train);
    }
    if (haveTest) {
        auto test = loadPair(testImages, testLabels);
        if (!test)
            return Error{test.error()};
        split.test = std::move(*test);
    }

    const std::string base = lower(fs::absolute(dir, ec).lexically_normal().string());
    const bool fashion = base.find("fashion") != std::string::npos;
    for (int c = 0; c < kOutputs; ++c)
        split.classNames[std::size_t(c)] = fashion ? kFashionNames[std::size_t(c)] : std::to_string(c);
    if (fashion)
        split.name = "Fashion-MNIST";
    else if (samePath(dir, knownDatasetFolder(KnownDataset::Sample)))
        split.name = "MNIST sample";
    else {
        fs::path norm = fs::absolute(dir, ec).lexically_normal();
        std::string name = norm.filename().string();
        if (name.empty())
            name = norm.parent_path().filename().string();
        if (samePath(dir, knownDatasetFolder(KnownDataset::Mnist)) || lower(name) == "mnist")
            split.name = "MNIST";
        else if (lower(name) == "sample")
            split.name = "MNIST sample";
        else
            split.name = name.empty() ? folder : name;
    }
    return split;
}

std::string appDataFolder()
{
    if (const char *xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        return (fs::path(xdg) / "backprop-lab").string();
    const char *home = std::getenv("HOME");
    return (fs::path(home && *home ? home : ".") / ".local" / "share" / "backprop-lab").string();
}

std::string knownDatasetFolder(KnownDataset which)
{
    switch (which) {
    case KnownDataset::Mnist:
        return (fs::path(appDataFolder()) / "mnist").string();
    case KnownDataset::Sample:
        return (fs::path(appDataFolder()) / "sample").string();
    case KnownDataset::Fashion:
        return "/usr/share/datasets/fashion-mnist";
    }
    return {};
}

std::optional<KnownDataset> parseKnownDataset(const std::string &name)
{
    const std::string n = lower(name);
    if (n == "mnist")
        return KnownDataset::Mnist;
    if (n == "fashion" || n == "fashion-mnist")
        return KnownDataset::Fashion;
    if (n == "sample")
        return KnownDataset::Sample;
    return std::nullopt;
}

bool looksLikeDataFolder(const std::string &folder)
{
    const fs::path dir(folder);
    const bool test = !findVariant(dir, "t10k-images-idx3-ubyte").empty() &&
                      !findVariant(dir, "t10k-labels-idx1-ubyte").empty();
    const bool train = (!findVariant(dir, "train-images-idx3-ubyte").empty() &&
                        !findVariant(dir, "train-labels-idx1-ubyte").empty()) ||
                       (findVariant(dir, "train-images-idx3-ubyte").empty() && trainTags(dir).size() == 1);
    return test || train;
}

Result<std::string> findDataFolder(const std::string &explicitDir, std::optional<KnownDataset> known)
{
    std::error_code ec;
    if (!explicitDir.empty()) {
        if (!fs::is_directory(explicitDir, ec))
            return Error{explicitDir + ": no such folder (given with --data)"};
        return explicitDir;
    }
    if (known) {
        const std::string dir = knownDatasetFolder(*known);
        if (looksLikeDataFolder(dir))
            return dir;
        switch (*known) {
        case KnownDataset::Mnist:
            return Error{"full MNIST is not in " + dir + ": download it into that folder (the four files "
                         "train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte, "
                         "t10k-labels-idx1-ubyte, each optionally .gz)"};
        case KnownDataset::Fashion:
            return Error{"Fashion-MNIST is not in " + dir +
                         ": install it with `sudo apt-get install dataset-fashion-mnist`"};
        case KnownDataset::Sample:
            return Error{"the offline sample is not in " + dir +
                         ": run scripts/setup, or `backprop-lab-cli import-sample`"};
        }
    }
    std::string looked;
    if (const char *env = std::getenv("BPLAB_DATA"); env && *env) {
        if (looksLikeDataFolder(env))
            return std::string(env);
        looked += std::string("\n  $BPLAB_DATA = ") + env + " (no MNIST files there)";
    } else {
        looked += "\n  $BPLAB_DATA (not set)";
    }
    for (KnownDataset k : {KnownDataset::Mnist, KnownDataset::Sample}) {
        const std::string dir = knownDatasetFolder(k);
        if (looksLikeDataFolder(dir))
            return dir;
        looked += "\n  " + dir + " (no MNIST files there)";
    }
    return Error{"no MNIST data found. Looked in:" + looked +
                 "\nRun scripts/setup (it imports the offline sample), or pass --data DIR with a folder holding "
                 "train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte and "
                 "t10k-labels-idx1-ubyte (each optionally .gz)."};
}

std::array<float, kOutputs> oneHot(int label)
{
    std::array<float, kOutputs> y{};
    if (label >= 0 && label < kOutputs)
        y[std::size_t(label)] = 1.0f;
    return y;
}

} // namespace bplab
