#include "dataoptions.h"

#include "io/modelfile.h"
#include "train/trainsubset.h"

#include <algorithm>

namespace bplab::cli {

void addDataOptions(Command &command)
{
    command.addOption(
            QStringLiteral("data"),
            QStringLiteral("Data folder with train-images-idx3-ubyte, train-labels-idx1-ubyte, "
                           "t10k-images-idx3-ubyte, t10k-labels-idx1-ubyte (each optionally .gz)."),
            QStringLiteral("DIR"));
    command.addOption(
            QStringLiteral("dataset"),
            QStringLiteral("A known dataset instead of --data: mnist (full MNIST in the "
                           "application data folder), fashion (/usr/share/datasets/fashion-mnist) "
                           "or sample (the offline sample). Without either: $BPLAB_DATA, then "
                           "full MNIST, then the offline sample."),
            QStringLiteral("NAME"));
}

void addNormalizeOption(Command &command, const QString &extra)
{
    command.addOption(QStringLiteral("normalize"),
                      QStringLiteral("Input scaling: none (x/255, the default) or standard "
                                     "((x/255 - 0.1307) / 0.3081, MNIST's mean and deviation).")
                              + (extra.isEmpty() ? QString() : QLatin1Char(' ') + extra),
                      QStringLiteral("MODE"));
}

namespace {

/**
 * Why split cannot serve command, or "": eval reads only the test set and explain only the set
 * --set names; the other commands read both.
 */
QString missingSet(const Command &command, const DataSplit &split)
{
    const QString name = command.name();
    const bool onlyTest = name == QLatin1String("eval")
                          || (name == QLatin1String("explain") && command.value(QStringLiteral("set")) != QLatin1String("train"));
    const bool onlyTrain = name == QLatin1String("explain") && command.value(QStringLiteral("set")) == QLatin1String("train");
    QString what;
    if (split.train.size() == 0 && !onlyTest)
        what = QStringLiteral("no training set (train-images-idx3-ubyte, train-labels-idx1-ubyte)");
    else if (split.test.size() == 0 && !onlyTrain)
        what = QStringLiteral("no test set (t10k-images-idx3-ubyte, t10k-labels-idx1-ubyte)");
    if (what.isEmpty())
        return {};
    return QStringLiteral("%1: holds %2, which %3 needs (import-images --as %4 writes one)")
            .arg(qs(split.folder), what, name == QLatin1String("explain") ? QStringLiteral("explain --set ") + command.value(QStringLiteral("set")) : name,
                 split.train.size() == 0 ? QStringLiteral("train") : QStringLiteral("test"));
}

} // namespace

int loadData(const Command &command, std::shared_ptr<DataSplit> &out)
{
    const bool haveDir = command.isSet(QStringLiteral("data"));
    const bool haveKnown = command.isSet(QStringLiteral("dataset"));
    if (haveDir && haveKnown)
        return command.usageError(
                QStringLiteral("give either --data DIR or --dataset NAME, not both"));

    std::string explicitDir;
    std::optional<KnownDataset> known;
    if (haveDir) {
        explicitDir = command.value(QStringLiteral("data")).toStdString();
        if (explicitDir.empty())
            return command.usageError(QStringLiteral("--data needs a folder"));
    }
    if (haveKnown) {
        known = parseKnownDataset(
                command.value(QStringLiteral("dataset")).trimmed().toLower().toStdString());
        if (!known)
            return command.usageError(
                    QStringLiteral("--dataset must be one of mnist|fashion|sample (got '%1')")
                            .arg(command.value(QStringLiteral("dataset"))));
    }

    Result<std::string> folder = findDataFolder(explicitDir, known);
    if (!folder)
        return command.dataError(qs(folder.error()));
    Result<DataSplit> split = loadDataFolder(*folder);
    if (!split)
        return command.dataError(qs(split.error()));
    if (const QString missing = missingSet(command, *split); !missing.isEmpty())
        return command.dataError(missing);
    out = std::make_shared<DataSplit>(std::move(*split));
    command.note(QStringLiteral("data: %1 from %2 (%3 training, %4 test images)")
                         .arg(qs(out->name), qs(out->folder), thousands(out->train.size()),
                              thousands(out->test.size())));
    return -1;
}

int loadSampleSet(const Command &command, const QString &set, long long index, std::shared_ptr<DataSplit> &out,
                  const Dataset *&source)
{
    if (const int code = loadData(command, out); code >= 0)
        return code;
    source = set == QLatin1String("train") ? &out->train : &out->test;
    if (index >= 0 && std::uint64_t(index) < source->size())
        return -1;
    const QString range = source->size() == 0 ? QStringLiteral("it holds no images")
                                              : QStringLiteral("valid indices are 0 to %1").arg(thousands(source->size() - 1));
    return command.dataError(QStringLiteral("%1: --index %2 is outside the %3 set of %4 images; %5")
                                     .arg(qs(out->folder), thousands(std::uint64_t(index)), set,
                                          thousands(source->size()), range));
}

void addTrainSubsetOption(Command &command)
{
    command.addOption(QStringLiteral("train-subset"),
                      QStringLiteral("Train on N images of the training set only: the first N of a "
                                     "shuffle by --seed that takes the classes in turns, so that each "
                                     "class has N/10 of them while it lasts."),
                      QStringLiteral("N"));
}

int applyTrainSubset(const Command &command, TrainConfig &config, std::size_t trainCount, bool resumed)
{
    const std::size_t asked = config.trainSubset;
    if (command.isSet(QStringLiteral("train-subset"))) {
        long long n = 0;
        if (!command.intValue(QStringLiteral("train-subset"), 1LL, 1LL << 40, n))
            return kExitUsage;
        if (resumed && std::size_t(n) != asked)
            return command.usageError(
                    QStringLiteral("--train-subset %1: the snapshot trains on %2; a resumed run keeps its training set")
                            .arg(n)
                            .arg(asked == 0 ? QStringLiteral("the whole training set")
                                            : QStringLiteral("%1 images").arg(thousands(asked))));
        config.trainSubset = std::size_t(n);
    }
    if (config.trainSubset == 0)
        return -1;
    command.note(QStringLiteral("training set: %1 of the %2 training images, balanced by class (seed %3)")
                         .arg(thousands(subsetSize(config.trainSubset, trainCount)), thousands(trainCount))
                         .arg(config.seed));
    return -1;
}

bool normalizeValue(const Command &command, Normalize &out)
{
    QString mode = out == Normalize::Standard ? QStringLiteral("standard") : QStringLiteral("none");
    if (!command.choiceValue(QStringLiteral("normalize"),
                             {QStringLiteral("none"), QStringLiteral("standard")}, mode))
        return false;
    out = mode == QLatin1String("standard") ? Normalize::Standard : Normalize::None;
    return true;
}

void addArchitectureOptions(Command &command)
{
    command.addOption(QStringLiteral("hidden"),
                      QStringLiteral("Hidden layer widths: 128, 256,128, or 0 for none (1 to 1,024 "
                                     "neurons each, at most two layers)."),
                      QStringLiteral("W[,W2]"), QString::number(kHidden));
    command.addOption(QStringLiteral("activation"),
                      QStringLiteral("The hidden layers' activation: relu, sigmoid, tanh or leakyrelu."),
                      QStringLiteral("NAME"), QStringLiteral("relu"));
}

int architectureValue(const Command &command, Architecture &out)
{
    const Result<Architecture> parsed = parseArchitecture(command.value(QStringLiteral("hidden")).toStdString(),
                                                          command.value(QStringLiteral("activation")).toStdString());
    if (!parsed)
        return command.dataError(qs(parsed.error()));
    out = *parsed;
    return -1;
}

void addLayerOptions(Command &command)
{
    command.addOption(QStringLiteral("layers"),
                      QStringLiteral("The layers before the 10 outputs, in order, comma-separated: \"conv C KxK\" "
                                     "(optionally \"stride 2\" and \"valid\"; padding same otherwise), \"pool 2\", "
                                     "\"flatten\", \"dense N\", \"dropout P\"; e.g. \"conv 8 5x5, pool 2, dense "
                                     "64\". The activation is --activation's. Not with --hidden."),
                      QStringLiteral("LIST"));
    command.addOption(QStringLiteral("weight-decay"),
                      QStringLiteral("L2 weight decay lambda: g += lambda w for every weight and bias before the "
                                     "optimiser's step, as PyTorch's weight_decay (default 0)."),
                      QStringLiteral("L"), QStringLiteral("0"));
}

int layeredArchitectureValue(const Command &command, Architecture &out)
{
    if (!command.isSet(QStringLiteral("layers")))
        return architectureValue(command, out);
    if (command.isSet(QStringLiteral("hidden")))
        return command.usageError(QStringLiteral("--layers and --hidden both name the network: give one (dense "
                                                 "layers go into --layers as \"dense N\")"));
    const Result<Activation> activation = parseActivation(command.value(QStringLiteral("activation")).toStdString());
    if (!activation)
        return command.dataError(qs(activation.error()));
    const Result<std::vector<LayerSpec>> layers = parseLayers(command.value(QStringLiteral("layers")).toStdString());
    if (!layers)
        return command.dataError(qs(layers.error()));
    out = withLayers(*layers, *activation);
    return -1;
}

bool weightDecayValue(const Command &command, double &out)
{
    return command.doubleValue(QStringLiteral("weight-decay"), 0.0, 1.0, out);
}

int loadNetworkFile(const Command &command, const QString &path, NetworkModel &out)
{
    Result<NetworkModel> model = readAnyNetwork(path.toStdString());
    if (!model)
        return command.dataError(qs(model.error()));
    if (!model->params.allFinite())
        return command.dataError(QStringLiteral("%1: the weights hold NaN or infinite values").arg(path));
    out = std::move(*model);
    return -1;
}

bool modelNormalizeValue(const Command &command, const std::optional<ModelInfo> &info, Normalize &out)
{
    out = info ? info->recipe.normalize : Normalize::None;
    if (!command.isSet(QStringLiteral("normalize"))) {
        if (info)
            command.note(QStringLiteral("inputs: %1, as the model file says (%2)")
                                 .arg(describeNormalize(out), qs(describeModelInfo(*info))));
        return true;
    }
    const Normalize fromFile = out;
    if (!normalizeValue(command, out))
        return false;
    if (info && out != fromFile)
        command.note(QStringLiteral("warning: --normalize %1 contradicts the model file, which was "
                                    "trained with inputs %2 (--normalize %3); using %1 as asked")
                             .arg(normalizeName(out), describeNormalize(fromFile),
                                  normalizeName(fromFile)));
    return true;
}

QString normalizeName(Normalize normalize)
{
    return normalize == Normalize::Standard ? QStringLiteral("standard") : QStringLiteral("none");
}

QString describeNormalize(Normalize normalize)
{
    return normalize == Normalize::Standard ? QStringLiteral("(x/255 - 0.1307) / 0.3081")
                                            : QStringLiteral("x/255");
}

Dataset tileDataset(const Dataset &source, std::size_t count)
{
    Dataset tiled;
    tiled.rows = source.rows;
    tiled.cols = source.cols;
    const std::size_t pixelsPerImage = std::size_t(source.rows) * std::size_t(source.cols);
    tiled.pixels.resize(count * pixelsPerImage);
    tiled.labels.resize(count);
    for (std::size_t i = 0; i < count && source.size() > 0; ++i) {
        const std::size_t from = i % source.size();
        std::copy_n(source.image(from), pixelsPerImage, tiled.pixels.data() + i * pixelsPerImage);
        tiled.labels[i] = source.labels[from];
    }
    return tiled;
}

} // namespace bplab::cli
