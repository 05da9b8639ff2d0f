// explain: every value of one sample's forward pass, backward pass and one SGD step on it.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "explainlayers.h"
#include "jsonwriter.h"

#include "nn/gradientcheck.h"
#include "nn/mlptrace.h"
#include "nn/network.h"
#include "io/tracejson.h"

#include <cmath>

namespace bplab::cli {

namespace {

const char *kExplainDetails = R"(The model may hold any network (784-128-10 ReLU, or what train --hidden/--activation wrote).
--json prints one object with exactly these keys:
  "set", "index", "label", "predicted", "network" ("784-128-10 ReLU"), "input" (784 values as fed
  to the network), "target" (one-hot, 10), "hidden" (one {"z", "a", "delta"} per hidden layer, first
  to last; empty without one), "logits" (10), "exp" (10), "exp_sum", "probabilities" (10), "loss",
  "delta_out" (10), "lr", "loss_after" (the loss on the same sample after one plain SGD step on it
  alone); the same keys for every network.
  z = W a_prev + b per hidden layer (a_prev = x for the first); a = f(z) (ReLU max(0, z), sigmoid
  1/(1+e^-z), tanh, leaky ReLU); logits = W_out a_last + b_out; exp = e^logits; probabilities =
  exp / exp_sum (computed with the maximum subtracted, so they stay exact); loss = -ln p[label];
  delta_out = p - target; delta = (W_next^T delta_next) .* f'(z) (sigmoid: a(1-a); tanh: 1-a^2).
A layer list (--layers: convolution, pooling, flatten, dense, dropout) is computed in double
precision in evaluation mode (dropout passes every value on), and --json has instead: "set",
"index", "label", "predicted", "network" (the --layers text), "activation", "input", "target",
"layers" (one {"layer", "shape" [C, H, W], "a", "delta"} per layer, values in channel, row, column
order; delta = dL/dz of a convolution or dense layer, dL/da of the others), "logits", "exp",
"exp_sum", "probabilities", "loss", "delta_out", "gradients" (one {"name" "W1".., "shape" as
PyTorch's: a convolution's [C_out, C_in, k, k], "dW" flattened in that order, "db"} per layer with
parameters), "lr", "loss_after".
When e^z overflows single precision, those "exp" values and "exp_sum" are null (a note on stderr
says so); the probabilities are still exact.
--gradient-check K checks the backward pass on this sample: K weights drawn with a fixed seed
across every layer (the i-th in layer i mod L + 1; in W1 only weights whose pixel is not 0), each
with its derivative dL/dw from the backward pass beside the central difference
(L(w+h) - L(w-h)) / 2h, both in double precision; --json adds "gradient_check": a list of
{"layer", "row", "col", "backprop", "numerical", "h", "relative_difference"} (layer from 1 as in
W1..WL; row = the neuron, col = its input, as the .npz stores W; a convolution's row = the output
channel, col = (c k + ky) k + kx, any tap in W1; relative_difference =
|backprop - numerical| / max(|backprop|, |numerical|), 0 when both are 0).
Classes are 0-9; the source numbers its output neurons 1-10 (class c is neuron c+1).
An index outside the set gives exit code 2 with the valid range.)";

/** What the readable explanation shows. */
struct ExplainView
{
    int label = 0, predicted = 0;
    const Vec<float> *logits = nullptr, *exp = nullptr, *probabilities = nullptr, *deltaOut = nullptr;
    bool expFinite = true;
    float expSum = 0, loss = 0, lossAfter = 0;
    int predictedAfter = 0;
    QString hiddenLines; ///< one line per hidden layer
    QString jsonKeys;    ///< the arrays --json adds
};

ExplainView viewOf(const Architecture &arch, const MlpTrace<float> &t)
{
    QString lines;
    for (std::size_t l = 0; l < t.hidden.size(); ++l) {
        const HiddenTrace<float> &h = t.hidden[l];
        const QString layer = t.hidden.size() == 1 ? QStringLiteral("hidden layer") : QStringLiteral("hidden layer %1").arg(l + 1);
        if (arch.activation == Activation::ReLU) {
            const auto active = (h.z.array() > 0.0f).count();
            lines += QStringLiteral("%1: %2 of %3 neurons active (z > 0); delta is zero for the others")
                             .arg(layer)
                             .arg(active)
                             .arg(h.z.size());
        } else {
            lines += QStringLiteral("%1: %2 %3 neurons, a from %4 to %5")
                             .arg(layer)
                             .arg(h.z.size())
                             .arg(qs(displayName(arch.activation)))
                             .arg(double(h.a.minCoeff()), 0, 'g', 4)
                             .arg(double(h.a.maxCoeff()), 0, 'g', 4);
        }
        lines += QStringLiteral(", mean |delta| %1\n").arg(double(h.delta.cwiseAbs().mean()), 0, 'g', 4);
    }
    if (t.hidden.empty())
        lines = QStringLiteral("no hidden layer: the logits are W x + b\n");
    return {t.label, t.predicted, &t.logits, &t.exp, &t.probabilities, &t.deltaOut, t.expFinite, t.expSum, t.loss,
            t.lossAfter, t.predictedAfter, lines, QStringLiteral("input, hidden (z, a, delta per layer), logits, exp, probabilities, delta_out")};
}

void printText(const ExplainView &v, const QString &set, long long index, float lr, const DataSplit &data,
               const QString &network)
{
    const auto name = [&](int c) {
        const QString n = qs(data.classNames[c]);
        return n == QString::number(c) ? QString() : QStringLiteral(" (%1)").arg(n);
    };
    QString text = QStringLiteral("%1 set, image %2 of %3, network %4\n")
                           .arg(set, thousands(std::uint64_t(index)),
                                thousands(set == QLatin1String("train") ? data.train.size()
                                                                        : data.test.size()),
                                network);
    text += QStringLiteral("label: class %1%2 = output neuron %3\n")
                    .arg(v.label)
                    .arg(name(v.label))
                    .arg(v.label + 1);
    text += QStringLiteral("predicted: class %1%2 = output neuron %3 (%4)\n\n")
                    .arg(v.predicted)
                    .arg(name(v.predicted))
                    .arg(v.predicted + 1)
                    .arg(v.predicted == v.label ? QStringLiteral("correct") : QStringLiteral("wrong"));
    text += QStringLiteral("neuron  class       logit z          e^z   probability\n");
    for (int k = 0; k < kOutputs; ++k) {
        const QString expText = std::isfinite((*v.exp)[k]) ? QString::number((*v.exp)[k], 'g', 6)
                                                           : QStringLiteral("overflow");
        const int bar = int(std::lround((*v.probabilities)[k] * 20));
        text += QStringLiteral("%1  %2  %3  %4  %5 %6%7\n")
                        .arg(k + 1, 6)
                        .arg(k, 5)
                        .arg((*v.logits)[k], 13, 'f', 5)
                        .arg(expText, 12)
                        .arg((*v.probabilities)[k], 12, 'f', 6)
                        .arg(QString(bar, QLatin1Char('#')))
                        .arg(k == v.label ? QStringLiteral("  <- label") : QString());
    }
    text += QStringLiteral("sum of e^z: %1\n")
                    .arg(v.expFinite ? QString::number(v.expSum, 'g', 7) : QStringLiteral("overflow"));
    text += QStringLiteral("\nloss L = -ln p[%1] = -ln %2 = %3\n")
                    .arg(v.label)
                    .arg((*v.probabilities)[v.label], 0, 'g', 6)
                    .arg(double(v.loss), 0, 'g', 6);
    text += QStringLiteral("delta_out = p - y: ");
    for (int k = 0; k < kOutputs; ++k)
        text += QStringLiteral("%1%2").arg(k ? QStringLiteral(", ") : QString()).arg((*v.deltaOut)[k], 0, 'f', 4);
    text += QLatin1Char('\n') + v.hiddenLines;
    text += QStringLiteral("after one SGD step on this image alone (lr %1): loss %2 (%3)%4\n")
                    .arg(double(lr))
                    .arg(double(v.lossAfter), 0, 'g', 6)
                    .arg(v.lossAfter < v.loss ? QStringLiteral("lower") : QStringLiteral("not lower"))
                    .arg(v.predictedAfter >= 0 ? QStringLiteral(", predicted class %1").arg(v.predictedAfter) : QString());
    text += QStringLiteral("(--json gives every value: %1)\n").arg(v.jsonKeys);
    printOut(text);
}

/** The "gradient_check" list, its keys in the documented order. */
Json gradientCheckJson(const std::vector<GradientCheck> &checks)
{
    Json list = Json::array();
    for (const GradientCheck &c : checks)
        list.push_back(Json {{"layer", c.layer},
                             {"row", c.row},
                             {"col", c.col},
                             {"backprop", jsonNumberOf(c.backprop)},
                             {"numerical", jsonNumberOf(c.numerical)},
                             {"h", jsonNumberOf(c.h)},
                             {"relative_difference", jsonNumberOf(c.relativeDifference)}});
    return list;
}

QString gradientCheckText(const std::vector<GradientCheck> &checks)
{
    double worst = 0;
    QString text = QStringLiteral("\ngradient check (double precision, h %1): dL/dw by the backward pass against "
                                  "(L(w+h) - L(w-h)) / 2h\n")
                           .arg(checks.empty() ? kGradientCheckStep : checks.front().h, 0, 'g', 3);
    text += QStringLiteral("weight              backprop           numerical   relative difference\n");
    for (const GradientCheck &c : checks) {
        worst = std::max(worst, c.relativeDifference);
        text += QStringLiteral("%1  %2  %3  %4\n")
                        .arg(QStringLiteral("W%1[%2][%3]").arg(c.layer).arg(c.row).arg(c.col), -16)
                        .arg(c.backprop, 18, 'e', 9)
                        .arg(c.numerical, 18, 'e', 9)
                        .arg(c.relativeDifference, 20, 'e', 2);
    }
    text += QStringLiteral("largest relative difference: %1\n").arg(worst, 0, 'e', 2);
    return text;
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
    cmd.addOption(QStringLiteral("gradient-check"),
                  QStringLiteral("Also check K weights' gradients against central finite differences (double precision)."),
                  QStringLiteral("K"));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    QString set;
    long long index = 0;
    double lr = 0.1;
    long long checkCount = 0;
    Normalize normalize = Normalize::None;
    if (!cmd.require(QStringLiteral("model")) || !cmd.require(QStringLiteral("set"))
        || !cmd.require(QStringLiteral("index"))
        || !cmd.choiceValue(QStringLiteral("set"),
                            {QStringLiteral("train"), QStringLiteral("test")}, set)
        || !cmd.intValue(QStringLiteral("index"), 0LL, (1LL << 40), index)
        || !cmd.doubleValue(QStringLiteral("lr"), 0.0, 1000.0, lr)
        || (cmd.isSet(QStringLiteral("gradient-check")) && !cmd.intValue(QStringLiteral("gradient-check"), 1LL, 100000LL, checkCount))
        || !normalizeValue(cmd, normalize))
        return kExitUsage;

    NetworkModel model;
    if (const int code = loadNetworkFile(cmd, cmd.value(QStringLiteral("model")), model); code >= 0)
        return code;
    modelNormalizeValue(cmd, model.info, normalize);
    std::shared_ptr<DataSplit> data;
    const Dataset *sourceSet = nullptr;
    if (const int code = loadSampleSet(cmd, set, index, data, sourceSet); code >= 0)
        return code;
    const Dataset &source = *sourceSet;

    std::vector<GradientCheck> checks;
    if (checkCount > 0)
        checks = gradientCheck(model.arch, model.params.cast<double>(), source.image(std::size_t(index)), normalize,
                               source.label(std::size_t(index)), int(checkCount));
    // The check's list goes into the object as its last key, or after the explanation.
    const auto withChecks = [&](Json json) {
        if (checkCount > 0)
            json["gradient_check"] = gradientCheckJson(checks);
        return QString::fromStdString(jsonText(json) + '\n');
    };
    const auto printChecks = [&] {
        if (checkCount > 0)
            printOut(gradientCheckText(checks));
    };
    const int label = source.label(std::size_t(index));
    const bool json = cmd.isSet(QStringLiteral("json"));
    if (model.arch.layered()) {
        // A layer list: every value in double, from the list's own pass.
        const MlpTrace<double> trace = explainSample(model.arch, model.params.cast<double>(),
                                                     scaleInput<double>(source.image(std::size_t(index)), normalize), label, lr);
        if (json) {
            printOut(withChecks(layerExplainObject(model.arch, trace, set.toStdString(), index)));
            return kExitOk;
        }
        printOut(layerExplainText(model.arch, trace, set, index));
        printChecks();
        return kExitOk;
    }
    const Vec<float> x = scaleInput<float>(source.image(std::size_t(index)), normalize);
    const QString network = qs(describe(model.arch));
    const auto noteOverflow = [&](bool expFinite, const Vec<float> &logits) {
        if (!expFinite)
            cmd.note(QStringLiteral("note: e^z overflows single precision for some logits (largest %1); those "
                                    "exp values and their sum are shown as null; the probabilities are exact "
                                    "(computed with the largest logit subtracted)")
                             .arg(double(logits.maxCoeff())));
    };
    // Every hidden layer's z, a and delta (mlptrace.h).
    const MlpTrace<float> trace = explainSample(model.arch, model.params, x, label, float(lr));
    noteOverflow(trace.expFinite, trace.logits);
    if (json) {
        printOut(withChecks(explainObject(model.arch, trace, set.toStdString(), index)));
        return kExitOk;
    }
    printText(viewOf(model.arch, trace), set, index, float(lr), *data, network);
    printChecks();
    return kExitOk;
}

} // namespace bplab::cli
