// predict: the class and the ten probabilities of pictures of digits, through MNIST's own
// preprocessing (or as they are, with --raw).

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "jsonwriter.h"

#include "nn/network.h"
#include "train/networktrainer.h"
#include "picturereader.h"
#include "preprocess.h"

#include <algorithm>
#include <optional>

namespace bplab::cli {

namespace {

const char *kPredictDetails
        = R"(Each IMAGE (PNG, JPEG, PGM, BMP; any size, colour or grey) goes through MNIST's preprocessing:
dark ink on light paper (the border brighter than mid-grey) is inverted, faint noise dropped, the
ink's bounding box shrunk by area averaging to fit 20x20 keeping its aspect ratio and placed in
28x28 with its centre of mass at pixel (14, 14). --raw feeds a 28x28 image to the network as it is
(white ink on black, as MNIST).

--json prints one object per image and line: {"file", "class", "probabilities" (10, classes 0-9)}.
An image that cannot be read is reported on stderr; the others are still predicted, and the exit
code is 2.)";

} // namespace

int runPredict(const QStringList &args)
{
    Command cmd(QStringLiteral("predict"),
                QStringLiteral("Predicts the digit in each picture: its class and the ten probabilities."),
                QString::fromUtf8(kPredictDetails));
    cmd.addOption(QStringLiteral("model"), QStringLiteral("The model file or .npz to predict with."),
                  QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("raw"), QStringLiteral("Take each image as a 28x28 input as it is."));
    addNormalizeOption(cmd, QStringLiteral("Default: the scaling the model file records (none for older model files and .npz)."));
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object per image and line."));
    cmd.parser().addPositionalArgument(QStringLiteral("IMAGE"), QStringLiteral("Pictures of digits."),
                                       QStringLiteral("IMAGE..."));

    QStringList optionArgs, images;
    splitPositionals(args, {QStringLiteral("--model"), QStringLiteral("--normalize")}, optionArgs, images);
    if (const int code = cmd.parse(optionArgs); code >= 0)
        return code;
    Normalize normalize = Normalize::None;
    if (!cmd.require(QStringLiteral("model")) || !normalizeValue(cmd, normalize))
        return kExitUsage;
    if (images.isEmpty())
        return cmd.usageError(QStringLiteral("name at least one IMAGE to predict"));
    NetworkModel model;
    if (const int code = loadNetworkFile(cmd, cmd.value(QStringLiteral("model")), model); code >= 0)
        return code;
    modelNormalizeValue(cmd, model.info, normalize);
    const bool raw = cmd.isSet(QStringLiteral("raw"));
    const bool json = cmd.isSet(QStringLiteral("json"));

    int failures = 0;
    for (const QString &file : images) {
        const Result<GreyImage> picture = readPicture(file);
        if (!picture) {
            cmd.dataError(qs(picture.error()));
            ++failures;
            continue;
        }
        const GreyImage &grey = *picture;
        std::array<std::uint8_t, kInputs> input{};
        if (raw) {
            if (grey.width != kImageSide || grey.height != kImageSide) {
                cmd.dataError(QStringLiteral("%1: --raw needs a 28x28 image, this one is %2x%3 (leave out --raw "
                                             "to preprocess it)")
                                      .arg(file)
                                      .arg(grey.width)
                                      .arg(grey.height));
                ++failures;
                continue;
            }
            std::copy(grey.pixels.begin(), grey.pixels.end(), input.begin());
        } else {
            const PreprocessResult result = preprocessPicture(grey);
            if (result.empty) {
                cmd.dataError(QStringLiteral("%1: no ink found (a blank or uniform %2x%3 picture)")
                                      .arg(file)
                                      .arg(grey.width)
                                      .arg(grey.height));
                ++failures;
                continue;
            }
            input = result.input;
        }
        const std::array<float, kOutputs> p = networkProbabilities(model.arch, model.params, input.data(), normalize);
        const int best = int(std::max_element(p.begin(), p.end()) - p.begin());
        if (json) {
            JsonObject().add("file", file).add("class", best).addArray("probabilities", p.data(), p.size()).printLine();
            continue;
        }
        QString text = QStringLiteral("%1: class %2 (p = %3)\n ").arg(file).arg(best).arg(double(p[best]), 0, 'f', 4);
        for (int k = 0; k < kOutputs; ++k)
            text += QStringLiteral(" %1: %2").arg(k).arg(double(p[k]), 0, 'f', 4);
        printOut(text + QLatin1Char('\n'));
    }
    return failures ? kExitBadData : kExitOk;
}

} // namespace bplab::cli
