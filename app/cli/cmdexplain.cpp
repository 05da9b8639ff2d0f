// explain: every value of one sample's forward pass, backward pass and one SGD step on it.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "jsonwriter.h"

#include "network.h"
#include "tracejson.h"

#include <cmath>

namespace bplab::cli {

namespace {

const char *kExplainDetails = R"(--json prints one object with exactly these keys:
  "set", "index", "label", "predicted", "input" (784 values as fed to the network), "target"
  (one-hot, 10), "z1" (128), "a1" (128), "logits" (10), "exp" (10), "exp_sum", "probabilities"
  (10), "loss", "delta2" (10), "delta1" (128), "lr", "loss_after" (the loss on the same sample
  after one plain SGD step on it alone).
  z1 = W1 x + b1; a1 = max(0, z1); logits z2 = W2 a1 + b2; exp = e^z2; probabilities = exp / exp_sum
  (computed with the maximum subtracted, so they stay exact); loss = -ln p[label];
  delta2 = p - target; delta1 = (W2^T delta2) .* relu'(z1).
When e^z overflows single precision, those "exp" values and "exp_sum" are null (a note on stderr
says so); the probabilities are still exact.
Classes are 0-9; the source numbers its output neurons 1-10 (class c is neuron c+1).
An index outside the set gives exit code 2 with the valid range.)";

void printText(const TraceF &before, const TraceF &after, const QString &set, long long index,
               float lr, const DataSplit &data)
{
    const auto name = [&](int c) {
        const QString n = qs(data.classNames[c]);
        return n == QString::number(c) ? QString() : QStringLiteral(" (%1)").arg(n);
    };
    QString text = QStringLiteral("%1 set, image %2 of %3\n")
                           .arg(set, thousands(std::uint64_t(index)),
                                thousands(set == QLatin1String("train") ? data.train.size()
                                                                        : data.test.size()));
    text += QStringLiteral("label: class %1%2 = output neuron %3\n")
                    .arg(before.label)
                    .arg(name(before.label))
                    .arg(before.label + 1);
    text += QStringLiteral("predicted: class %1%2 = output neuron %3 (%4)\n\n")
                    .arg(before.predicted)
                    .arg(name(before.predicted))
                    .arg(before.predicted + 1)
                    .arg(before.predicted == before.label ? QStringLiteral("correct")
                                                          : QStringLiteral("wrong"));
    text += QStringLiteral("neuron  class      logit z2          e^z2   probability\n");
    for (int k = 0; k < kOutputs; ++k) {
        const QString expText = std::isfinite(before.exp[k])
                                        ? QString::number(before.exp[k], 'g', 6)
                                        : QStringLiteral("overflow");
        const int bar = int(std::lround(before.probabilities[k] * 20));
        text += QStringLiteral("%1  %2  %3  %4  %5 %6%7\n")
                        .arg(k + 1, 6)
                        .arg(k, 5)
                        .arg(before.logits[k], 13, 'f', 5)
                        .arg(expText, 12)
                        .arg(before.probabilities[k], 12, 'f', 6)
                        .arg(QString(bar, QLatin1Char('#')))
                        .arg(k == before.label ? QStringLiteral("  <- label") : QString());
    }
    text += QStringLiteral("sum of e^z2: %1\n")
                    .arg(before.expFinite ? QString::number(before.expSum, 'g', 7)
                                          : QStringLiteral("overflow"));
    text += QStringLiteral("\nloss L = -ln p[%1] = -ln %2 = %3\n")
                    .arg(before.label)
                    .arg(before.probabilities[before.label], 0, 'g', 6)
                    .arg(double(before.loss), 0, 'g', 6);
    text += QStringLiteral("delta2 = p - y: ");
    for (int k = 0; k < kOutputs; ++k)
        text += QStringLiteral("%1%2")
                        .arg(k ? QStringLiteral(", ") : QString())
                        .arg(before.delta2[k], 0, 'f', 4);
    int activeHidden = 0;
    for (Eigen::Index j = 0; j < before.a1.size(); ++j)
        activeHidden += before.a1[j] > 0;
    text += QStringLiteral("\nhidden layer: %1 of %2 neurons active (z1 > 0); delta1 is zero for "
                           "the others\n")
                    .arg(activeHidden)
                    .arg(kHidden);
    text += QStringLiteral("after one SGD step on this image alone (lr %1): loss %2 (%3), "
                           "predicted class %4\n")
                    .arg(double(lr))
                    .arg(double(after.loss), 0, 'g', 6)
                    .arg(after.loss < before.loss ? QStringLiteral("lower")
                                                  : QStringLiteral("not lower"))
                    .arg(after.predicted);
    text += QStringLiteral("(--json gives every value: input, z1, a1, logits, exp, probabilities, "
                           "delta2, delta1)\n");
    printOut(text);
}

} // namespace

int runExplain(const QStringList &args)
{
    Command cmd(
            QStringLiteral("explain"),
            QStringLiteral(
                    "Shows one sample's forward and backward pass and the effect of one SGD step."),
            QString::fromUtf8(kExplainDetails));
    cmd.addOption(QStringLiteral("model"), QStringLiteral("The model file or .npz."),
                  QStringLiteral("FILE"));
    addDataOptions(cmd);
    cmd.addOption(QStringLiteral("set"),
                  QStringLiteral("Which set the image comes from: train or test."),
                  QStringLiteral("SET"));
    cmd.addOption(QStringLiteral("index"), QStringLiteral("The image's index in the set, from 0."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("lr"),
                  QStringLiteral("Learning rate of the one SGD step (default 0.1)."),
                  QStringLiteral("X"));
    addNormalizeOption(cmd, QStringLiteral("Default: the scaling the model file records (none for older model files and .npz)."));
    cmd.addOption(QStringLiteral("json"),
                  QStringLiteral("One JSON object on stdout with every value."));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    QString set;
    long long index = 0;
    double lr = 0.1;
    Normalize normalize = Normalize::None;
    if (!cmd.require(QStringLiteral("model")) || !cmd.require(QStringLiteral("set"))
        || !cmd.require(QStringLiteral("index"))
        || !cmd.choiceValue(QStringLiteral("set"),
                            {QStringLiteral("train"), QStringLiteral("test")}, set)
        || !cmd.intValue(QStringLiteral("index"), 0LL, (1LL << 40), index)
        || !cmd.doubleValue(QStringLiteral("lr"), 0.0, 1000.0, lr)
        || !normalizeValue(cmd, normalize))
        return kExitUsage;

    Model model;
    if (const int code = loadModelFile(cmd, cmd.value(QStringLiteral("model")), model); code >= 0)
        return code;
    const ParamsF &params = model.params;
    modelNormalizeValue(cmd, model, normalize);
    std::shared_ptr<DataSplit> data;
    if (const int code = loadData(cmd, data); code >= 0)
        return code;
    const Dataset &source = set == QLatin1String("train") ? data->train : data->test;
    if (std::uint64_t(index) >= source.size()) {
        const QString range = source.size() == 0 ? QStringLiteral("it holds no images")
                                                 : QStringLiteral("valid indices are 0 to %1")
                                                           .arg(thousands(source.size() - 1));
        return cmd.dataError(QStringLiteral("%1: --index %2 is outside the %3 set of %4 images; %5")
                                     .arg(qs(data->folder), thousands(std::uint64_t(index)), set,
                                          thousands(source.size()), range));
    }

    const Vec<float> x = scaleInput<float>(source.image(std::size_t(index)), normalize);
    const int label = source.label(std::size_t(index));
    const StepTrace<float> step = explainStep(params, x, label, float(lr));
    const TraceF &t = step.before;
    if (!t.expFinite)
        cmd.note(QStringLiteral(
                         "note: e^z overflows single precision for some logits (largest %1); those "
                         "exp values and their sum are shown as null; the probabilities are exact "
                         "(computed with the largest logit subtracted)")
                         .arg(double(t.logits.maxCoeff())));

    if (cmd.isSet(QStringLiteral("json"))) {
        printOut(QString::fromStdString(explainJson(step, set.toStdString(), index, float(lr)) + '\n'));
        return kExitOk;
    }
    printText(t, step.afterTrace, set, index, float(lr), *data);
    return kExitOk;
}

} // namespace bplab::cli
