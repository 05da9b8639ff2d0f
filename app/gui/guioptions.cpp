#include "guioptions.h"

#include "datasetcatalog.h"
#include "lessonui.h"
#include "mainwindow.h"
#include "panelui.h"
#include "trainingcontroller.h"
#include "viewlist.h"

#include <train/snapshot.h>
#include <data/dataset.h>
#include <messagebanner.h>
#include <stepview.h>

#include <QCommandLineParser>
#include <QHostAddress>
#include <QCoreApplication>
#include <QFileInfo>

namespace bplab {

QString parseGuiOptions(const QStringList &arguments, GuiOptions &o, bool &exitNow)
{
    exitNow = false;
    QCommandLineParser p;
    p.setApplicationDescription(QCoreApplication::translate(
        "main", "Trains neural networks on MNIST and shows every step, live: any hidden layers "
                "(--hidden, --activation); the default network is 784-128-10 ReLU."));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption data(QStringLiteral("data"), QStringLiteral("Read the data set from DIR (IDX files, optionally .gz)."), QStringLiteral("DIR"));
    const QCommandLineOption dataset(QStringLiteral("dataset"), QStringLiteral("A known data set: mnist, fashion or sample."), QStringLiteral("NAME"));
    const QCommandLineOption view(QStringLiteral("view"), QStringLiteral("Open this view: train, step, draw, cluster, data, mistakes or compare."), QStringLiteral("VIEW"));
    const QCommandLineOption after(QStringLiteral("after-batches"), QStringLiteral("With --screenshot: train N batches first (default 0)."), QStringLiteral("N"));
    const QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("Grab the main window to FILE.png and exit."), QStringLiteral("FILE"));
    const QCommandLineOption quit(QStringLiteral("quit-when-done"), QStringLiteral("Start training at once and exit when the last epoch is done."));
    const QCommandLineOption report(QStringLiteral("report"), QStringLiteral("When training is done, write samples/s, GUI latency and frames to FILE.json."), QStringLiteral("FILE"));
    const QCommandLineOption epochs(QStringLiteral("epochs"), QStringLiteral("Number of epochs."), QStringLiteral("N"));
    const QCommandLineOption batch(QStringLiteral("batch"), QStringLiteral("Mini-batch size of the training; with --view step also the Step view's (its batch pages, up to 256)."), QStringLiteral("N"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Seed of the weights and the shuffling."), QStringLiteral("S"));
    const QCommandLineOption replicas(QStringLiteral("replicas"), QStringLiteral("Data-parallel replicas of --batch images each, joined by an all-reduce (default 1; as backprop-lab-cli train --workers N)."), QStringLiteral("N"));
    const QCommandLineOption trainSubset(QStringLiteral("train-subset"), QStringLiteral("Train on N images of the training set, drawn evenly from every class (0: all; as backprop-lab-cli train --train-subset N)."), QStringLiteral("N"));
    const QCommandLineOption lr(QStringLiteral("lr"), QStringLiteral("Learning rate."), QStringLiteral("RATE"));
    const QCommandLineOption recipe(QStringLiteral("recipe"), QStringLiteral("source (plain SGD, default) or tuned (momentum + cosine)."), QStringLiteral("NAME"));
    const QCommandLineOption presentation(QStringLiteral("presentation"), QStringLiteral("Start in presentation mode (large fonts; full screen unless --screenshot)."));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size, e.g. 1920x1080 (default 1280x800)."), QStringLiteral("WxH"));
    const QCommandLineOption set(QStringLiteral("set"), QStringLiteral("With --view step: the image's set, test (default) or train."), QStringLiteral("SET"));
    const QCommandLineOption index(QStringLiteral("index"), QStringLiteral("With --view step: the image's index in its set (default 0)."), QStringLiteral("N"));
    const QCommandLineOption stage(QStringLiteral("stage"), QStringLiteral("With --view step: show stage K (default 1; 10 stages for one hidden layer, 7 + 3 per hidden layer; a layer list: 6 + 2 per layer)."), QStringLiteral("K"));
    const QCommandLineOption stepModel(QStringLiteral("step-model"), QStringLiteral("With --view step: step through the weights of this model file (.bplab or .npz, any network)."), QStringLiteral("FILE"));
    const QCommandLineOption pace(QStringLiteral("pace"), QStringLiteral("Train at N batches per second (every batch shown), \"full\" speed (the default) or one \"sample\" at a time."), QStringLiteral("N"));
    const QCommandLineOption timelineAt(QStringLiteral("timeline-at"), QStringLiteral("After --after-batches N: show the exact weights after batch K (0 to N) in every view."), QStringLiteral("K"));
    const QCommandLineOption saveModel(QStringLiteral("save-model"), QStringLiteral("After --after-batches (and --timeline-at): write the weights shown as a model file and exit."), QStringLiteral("FILE"));
    const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("Language of the window: system, en or de (default: View > Language's choice)."), QStringLiteral("CODE"));
    const QCommandLineOption exportPanel(QStringLiteral("export-panel"), QStringLiteral("After --after-batches (and --timeline-at): write panel NAME to --export-file and exit. Names: %1.").arg(PanelUi::exportNames().join(QStringLiteral(", "))), QStringLiteral("NAME"));
    const QCommandLineOption exportFile(QStringLiteral("export-file"), QStringLiteral("The file --export-panel writes; its suffix is the format: .png (at 2x), .svg, .pdf, .csv or .json."), QStringLiteral("FILE"));
    const QCommandLineOption lesson(QStringLiteral("lesson"), QStringLiteral("Open the lesson FILE (its data set, settings, views and steps); with --screenshot, a lesson that cannot be opened exits 2."), QStringLiteral("FILE"));
    const QCommandLineOption lessonStep(QStringLiteral("lesson-step"), QStringLiteral("With --lesson: open it at step N, counted from 1 as its panel does (default 1); the steps before N replay their training first."), QStringLiteral("N"));
    const QCommandLineOption hidden(QStringLiteral("hidden"), QStringLiteral("The hidden layers' widths: W, W1,W2 (1 to 1024 each) or 0 for none (default 128; as backprop-lab-cli train --hidden)."), QStringLiteral("W"));
    const QCommandLineOption layers(QStringLiteral("layers"), QStringLiteral("The layers before the 10 outputs, comma-separated: \"conv C KxK\" (optionally \"stride 2\", \"valid\"), \"pool 2\", \"flatten\", \"dense N\", \"dropout P\"; e.g. \"conv 8 5x5, pool 2, dense 64\" (as backprop-lab-cli train --layers; not with --hidden)."), QStringLiteral("LIST"));
    const QCommandLineOption weightDecay(QStringLiteral("weight-decay"), QStringLiteral("L2 weight decay lambda: g += lambda w for every weight and bias (0 to 1, default 0; as backprop-lab-cli train --weight-decay)."), QStringLiteral("L"));
    const QCommandLineOption activation(QStringLiteral("activation"), QStringLiteral("The hidden layers' activation: relu (default), sigmoid, tanh or leakyrelu."), QStringLiteral("NAME"));
    const QCommandLineOption classroom(QStringLiteral("classroom"), QStringLiteral("Start the classroom server on PORT (0: a free one) and print \"classroom: http://ADDRESS:PORT/ code NNNNNN\"."), QStringLiteral("PORT"));
    const QCommandLineOption classroomBind(QStringLiteral("classroom-bind"), QStringLiteral("With --classroom: listen on ADDRESS (default 127.0.0.1, this computer only; 0.0.0.0: every network)."), QStringLiteral("ADDRESS"));
    p.addOptions({classroom, classroomBind});
    p.addOptions({lesson, lessonStep, trainSubset, stepModel, hidden, activation, layers, weightDecay});
    p.addOptions({data, dataset, view, after, shot, quit, report, epochs, batch, replicas, seed, lr, recipe,
                  presentation, size, set, index, stage, lang, pace, timelineAt, saveModel, exportPanel, exportFile});
    if (!p.parse(arguments))
        return p.errorText();
    if (p.isSet(QStringLiteral("help"))) {
        exitNow = true;
        fputs(qPrintable(p.helpText()), stdout);
        return {};
    }
    if (p.isSet(QStringLiteral("version"))) {
        exitNow = true;
        printf("%s %s\n", qPrintable(QCoreApplication::applicationName()),
               qPrintable(QCoreApplication::applicationVersion()));
        return {};
    }
    if (!p.positionalArguments().isEmpty())
        return QStringLiteral("Unexpected argument \"%1\" (see --help).").arg(p.positionalArguments().first());

    const auto integer = [&p](const QCommandLineOption &opt, qint64 lo, qint64 hi, qint64 &out) -> QString {
        bool ok = false;
        out = p.value(opt).toLongLong(&ok);
        if (!ok || out < lo || out > hi)
            return QStringLiteral("--%1 must be a whole number from %2 to %3, not \"%4\".")
                .arg(opt.names().first()).arg(lo).arg(hi).arg(p.value(opt));
        return {};
    };
    qint64 n = 0;
    o.dataDir = p.value(data);
    o.dataset = p.value(dataset).toLower();
    if (p.isSet(dataset) && o.dataset != QStringLiteral("mnist") && o.dataset != QStringLiteral("fashion")
        && o.dataset != QStringLiteral("sample"))
        return QStringLiteral("--dataset must be mnist, fashion or sample, not \"%1\".").arg(p.value(dataset));
    if (p.isSet(view)) {
        o.view = viewFromName(p.value(view));
        if (o.view < 0)
            return QStringLiteral("--view must be train, step, draw, cluster, data (dataset), mistakes or compare, not \"%1\".").arg(p.value(view));
    }
    if (p.isSet(after)) {
        if (QString e = integer(after, 0, 100000000, n); !e.isEmpty())
            return e;
        o.afterBatches = n;
    }
    o.screenshot = p.value(shot);
    o.quitWhenDone = p.isSet(quit);
    o.report = p.value(report);
    if (p.isSet(epochs)) {
        if (QString e = integer(epochs, 1, 1000, n); !e.isEmpty())
            return e;
        o.epochs = int(n);
    }
    if (p.isSet(batch)) {
        if (QString e = integer(batch, 1, 4096, n); !e.isEmpty())
            return e;
        o.batch = int(n);
    }
    if (p.isSet(replicas)) {
        if (QString e = integer(replicas, 1, kMaxSnapshotWorkers, n); !e.isEmpty())
            return e;
        o.replicas = int(n);
    }
    if (p.isSet(trainSubset)) {
        if (QString e = integer(trainSubset, 0, 1000000000, n); !e.isEmpty())
            return e;
        o.trainSubset = n;
    }
    if (p.isSet(hidden)) {
        const Result<std::vector<int>> widths = parseHidden(p.value(hidden).toStdString());
        if (!widths)
            return QString::fromStdString(widths.error()) + QLatin1Char('.');
        o.hidden = *widths;
    }
    if (p.isSet(layers)) {
        if (p.isSet(hidden))
            return QStringLiteral("--layers and --hidden both name the network: give one (dense layers go into "
                                  "--layers as \"dense N\").");
        const Result<std::vector<LayerSpec>> list = parseLayers(p.value(layers).toStdString());
        if (!list)
            return QString::fromStdString(list.error()) + QLatin1Char('.');
        if (const Status built = validate(withLayers(*list, Activation::ReLU)); !built.ok())
            return QString::fromStdString(built.error()) + QLatin1Char('.');
        o.layers = *list;
    }
    if (p.isSet(weightDecay)) {
        bool ok = false;
        const double v = p.value(weightDecay).trimmed().toDouble(&ok);
        if (!ok || !(v >= 0) || v > 1)
            return QStringLiteral("--weight-decay must be a number from 0 to 1, not \"%1\".").arg(p.value(weightDecay));
        o.weightDecay = v;
    }
    if (p.isSet(activation)) {
        const Result<Activation> f = parseActivation(p.value(activation).toStdString());
        if (!f)
            return QString::fromStdString(f.error()) + QLatin1Char('.');
        o.activation = *f;
    }
    if (p.isSet(seed)) {
        if (QString e = integer(seed, 0, 2147483647, n); !e.isEmpty())
            return e;
        o.seed = n;
    }
    if (p.isSet(lr)) {
        bool ok = false;
        const double v = p.value(lr).toDouble(&ok);
        if (!ok || !(v > 0) || v > 10)
            return QStringLiteral("--lr must be a number above 0 and at most 10, not \"%1\".").arg(p.value(lr));
        o.lr = v;
    }
    if (p.isSet(recipe)) {
        const QString r = p.value(recipe).toLower();
        if (r != QStringLiteral("source") && r != QStringLiteral("tuned"))
            return QStringLiteral("--recipe must be source or tuned, not \"%1\".").arg(p.value(recipe));
        o.tuned = r == QStringLiteral("tuned");
    }
    if (p.isSet(lang)) {
        const QString l = p.value(lang).toLower();
        if (l != QStringLiteral("system") && l != QStringLiteral("en") && l != QStringLiteral("de"))
            return QStringLiteral("--lang must be system, en or de, not \"%1\".").arg(p.value(lang));
        o.language = l == QStringLiteral("system") ? QString() : l;
    }
    o.presentation = p.isSet(presentation);
    if (p.isSet(size)) {
        const QStringList wh = p.value(size).toLower().split(QLatin1Char('x'));
        bool okW = false, okH = false;
        const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0;
        const int h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 320 || h < 240 || w > 8192 || h > 8192)
            return QStringLiteral("--size must look like 1920x1080 (320x240 to 8192x8192), not \"%1\".").arg(p.value(size));
        o.size = QSize(w, h);
    }
    if (p.isSet(set)) {
        const QString s = p.value(set).toLower();
        if (s != QStringLiteral("test") && s != QStringLiteral("train"))
            return QStringLiteral("--set must be test or train, not \"%1\".").arg(p.value(set));
        o.stepTest = s == QStringLiteral("test");
    }
    if (p.isSet(index)) {
        if (QString e = integer(index, 0, 100000000, n); !e.isEmpty())
            return e;
        o.stepIndex = int(n);
    }
    if (p.isSet(stage)) {
        // The most stages of any network: a layer list's 6 + 2 per layer, a dense one's 7 + 3 per hidden layer.
        if (QString e = integer(stage, 1, maxStageCount(), n); !e.isEmpty())
            return e;
        o.stepStage = int(n);
    }
    if (p.isSet(stepModel)) {
        o.stepModel = p.value(stepModel);
        if (!QFileInfo(o.stepModel).isFile())
            return QStringLiteral("--step-model %1: there is no such file.").arg(o.stepModel);
    }
    if (p.isSet(pace)) {
        const QString v = p.value(pace).toLower();
        bool ok = false;
        const double rate = v.toDouble(&ok);
        if (v == QStringLiteral("full"))
            o.pace = Pace{};
        else if (v == QStringLiteral("sample"))
            o.pace = Pace{kSamplesPerSecond, true};
        else if (ok && rate > 0 && rate <= 1000)
            o.pace = Pace{rate, false};
        else
            return QStringLiteral("--pace must be a number of batches per second above 0 and at most 1000, \"full\" or \"sample\", not \"%1\".").arg(p.value(pace));
    }
    if (p.isSet(timelineAt)) {
        if (QString e = integer(timelineAt, 0, 100000000, n); !e.isEmpty())
            return e;
        o.timelineAt = n;
    }
    o.saveModel = p.value(saveModel);
    o.lesson = p.value(lesson);
    if (p.isSet(lessonStep)) {
        if (o.lesson.isEmpty())
            return QStringLiteral("--lesson-step needs --lesson FILE.");
        if (QString e = integer(lessonStep, 1, 1000, n); !e.isEmpty())
            return e;
        o.lessonStep = int(n);
    }
    if (p.isSet(classroom)) {
        if (QString e = integer(classroom, 0, 65535, n); !e.isEmpty())
            return e;
        o.classroomPort = int(n);
    }
    if (p.isSet(classroomBind)) {
        if (!p.isSet(classroom))
            return QStringLiteral("--classroom-bind needs --classroom PORT.");
        o.classroomBind = p.value(classroomBind);
        if (QHostAddress(o.classroomBind).isNull())
            return QStringLiteral("--classroom-bind must be an IP address, not \"%1\".").arg(o.classroomBind);
    }
    o.exportPanel = p.value(exportPanel).toLower();
    o.exportFile = p.value(exportFile);
    if (p.isSet(exportPanel) && !PanelUi::viewOf(o.exportPanel))
        return QStringLiteral("--export-panel must be one of %1, not \"%2\".")
                .arg(PanelUi::exportNames().join(QStringLiteral(", ")), p.value(exportPanel));
    if (p.isSet(exportPanel) != p.isSet(exportFile))
        return QStringLiteral("--export-panel NAME and --export-file FILE go together.");
    if (p.isSet(exportFile) && !exportFormatOf(o.exportFile))
        return QStringLiteral("--export-file must end in .png, .svg, .pdf, .csv or .json, not \"%1\".").arg(o.exportFile);
    if (o.afterBatches > 0 && !o.afterBatchesRun())
        return QStringLiteral("--after-batches needs --screenshot FILE.png, --save-model FILE or --export-panel NAME.");
    if (o.timelineAt && !o.afterBatchesRun())
        return QStringLiteral("--timeline-at needs --screenshot FILE.png, --save-model FILE or --export-panel NAME.");
    if (o.timelineAt && *o.timelineAt > o.afterBatches)
        return QStringLiteral("--timeline-at %1 is after the %2 batches of --after-batches: the timeline holds batches 0 to %2.")
                .arg(*o.timelineAt).arg(o.afterBatches);
    return {};
}

void applySessionOptions(MainWindow &window, const GuiOptions &o)
{
    TrainConfig config = window.controller()->config();
    if (o.tuned) {
        const std::uint64_t seed = config.seed;
        config = withRecipe(config, *o.tuned ? Recipe::Tuned : Recipe::Source);
        config.seed = seed;
    }
    if (o.epochs)
        config.epochs = *o.epochs;
    if (o.batch)
        config.batch = *o.batch;
    if (o.seed)
        config.seed = std::uint64_t(*o.seed);
    if (o.replicas)
        config.replicas = *o.replicas;
    if (o.trainSubset)
        config.trainSubset = std::size_t(*o.trainSubset);
    if (o.lr)
        config.lr = *o.lr;
    if (o.layers) {
        config.network = withLayers(*o.layers, o.activation.value_or(config.network.activation));
        config.init = initFor(config.network);
    } else if (o.hidden || o.activation) {
        if (o.hidden) // the widths name the network: no layer list stays
            config.network.layers.clear();
        config = withNetwork(config, o.hidden.value_or(config.network.hidden),
                             o.activation.value_or(config.network.activation));
    }
    if (o.weightDecay)
        config.weightDecay = *o.weightDecay;
    window.setTrainingConfig(config); // the session's: not saved
    if (o.pace)
        window.controller()->setPace(*o.pace);
    int view = o.view;
    if (view < 0 && !o.exportPanel.isEmpty()) // the panel exported is on screen in the picture
        view = int(*PanelUi::viewOf(o.exportPanel));
    if (view >= 0)
        window.setView(MainWindow::View(view), SettingOrigin::Session);
    if (view == int(MainWindow::View::Step)) {
        if (o.batch) // the batch pages: the image and the batch - 1 after it
            window.stepView()->setBatchSize(*o.batch);
        if (!o.stepModel.isEmpty()) // its message, if it cannot be used, is in the view's model line
            window.stepView()->loadModelFile(o.stepModel);
        window.showStepSample(o.stepTest, o.stepIndex, o.stepStage);
    }
}

StartData openAtStart(MainWindow &window, const GuiOptions &o, const QString &remembered)
{
    StartData out;
    if (!o.lesson.isEmpty()) {
        out.lessonError = window.lessons()->open(o.lesson, o.lessonStep - 1);
        out.lessonData = out.lessonError.isEmpty();
        if (!out.lessonError.isEmpty() && o.automation())
            return out;
    }
    // The data: the flags, else the last data set, else the best one found (core's lookup order).
    if (!o.dataDir.isEmpty() || !o.dataset.isEmpty() || remembered.isEmpty() || !looksLikeDataFolder(remembered)) {
        const auto found = findDataFolder(o.dataDir.toStdString(), parseKnownDataset(o.dataset.toStdString()));
        if (found)
            out.folder = QString::fromStdString(*found);
        else
            out.findError = QString::fromStdString(found.error());
    } else {
        out.folder = remembered;
    }
    // A folder the flags name is for this session; the remembered or the best found is the user's.
    const bool flagData = !o.dataDir.isEmpty() || !o.dataset.isEmpty();
    if (!out.lessonData && !out.folder.isEmpty())
        window.openData(out.folder, flagData ? SettingOrigin::Session : SettingOrigin::User);
    else if (!out.lessonData)
        window.showDataError(out.findError);
    if (!out.lessonError.isEmpty())
        window.banner()->showMessage(
                QCoreApplication::translate("bplab", "This lesson cannot be opened: %1").arg(out.lessonError));
    return out;
}

} // namespace bplab
