// export: a model's weights as NumPy arrays, for NumPy or PyTorch.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"

#include "modelfile.h"

namespace bplab::cli {

int runExport(const QStringList &args)
{
    Command cmd(
            QStringLiteral("export"),
            QStringLiteral("Writes a model's weights as a NumPy .npz file."),
            QStringLiteral(
                    R"(The .npz holds W1 (128x784), b1 (128), W2 (10x128) and b2 (10) as float32 arrays in the
torch.nn.Linear layout (row j of W1 holds hidden neuron j's 784 input weights):
  w = numpy.load("OUT.npz"); model[0].weight.data = torch.tensor(w["W1"]) ...
train --init-from reads the same format.)"));
    cmd.addOption(QStringLiteral("model"), QStringLiteral("The model file (or .npz) to read."),
                  QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("npz"), QStringLiteral("The .npz file to write."),
                  QStringLiteral("OUT"));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    if (!cmd.require(QStringLiteral("model")) || !cmd.require(QStringLiteral("npz")))
        return kExitUsage;
    const QString out = cmd.value(QStringLiteral("npz"));
    if (out.isEmpty())
        return cmd.usageError(QStringLiteral("--npz needs a file name"));

    ParamsF params;
    if (const int code = loadModelFile(cmd, cmd.value(QStringLiteral("model")), params); code >= 0)
        return code;
    const Status saved = saveNpz(out.toStdString(), params);
    if (!saved)
        return cmd.dataError(qs(saved.error()));
    cmd.note(QStringLiteral("wrote %1: W1 %2x%3, b1 %2, W2 %4x%2, b2 %4 (float32)")
                     .arg(out)
                     .arg(kHidden)
                     .arg(kInputs)
                     .arg(kOutputs));
    return kExitOk;
}

} // namespace bplab::cli
