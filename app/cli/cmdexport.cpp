// export: a model's weights as NumPy arrays (for NumPy or PyTorch) or as an ONNX model (for ONNX
// Runtime, Netron and every other runtime that reads ONNX).

#include "command.h"
#include "commands.h"
#include "dataoptions.h"

#include "io/modelfile.h"
#include "io/npz.h"
#include "io/onnxfile.h"

namespace bplab::cli {

int runExport(const QStringList &args)
{
    Command cmd(
            QStringLiteral("export"),
            QStringLiteral("Writes a model's weights as a NumPy .npz file or as an ONNX model."),
            QStringLiteral(
                    R"(The .npz holds W1 (128x784), b1 (128), W2 (10x128) and b2 (10) as float32 arrays in the
torch.nn.Linear layout (row j of W1 holds hidden neuron j's 784 input weights):
  w = numpy.load("OUT.npz"); model[0].weight.data = torch.tensor(w["W1"]) ...
A model of another network (train --hidden/--activation) gives W1, b1, ..., WL, bL, one pair per
weight layer, and "activation" ("relu", "sigmoid", "tanh" or "leakyrelu") as a NumPy string:
  str(numpy.load("OUT.npz")["activation"]), no pickle needed.
train --init-from, eval, explain and predict read the same format.
--onnx OUT.onnx writes the network as an ONNX model (opset 13) that ONNX Runtime runs and Netron
shows: input "image" float32 [N, 784], the 28x28 pixels row by row scaled as the model was trained
(x/255, or standardised: the metadata "preprocessing" says which, "input_offset" and "input_scale"
give (pixel - offset) * scale); outputs "probabilities" and "logits", float32 [N, 10].)"));
    cmd.addOption(QStringLiteral("model"), QStringLiteral("The model file (or .npz) to read."),
                  QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("npz"), QStringLiteral("The .npz file to write."),
                  QStringLiteral("OUT"));
    cmd.addOption(QStringLiteral("onnx"), QStringLiteral("The ONNX model to write (.onnx)."),
                  QStringLiteral("OUT"));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    if (!cmd.require(QStringLiteral("model")))
        return kExitUsage;
    if (!cmd.isSet(QStringLiteral("npz")) && !cmd.isSet(QStringLiteral("onnx")))
        return cmd.usageError(QStringLiteral("say what to write: --npz OUT.npz and/or --onnx OUT.onnx"));
    const QString out = cmd.value(QStringLiteral("npz"));
    const QString onnxOut = cmd.value(QStringLiteral("onnx"));
    if ((cmd.isSet(QStringLiteral("npz")) && out.isEmpty()) || (cmd.isSet(QStringLiteral("onnx")) && onnxOut.isEmpty()))
        return cmd.usageError(QStringLiteral("--npz and --onnx need a file name"));

    NetworkModel model;
    if (const int code = loadNetworkFile(cmd, cmd.value(QStringLiteral("model")), model); code >= 0)
        return code;
    if (!onnxOut.isEmpty()) {
        OnnxExportInfo info;
        if (model.info) {
            info.normalize = model.info->recipe.normalize;
            info.trainedWith = describeModelInfo(*model.info);
        }
        if (const Status s = saveOnnx(onnxOut.toStdString(), model.arch, model.params, info); !s)
            return cmd.dataError(qs(s.error()));
        cmd.note(QStringLiteral("wrote %1 (%2): input \"image\" float32 [N, 784] scaled as %3; outputs "
                                "\"probabilities\" and \"logits\" [N, 10]")
                         .arg(onnxOut, qs(describe(model.arch)),
                              info.normalize == Normalize::Standard ? QStringLiteral("(x/255 - 0.1307) / 0.3081")
                                                                    : QStringLiteral("x/255")));
        if (out.isEmpty())
            return kExitOk;
    }
    // The source network's file is the one export has always written, byte for byte.
    const Status saved = model.arch == Architecture::source()
                                 ? saveNpz(out.toStdString(), model.params)
                                 : saveNetworkNpz(out.toStdString(), model.arch, model.params);
    if (!saved)
        return cmd.dataError(qs(saved.error()));
    QStringList arrays;
    for (int l = 0; l < model.arch.layerCount(); ++l)
        arrays << QStringLiteral("W%1 %2x%3, b%1 %2")
                          .arg(l + 1)
                          .arg(model.arch.layerOutputs(l))
                          .arg(model.arch.layerInputs(l));
    cmd.note(QStringLiteral("wrote %1 (%2): %3 (float32)%4")
                     .arg(out, qs(describe(model.arch)), arrays.join(QStringLiteral(", ")),
                          model.arch == Architecture::source() ? QString() : QStringLiteral(", activation")));
    return kExitOk;
}

} // namespace bplab::cli
