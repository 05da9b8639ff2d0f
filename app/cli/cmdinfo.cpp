// info: the network's sizes, all computed from the layer shapes in params.h.

#include "command.h"
#include "commands.h"
#include "jsonwriter.h"

#include "params.h"

#include <cmath>

namespace bplab::cli {

namespace {

constexpr int kBatch = 64;

/** Forward + backward FLOPs of one training sample: 2 per multiply-add; forward W1 x and W2 a1,
 *  backward dW1, dW2 and W2^T delta2 (no gradient w.r.t. the input). */
constexpr std::size_t trainingFlopsPerSample()
{
    return 4 * weightCount() + 2 * outputWeightCount();
}

JsonObject precisionJson(int bytes)
{
    return JsonObject()
            .add("bytes_per_value", bytes)
            .add("weights", std::uint64_t(weightBytes(bytes)))
            .add("parameters", std::uint64_t(parameterBytes(bytes)));
}

QString row(const QString &label, std::uint64_t a, std::uint64_t b)
{
    return QStringLiteral("  %1 %2 bytes  %3 bytes\n")
            .arg(label, -6)
            .arg(thousands(a), 10)
            .arg(thousands(b), 10);
}

} // namespace

int runInfo(const QStringList &args)
{
    Command cmd(
            QStringLiteral("info"),
            QStringLiteral(
                    "Parameter counts, memory per precision and multiply-adds of the network."),
            QStringLiteral(
                    R"(Every number is computed from the layer shapes (784 inputs, 128 hidden, 10 outputs).
--json keys: "inputs", "hidden", "outputs", "hidden_weights", "output_weights", "weights",
"biases", "parameters", "memory" {"fp16"|"fp32"|"fp64": {"bytes_per_value", "weights",
"parameters"}}, "multiply_adds_per_sample", "batch", "multiply_adds_per_batch",
"training_flops_per_sample".)"));
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object on stdout."));
    if (const int code = cmd.parse(args); code >= 0)
        return code;

    if (cmd.isSet(QStringLiteral("json"))) {
        JsonObject()
                .add("inputs", kInputs)
                .add("hidden", kHidden)
                .add("outputs", kOutputs)
                .add("hidden_weights", std::uint64_t(hiddenWeightCount()))
                .add("output_weights", std::uint64_t(outputWeightCount()))
                .add("weights", std::uint64_t(weightCount()))
                .add("biases", std::uint64_t(biasCount()))
                .add("parameters", std::uint64_t(parameterCount()))
                .add("memory", JsonObject()
                                       .add("fp16", precisionJson(2))
                                       .add("fp32", precisionJson(4))
                                       .add("fp64", precisionJson(8)))
                .add("multiply_adds_per_sample", std::uint64_t(multiplyAddsPerSample()))
                .add("batch", kBatch)
                .add("multiply_adds_per_batch", std::uint64_t(multiplyAddsPerBatch(kBatch)))
                .add("training_flops_per_sample", std::uint64_t(trainingFlopsPerSample()))
                .printLine();
        return kExitOk;
    }

    const std::uint64_t hiddenPerBatch = std::uint64_t(hiddenWeightCount()) * kBatch;
    const std::uint64_t outputPerBatch = std::uint64_t(outputWeightCount()) * kBatch;
    QString text
            = QStringLiteral(
                      "network %1-%2-%3: ReLU hidden layer, SoftMax output, cross-entropy loss\n\n")
                      .arg(kInputs)
                      .arg(kHidden)
                      .arg(kOutputs);
    text += QStringLiteral("weights     %1 x %2 = %3 (hidden) + %4 x %1 = %5 (output) = %6\n")
                    .arg(kHidden)
                    .arg(kInputs)
                    .arg(thousands(hiddenWeightCount()))
                    .arg(kOutputs)
                    .arg(thousands(outputWeightCount()), thousands(weightCount()));
    text += QStringLiteral("biases      %1 + %2 = %3\n")
                    .arg(kHidden)
                    .arg(kOutputs)
                    .arg(thousands(biasCount()));
    text += QStringLiteral("parameters  %1\n\n").arg(thousands(parameterCount()));
    text += QStringLiteral("memory       weights only  with biases\n");
    text += row(QStringLiteral("FP16"), weightBytes(2), parameterBytes(2));
    text += row(QStringLiteral("FP32"), weightBytes(4), parameterBytes(4));
    text += row(QStringLiteral("FP64"), weightBytes(8), parameterBytes(8));
    text += QStringLiteral("\nmultiply-adds of the forward pass: %1 per sample (one per weight)\n")
                    .arg(thousands(multiplyAddsPerSample()));
    text += QStringLiteral("  per batch of %1: %2 (%3 hidden + %4 output)\n")
                    .arg(kBatch)
                    .arg(thousands(multiplyAddsPerBatch(kBatch)), thousands(hiddenPerBatch),
                         thousands(outputPerBatch));
    text += QStringLiteral("training FLOPs per sample (forward + backward): 4 x %1 + 2 x %2 = %3\n")
                    .arg(thousands(weightCount()), thousands(outputWeightCount()),
                         thousands(trainingFlopsPerSample()));

    // The source material's slips, with the values computed here.
    const double p = 0.181;
    text += QStringLiteral(
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
    printOut(text);
    return kExitOk;
}

} // namespace bplab::cli
