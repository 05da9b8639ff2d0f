// worksheet: one sample's forward and backward pass as a printable PDF, with the cells a student
// computes by hand left blank, and a second page with the answers.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"

#include "worksheet.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QTranslator>

namespace bplab::cli {

namespace {

/** The sheet's words in `code` (en, de, or system: the first of the user's languages that is
 *  shipped, as backprop-lab chooses when no --lang and no stored choice is given): "" when they
 *  are, else why the sheet stays English. The translations are the app's (its .qm files). */
QString useSheetLanguage(const QString &code)
{
    const QStringList shipped {QStringLiteral("en"), QStringLiteral("de")};
    QString use = code;
    if (use == QLatin1String("system")) {
        use = QStringLiteral("en");
        for (const QString &name : QLocale().uiLanguages())
            if (const QString l = name.section(QLatin1Char('-'), 0, 0).toLower(); shipped.contains(l)) {
                use = l;
                break;
            }
    }
    if (use == QLatin1String("en"))
        return {};
    auto *translator = new QTranslator(QCoreApplication::instance());
    const QDir bin(QCoreApplication::applicationDirPath());
    for (const char *relative : {BPLAB_TRANSLATIONS_INSTALLED, BPLAB_TRANSLATIONS_BUILT})
        if (translator->load(QStringLiteral("backprop-lab_") + use, QDir::cleanPath(bin.filePath(QString::fromUtf8(relative))))) {
            QCoreApplication::installTranslator(translator);
            return {};
        }
    delete translator;
    return QStringLiteral("no \"%1\" translation in share/backprop-lab/translations beside the program: the sheet stays English")
            .arg(use);
}

const char *kWorksheetDetails
        = R"(The sheet holds the sample's numbers through the stages, as explain --json computes them,
written with 4 significant digits (probabilities as decimals, 0.9731): the input (its picture and
a summary), for a few neurons of each hidden layer the weighted sum, bias, z, a = f(z), f'(z), the
backward sum and delta, the ten output neurons' logits, e^z, probabilities, targets and deltas, the
loss, and a few weights' dL/dw, their change Delta w = -lr * dL/dw and their values after one SGD
step. Page 1 leaves the --blanks
cells empty (and any other number equal to one of them); page 2 is the same sheet with them filled
in, and lists them.
--blanks SPEC: cells separated by commas; layers count from 1 as W1..WL do, neurons, rows and
columns from 1 as the Step view writes them:
  z1:5      z of neuron 5 of layer 1 (the last layer's z are the logits: z2:3 in 784-128-10)
  a1:5      a = f(z) of hidden neuron 5 of layer 1
  p:3       the probability of output neuron 3 (class 2)
  loss      L = -ln p of the label
  delta2:3  delta of neuron 3 of layer 2 (the output layer's is p - y)
  dLdw2:3:17    dL/dw of W2's row 3, column 17 (delta of neuron 3 times input 17;
                older lessons' dw2:3:17 is read as this)
  Deltaw2:3:17  that weight's change in one SGD step, Delta w = -lr * dL/dw (what the Step
                view's By hand asks for at the adjustments stage)
  w2:3:17       that weight after the step, w + Delta w
Names are read in any case (deltaw2:3:17 is Deltaw2:3:17).
Without --blanks: z and a of the first hidden layer's neuron with the largest delta, the label's
probability, the loss, the label's output delta, and one output weight's dL/dw and new value.
--lang en|de|system: the language of the sheet's words (default system: the user's language when
the app has it, else English; numbers keep their 4 significant digits with a point).
The PDF is drawn without a display (Qt's offscreen platform). Exit code 2 for an index outside the
set or a cell the network does not have (the message names it).)";

} // namespace

int runWorksheet(const QStringList &args)
{
    Command cmd(QStringLiteral("worksheet"),
                QStringLiteral("Writes a printable worksheet (PDF) of one sample's pass, with "
                               "cells to compute by hand."),
                QString::fromUtf8(kWorksheetDetails));
    cmd.addOption(QStringLiteral("model"), QStringLiteral("The model file or .npz."),
                  QStringLiteral("FILE"));
    addDataOptions(cmd);
    cmd.addOption(QStringLiteral("set"),
                  QStringLiteral("Which set the image comes from: train or test."),
                  QStringLiteral("SET"));
    cmd.addOption(QStringLiteral("index"), QStringLiteral("The image's index in the set, from 0."),
                  QStringLiteral("N"));
    cmd.addOption(
            QStringLiteral("blanks"),
            QStringLiteral(
                    "The cells to leave blank, e.g. z1:5,a1:5,p:3,loss,delta2:3 (see below)."),
            QStringLiteral("SPEC"));
    cmd.addOption(QStringLiteral("page"), QStringLiteral("Paper size: a4 (default) or letter."),
                  QStringLiteral("SIZE"));
    cmd.addOption(QStringLiteral("lr"),
                  QStringLiteral("Learning rate of the one SGD step (default 0.1)."),
                  QStringLiteral("X"));
    addNormalizeOption(cmd, QStringLiteral("Default: the scaling the model file records (none for "
                                           "older model files and .npz)."));
    cmd.addOption(QStringLiteral("out"), QStringLiteral("The PDF file to write."),
                  QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("lang"),
                  QStringLiteral("The sheet's language: system (default), en or de."),
                  QStringLiteral("LANG"));
    if (const int code = cmd.parse(args); code >= 0)
        return code;

    QString set, page = QStringLiteral("a4"), language = QStringLiteral("system");
    long long index = 0;
    double lr = 0.1;
    Normalize normalize = Normalize::None;
    if (!cmd.require(QStringLiteral("model")) || !cmd.require(QStringLiteral("set"))
        || !cmd.require(QStringLiteral("index")) || !cmd.require(QStringLiteral("out"))
        || !cmd.choiceValue(QStringLiteral("set"),
                            {QStringLiteral("train"), QStringLiteral("test")}, set)
        || !cmd.choiceValue(QStringLiteral("page"),
                            {QStringLiteral("a4"), QStringLiteral("letter")}, page)
        || !cmd.choiceValue(QStringLiteral("lang"),
                            {QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("de")},
                            language)
        || !cmd.intValue(QStringLiteral("index"), 0LL, (1LL << 40), index)
        || !cmd.doubleValue(QStringLiteral("lr"), 0.0, 1000.0, lr)
        || !normalizeValue(cmd, normalize))
        return kExitUsage;
    std::optional<std::vector<HandCellRef>> blanks;
    if (cmd.isSet(QStringLiteral("blanks"))) {
        Result<std::vector<HandCellRef>> parsed
                = parseHandCells(cmd.value(QStringLiteral("blanks")).toStdString());
        if (!parsed)
            return cmd.usageError(QStringLiteral("--blanks: %1").arg(qs(parsed.error())));
        blanks = std::move(*parsed);
    }

    NetworkModel model;
    if (const int code = loadNetworkFile(cmd, cmd.value(QStringLiteral("model")), model); code >= 0)
        return code;
    if (!model.arch.layers.empty())
        return cmd.dataError(
                QStringLiteral("%1: a worksheet is of a dense network (--hidden); this one is %2")
                        .arg(cmd.value(QStringLiteral("model")), qs(describe(model.arch))));
    if (blanks)
        for (const HandCellRef &b : *blanks)
            if (const std::string why = handCellFits(b, model.arch); !why.empty())
                return cmd.dataError(QStringLiteral("--blanks %1").arg(qs(why)));
    modelNormalizeValue(cmd, model.info, normalize);
    std::shared_ptr<DataSplit> data;
    const Dataset *sourceSet = nullptr;
    if (const int code = loadSampleSet(cmd, set, index, data, sourceSet); code >= 0)
        return code;
    const Dataset &source = *sourceSet;
    WorksheetSample sample;
    sample.arch = model.arch;
    sample.params = model.params;
    const Vec<float> x = scaleInput<float>(source.image(std::size_t(index)), normalize);
    sample.trace = explainSample(model.arch, model.params, x, source.label(std::size_t(index)),
                                 float(lr));
    if (const QString why = useSheetLanguage(language); !why.isEmpty())
        cmd.note(why);
    sample.source = sheetSource(set == QLatin1String("test"), index);
    const Worksheet sheet = buildWorksheet(sample, blanks ? *blanks : defaultBlanks(sample));
    const QString out = cmd.value(QStringLiteral("out"));
    if (const QString error = writeWorksheetPdf(
                sheet, out, page == QLatin1String("letter") ? QPageSize::Letter : QPageSize::A4);
        !error.isEmpty())
        return cmd.dataError(error);
    QStringList names;
    for (const auto &[name, value] : sheet.answers)
        names << name;
    cmd.note(QStringLiteral("wrote %1: 2 pages (%2), blanks %3")
                     .arg(out, page, names.join(QLatin1Char(','))));
    return kExitOk;
}

} // namespace bplab::cli
