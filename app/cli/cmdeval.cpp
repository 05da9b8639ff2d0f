// eval: test loss, accuracy and the confusion matrix of a saved model.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "jsonwriter.h"

#include "nn/network.h"
#include "train/networktrainer.h"

#include <cmath>

namespace bplab::cli {

namespace {

const char *kEvalDetails
        = R"(--model takes a model file (as written by train --save) or an .npz (as written by export, or
NumPy/PyTorch); the kind is detected by content. The test set of the data folder is evaluated.

The model may hold any network (784-128-10 ReLU, or what train --hidden/--activation wrote).

--json prints one object: {"model", "network" ("784-128-10 ReLU"), "dataset", "folder", "count", "correct", "test_loss",
"test_accuracy" (percent), "class_names" (10), "confusion" (10 rows: true class 0-9; columns:
predicted class 0-9)}.)";

void printConfusion(const Evaluation &ev, const DataSplit &data)
{
    // Class names are shown where they say more than the digit (Fashion-MNIST).
    bool named = false;
    for (int c = 0; c < kOutputs; ++c)
        named = named || qs(data.classNames[c]) != QString::number(c);
    QString text = QStringLiteral("confusion matrix (rows: true class, columns: predicted class; "
                                  "output neuron = class + 1)\n  true |");
    for (int p = 0; p < kOutputs; ++p)
        text += QStringLiteral("%1").arg(p, 6);
    text += named ? QStringLiteral(" |  recall  name\n") : QStringLiteral(" |  recall\n");
    text += QStringLiteral("-------+") + QString(6 * kOutputs, QLatin1Char('-'))
            + QStringLiteral("-+--------\n");
    for (int t = 0; t < kOutputs; ++t) {
        long long rowSum = 0;
        text += QStringLiteral("%1 |").arg(t, 6);
        for (int p = 0; p < kOutputs; ++p) {
            text += QStringLiteral("%1").arg(ev.confusion[t][p], 6);
            rowSum += ev.confusion[t][p];
        }
        const double recall = rowSum > 0 ? 100.0 * ev.confusion[t][t] / double(rowSum) : 0.0;
        text += QStringLiteral(" | %1%").arg(recall, 6, 'f', 2);
        text += named ? QStringLiteral("  %1\n").arg(qs(data.classNames[t])) : QStringLiteral("\n");
    }
    printOut(text);
}

} // namespace

int runEval(const QStringList &args)
{
    Command cmd(QStringLiteral("eval"),
                QStringLiteral(
                        "Evaluates a model on the test set: loss, accuracy and confusion matrix."),
                QString::fromUtf8(kEvalDetails));
    cmd.addOption(QStringLiteral("model"), QStringLiteral("The model file or .npz to evaluate."),
                  QStringLiteral("FILE"));
    addDataOptions(cmd);
    addNormalizeOption(cmd, QStringLiteral("Default: the scaling the model file records (none for older model files and .npz)."));
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object on stdout."));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    Normalize normalize = Normalize::None;
    if (!cmd.require(QStringLiteral("model")) || !normalizeValue(cmd, normalize))
        return kExitUsage;
    const QString modelPath = cmd.value(QStringLiteral("model"));

    NetworkModel model;
    if (const int code = loadNetworkFile(cmd, modelPath, model); code >= 0)
        return code;
    modelNormalizeValue(cmd, model.info, normalize);
    std::shared_ptr<DataSplit> data;
    if (const int code = loadData(cmd, data); code >= 0)
        return code;
    if (data->test.size() == 0)
        return cmd.dataError(QStringLiteral("%1: the test set is empty").arg(qs(data->folder)));

    // The pass training evaluates with: eval gives the numbers train reported for the same weights.
    const Evaluation ev = evaluateNetwork(model.arch, model.params, data->test, normalize);
    const QString network = qs(describe(model.arch));
    long long correct = 0;
    for (int c = 0; c < kOutputs; ++c)
        correct += ev.confusion[c][c];

    if (cmd.isSet(QStringLiteral("json"))) {
        Json names = Json::array(), rows = Json::array();
        for (int t = 0; t < kOutputs; ++t) {
            names.push_back(data->classNames[t]);
            Json row = Json::array();
            for (int p = 0; p < kOutputs; ++p)
                row.push_back(ev.confusion[t][p]);
            rows.push_back(std::move(row));
        }
        JsonObject()
                .add("model", modelPath)
                .add("network", network)
                .add("dataset", qs(data->name))
                .add("folder", qs(data->folder))
                .add("normalize", normalizeName(normalize))
                .add("count", std::uint64_t(ev.count))
                .add("correct", correct)
                .add("test_loss", ev.loss)
                .add("test_accuracy", ev.accuracy)
                .addJson("class_names", std::move(names))
                .addJson("confusion", std::move(rows))
                .printLine();
        return kExitOk;
    }

    printOut(QStringLiteral("model: %1, %8 (inputs %2)\ntest set: %3, %4 images\n"
                            "test loss %5, test accuracy %6% (%7 of %4 correct)\n\n")
                     .arg(modelPath, describeNormalize(normalize), qs(data->name),
                          thousands(ev.count))
                     .arg(ev.loss, 0, 'f', 4)
                     .arg(ev.accuracy, 0, 'f', 2)
                     .arg(thousands(std::uint64_t(correct)), network));
    printConfusion(ev, *data);
    return kExitOk;
}

} // namespace bplab::cli
