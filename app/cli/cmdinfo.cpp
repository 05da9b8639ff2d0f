// info: the network's sizes, all computed from the layer shapes (architecture.h).

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "jsonwriter.h"

#include "nn/architecture.h"
#include "nn/params.h"

#include <QStringList>

#include <cmath>
#include <string>
#include <vector>

namespace bplab::cli {

namespace {

constexpr int kBatch = 64;

JsonObject precisionJson(const Architecture &arch, int bytes)
{
    return JsonObject()
            .add("bytes_per_value", bytes)
            .add("weights", std::uint64_t(arch.weightBytes(bytes)))
            .add("parameters", std::uint64_t(arch.parameterBytes(bytes)));
}

QString row(const QString &label, std::uint64_t a, std::uint64_t b)
{
    return QStringLiteral("  %1 %2 bytes  %3 bytes\n")
            .arg(label, -6)
            .arg(thousands(a), 10)
            .arg(thousands(b), 10);
}

QString layerName(const Architecture &arch, int l)
{
    if (l == arch.layerCount() - 1)
        return QStringLiteral("output");
    return arch.hidden.size() == 1 ? QStringLiteral("hidden") : QStringLiteral("hidden %1").arg(l + 1);
}

/** "784-128-10": the widths alone. */
QString shapeText(const Architecture &arch)
{
    QStringList widths{QString::number(arch.inputs)};
    for (int w : arch.hidden)
        widths << QString::number(w);
    widths << QString::number(arch.outputs);
    return widths.join(QLatin1Char('-'));
}

QString networkLine(const Architecture &arch)
{
    QString layers;
    if (arch.hidden.empty())
        layers = QStringLiteral("no hidden layer");
    else
        layers = QStringLiteral("%1 %2 hidden layer%3")
                         .arg(arch.hidden.size() == 1 ? QStringLiteral("one") : QStringLiteral("two"),
                              QString::fromStdString(displayName(arch.activation)),
                              arch.hidden.size() == 1 ? QString() : QStringLiteral("s"));
    return QStringLiteral("network %1: %2, SoftMax output, cross-entropy loss\n")
            .arg(shapeText(arch), layers);
}

/** The source material's slips, with the values computed here (its network only). */
QString sourceNotes()
{
    const std::uint64_t hiddenPerBatch = std::uint64_t(hiddenWeightCount()) * kBatch;
    const std::uint64_t outputPerBatch = std::uint64_t(outputWeightCount()) * kBatch;
    const double p = 0.181;
    QString text = QStringLiteral(
            "\nnotes on the source material (the values above are the correct ones):\n");
    text += QStringLiteral("- it gives the cross-entropy of p = %1 as 0.734; -ln %1 = %2 (base 10 "
                           "would give %3)\n")
                    .arg(p)
                    .arg(-std::log(p), 0, 'f', 3)
                    .arg(-std::log10(p), 0, 'f', 3);
    text += QStringLiteral("- it counts \"768 neurons (64 x 138)\"; 64 x 138 = %1, and the network "
                           "has %2 neurons "
                           "(%3 hidden + %4 output)\n")
                    .arg(thousands(64u * biasCount()))
                    .arg(kHidden + kOutputs)
                    .arg(kHidden)
                    .arg(kOutputs);
    text += QStringLiteral("- it calls %1 + %2 \"weight parameters\"; they are the multiply-adds "
                           "of a batch of %3 "
                           "(%4); the network has %5 weights\n")
                    .arg(thousands(hiddenPerBatch), thousands(outputPerBatch))
                    .arg(kBatch)
                    .arg(thousands(hiddenPerBatch + outputPerBatch), thousands(weightCount()));
    return text;
}

QString shapeOf(const FeatureShape &s)
{
    return s.flat ? QString::number(s.size()) : QStringLiteral("%1 x %2 x %3").arg(s.channels).arg(s.height).arg(s.width);
}

/** info --layers: per layer its parameters, the values it passes on (memory per sample in FP32)
 *  and its forward multiply-adds per sample, with the totals. */
int layeredInfo(const Architecture &arch, double weightDecay, bool json)
{
    const std::vector<LayerCost> costs = layerCosts(arch.layers, arch.outputs);
    std::uint64_t activations = 0;
    for (const LayerCost &c : costs)
        activations += std::uint64_t(c.out.size());
    if (json) {
        Json rows = Json::array();
        for (const LayerCost &c : costs)
            rows.push_back(JsonObject()
                                   .add("layer", QString::fromStdString(c.name))
                                   .addJson("shape", Json::array({c.out.channels, c.out.height, c.out.width}))
                                   .add("weights", std::uint64_t(c.weights))
                                   .add("biases", std::uint64_t(c.biases))
                                   .add("activations", c.out.size())
                                   .add("activation_bytes_fp32", std::uint64_t(c.out.size()) * 4)
                                   .add("multiply_adds", std::uint64_t(c.multiplyAdds))
                                   .json());
        JsonObject()
                .add("network", QString::fromStdString(describe(arch)))
                .add("layers_text", QString::fromStdString(layersText(arch.layers)))
                .add("activation", QString::fromStdString(toString(arch.activation)))
                .add("init", QString::fromStdString(initRuleText(arch)))
                .addJson("layers", std::move(rows))
                .add("weights", std::uint64_t(arch.weightCount()))
                .add("biases", std::uint64_t(arch.biasCount()))
                .add("parameters", std::uint64_t(arch.parameterCount()))
                .add("activations_per_sample", activations)
                .add("multiply_adds_per_sample", std::uint64_t(arch.multiplyAddsPerSample()))
                .add("batch", kBatch)
                .add("multiply_adds_per_batch", std::uint64_t(arch.multiplyAddsPerBatch(kBatch)))
                .add("training_flops_per_sample", std::uint64_t(arch.trainingFlopsPerSample()))
                .add("weight_decay", weightDecay)
                .printLine();
        return kExitOk;
    }
    QString text = QStringLiteral("network: %1 x %2 input, %3, SoftMax output, cross-entropy loss\n")
                           .arg(kImageSide)
                           .arg(kImageSide)
                           .arg(QString::fromStdString(describe(arch)));
    text += QStringLiteral("initialisation: %1\n").arg(QString::fromStdString(initRuleText(arch)));
    if (weightDecay > 0)
        text += QStringLiteral("weight decay: lambda %1 on every weight and bias\n").arg(weightDecay);
    text += QStringLiteral("\n  %1 %2 %3 %4 %5 %6\n")
                    .arg(QStringLiteral("layer"), -28)
                    .arg(QStringLiteral("output"), -14)
                    .arg(QStringLiteral("weights"), 10)
                    .arg(QStringLiteral("biases"), 7)
                    .arg(QStringLiteral("values (FP32)"), 20)
                    .arg(QStringLiteral("multiply-adds"), 14);
    for (const LayerCost &c : costs)
        text += QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
                        .arg(QString::fromStdString(c.name), -28)
                        .arg(shapeOf(c.out), -14)
                        .arg(thousands(c.weights), 10)
                        .arg(thousands(c.biases), 7)
                        .arg(QStringLiteral("%1 = %2 B").arg(thousands(std::uint64_t(c.out.size())),
                                                               thousands(std::uint64_t(c.out.size()) * 4)),
                             20)
                        .arg(thousands(c.multiplyAdds), 14);
    text += QStringLiteral("\nparameters  %1 (%2 weights + %3 biases), %4 bytes in FP32\n")
                    .arg(thousands(arch.parameterCount()), thousands(arch.weightCount()), thousands(arch.biasCount()),
                         thousands(arch.parameterBytes(4)));
    text += QStringLiteral("values passed on per sample: %1 (%2 bytes in FP32; %3 per batch of %4, kept for the "
                           "backward pass)\n")
                    .arg(thousands(activations), thousands(activations * 4), thousands(activations * 4 * kBatch))
                    .arg(kBatch);
    text += QStringLiteral("multiply-adds of the forward pass: %1 per sample (a convolution's weights once per "
                           "output position), %2 per batch of %3\n")
                    .arg(thousands(arch.multiplyAddsPerSample()), thousands(arch.multiplyAddsPerBatch(kBatch)))
                    .arg(kBatch);
    text += QStringLiteral("training FLOPs per sample (forward + backward): %1\n")
                    .arg(thousands(arch.trainingFlopsPerSample()));
    printOut(text);
    return kExitOk;
}

} // namespace

int runInfo(const QStringList &args)
{
    Command cmd(
            QStringLiteral("info"),
            QStringLiteral(
                    "Parameter counts, memory per precision and multiply-adds of the network."),
            QStringLiteral(
                    R"(Every number is computed from the layer shapes: the source's network (784 inputs,
128 hidden ReLU neurons, 10 outputs) unless --hidden or --activation choose another.
--json keys: "network" ("784-128-10 ReLU"), "inputs", "hidden" (the first hidden layer's
width, 0 without one), "hidden_layers" (every width), "activation", "init" (the rule the
activation implies), "outputs", "layers" [{"inputs", "outputs", "weights", "biases"}],
"hidden_weights" (all hidden layers'), "output_weights", "weights", "biases", "parameters",
"memory" {"fp16"|"fp32"|"fp64": {"bytes_per_value", "weights", "parameters"}},
"multiply_adds_per_sample", "batch", "multiply_adds_per_batch", "training_flops_per_sample".
With --layers: each layer's output shape, parameters, values passed on and multiply-adds;
--json keys "network", "layers_text", "activation", "init", "layers" [{"layer", "shape",
"weights", "biases", "activations", "activation_bytes_fp32", "multiply_adds"}], "weights",
"biases", "parameters", "activations_per_sample", "multiply_adds_per_sample", "batch",
"multiply_adds_per_batch", "training_flops_per_sample", "weight_decay".)"));
    addArchitectureOptions(cmd);
    addLayerOptions(cmd);
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object on stdout."));
    if (const int code = cmd.parse(args); code >= 0)
        return code;
    Architecture arch;
    if (const int code = layeredArchitectureValue(cmd, arch); code >= 0)
        return code;
    double weightDecay = 0;
    if (!weightDecayValue(cmd, weightDecay))
        return kExitUsage;
    if (arch.layered())
        return layeredInfo(arch, weightDecay, cmd.isSet(QStringLiteral("json")));
    const int last = arch.layerCount() - 1;
    const std::uint64_t outputWeights = arch.layerWeightCount(last);
    const std::uint64_t hiddenWeights = arch.weightCount() - outputWeights;

    if (cmd.isSet(QStringLiteral("json"))) {
        Json layers = Json::array();
        for (int l = 0; l <= last; ++l)
            layers.push_back(JsonObject()
                                     .add("inputs", arch.layerInputs(l))
                                     .add("outputs", arch.layerOutputs(l))
                                     .add("weights", std::uint64_t(arch.layerWeightCount(l)))
                                     .add("biases", arch.layerOutputs(l))
                                     .json());
        JsonObject()
                .add("network", QString::fromStdString(describe(arch)))
                .add("inputs", arch.inputs)
                .add("hidden", arch.hidden.empty() ? 0 : arch.hidden.front())
                .addJson("hidden_layers", arch.hidden)
                .add("activation", QString::fromStdString(toString(arch.activation)))
                .add("init", QString::fromStdString(initRuleText(arch)))
                .add("outputs", arch.outputs)
                .addJson("layers", std::move(layers))
                .add("hidden_weights", hiddenWeights)
                .add("output_weights", outputWeights)
                .add("weights", std::uint64_t(arch.weightCount()))
                .add("biases", std::uint64_t(arch.biasCount()))
                .add("parameters", std::uint64_t(arch.parameterCount()))
                .add("memory", JsonObject()
                                       .add("fp16", precisionJson(arch, 2))
                                       .add("fp32", precisionJson(arch, 4))
                                       .add("fp64", precisionJson(arch, 8)))
                .add("multiply_adds_per_sample", std::uint64_t(arch.multiplyAddsPerSample()))
                .add("batch", kBatch)
                .add("multiply_adds_per_batch", std::uint64_t(arch.multiplyAddsPerBatch(kBatch)))
                .add("training_flops_per_sample", std::uint64_t(arch.trainingFlopsPerSample()))
                .printLine();
        return kExitOk;
    }

    QString text = networkLine(arch);
    if (!arch.hidden.empty())
        text += QStringLiteral("initialisation: %1\n").arg(QString::fromStdString(initRuleText(arch)));
    text += QLatin1Char('\n');
    // One term per layer: "128 x 784 = 100,352 (hidden) + 10 x 128 = 1,280 (output) = 101,632".
    QStringList weightTerms, biasTerms;
    for (int l = 0; l <= last; ++l) {
        weightTerms << QStringLiteral("%1 x %2 = %3 (%4)")
                               .arg(arch.layerOutputs(l))
                               .arg(arch.layerInputs(l))
                               .arg(thousands(arch.layerWeightCount(l)), layerName(arch, l));
        biasTerms << QString::number(arch.layerOutputs(l));
    }
    const QString sum = arch.layerCount() > 1 ? QStringLiteral(" = ") : QString();
    text += QStringLiteral("weights     %1%2%3\n")
                    .arg(weightTerms.join(QStringLiteral(" + ")), sum,
                         arch.layerCount() > 1 ? thousands(arch.weightCount()) : QString());
    text += QStringLiteral("biases      %1%2%3\n")
                    .arg(biasTerms.join(QStringLiteral(" + ")), sum,
                         arch.layerCount() > 1 ? thousands(arch.biasCount()) : QString());
    text += QStringLiteral("parameters  %1\n\n").arg(thousands(arch.parameterCount()));
    text += QStringLiteral("memory       weights only  with biases\n");
    text += row(QStringLiteral("FP16"), arch.weightBytes(2), arch.parameterBytes(2));
    text += row(QStringLiteral("FP32"), arch.weightBytes(4), arch.parameterBytes(4));
    text += row(QStringLiteral("FP64"), arch.weightBytes(8), arch.parameterBytes(8));
    text += QStringLiteral("\nmultiply-adds of the forward pass: %1 per sample (one per weight)\n")
                    .arg(thousands(arch.multiplyAddsPerSample()));
    QString perBatch = QStringLiteral("  per batch of %1: %2")
                               .arg(kBatch)
                               .arg(thousands(arch.multiplyAddsPerBatch(kBatch)));
    if (!arch.hidden.empty())
        perBatch += QStringLiteral(" (%1 hidden + %2 output)")
                            .arg(thousands(hiddenWeights * kBatch), thousands(outputWeights * kBatch));
    text += perBatch + QLatin1Char('\n');
    // Forward W a and backward dW for every weight; W^T delta for every layer but the first.
    text += QStringLiteral("training FLOPs per sample (forward + backward): 4 x %1 + 2 x %2 = %3\n")
                    .arg(thousands(arch.weightCount()),
                         thousands(arch.weightCount() - arch.layerWeightCount(0)),
                         thousands(arch.trainingFlopsPerSample()));
    if (arch == Architecture::source())
        text += sourceNotes();
    printOut(text);
    return kExitOk;
}

} // namespace bplab::cli
