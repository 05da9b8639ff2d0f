#include "drawpage.h"

#include "trainingcontroller.h"

#include <drawnstore.h>
#include <drawview.h>
#include <data/idx.h>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QLocale>
#include <QTimer>

#include <memory>

namespace bplab {

namespace {

/** The first test image of the data folder as a 28x28 grey QImage (null when unreadable). */
QImage firstTestImage(const QString &folder, int &label)
{
    for (const QString &name : {QStringLiteral("t10k-images-idx3-ubyte.gz"), QStringLiteral("t10k-images-idx3-ubyte")}) {
        const QString path = folder + QLatin1Char('/') + name;
        if (!QFileInfo::exists(path))
            continue;
        const Result<IdxImages> images = readIdxImages(path.toStdString());
        if (!images || images->count == 0 || images->rows != kImageSide || images->cols != kImageSide)
            return {};
        QString labelsPath = path;
        labelsPath.replace(QStringLiteral("images-idx3"), QStringLiteral("labels-idx1"));
        const Result<IdxLabels> labels = readIdxLabels(labelsPath.toStdString());
        label = labels && !labels->labels.empty() ? labels->labels[0] : -1;
        GreyImage g(kImageSide, kImageSide);
        std::copy_n(images->pixels.begin(), kInputs, g.pixels.begin());
        return imageFromGrey(g);
    }
    return {};
}

} // namespace

void connectDrawView(DrawView *view, TrainingController *c, std::function<void(qint64)> shownBatch)
{
    // The weights every view shows: the timeline's cursor (the latest while training), or a
    // model file's.
    auto refresh = [view, c, shownBatch] {
        const VisualPtr shown = c->shown();
        // The network trained, by its layers in the visual, whatever its shape.
        const bool weights = shown && shown->weights;
        view->setNetwork(shown ? shown->network : c->trainedConfig().network, weights ? shown->weights : nullptr,
                         c->trainedConfig().normalize);
        QString note;
        if (weights && shown && shown->modelFile.isEmpty() && shown->weightsStep == 0)
            note = QObject::tr("Untrained weights: press Start to train, the bars follow.");
        else if (weights && shown)
            note = TrainingController::captionOf(*shown)
                   + (c->isRunning() ? QObject::tr(", updated while training") : QString());
        view->setModelNote(note);
        if (shownBatch)
            shownBatch(shown && shown->modelFile.isEmpty() ? qint64(shown->weightsStep) : -1);
    };
    // Snapshots come up to 10 times a second while training; the bars need a new model far less
    // often, and the timer catches the last one when snapshots stop.
    auto sinceSwap = std::make_shared<QElapsedTimer>();
    sinceSwap->start();
    QObject::connect(c, &TrainingController::visualReady, view, [refresh, sinceSwap](VisualPtr s) {
        if (!s->live || sinceSwap->elapsed() >= 250) {
            sinceSwap->restart();
            refresh();
        }
    });
    auto *timer = new QTimer(view);
    timer->setInterval(1000);
    QObject::connect(timer, &QTimer::timeout, view, refresh);
    timer->start();
    QObject::connect(c, &TrainingController::stateChanged, view, refresh);
    QObject::connect(c, &TrainingController::historyChanged, view, [refresh](const HistoryEvent &e) {
        if (std::holds_alternative<HistoryRestart>(e))
            refresh();
    });
    QObject::connect(c, &TrainingController::dataChanged, view, [c, view, refresh] {
        const DatasetInfoPtr info = c->dataset();
        if (!info)
            return;
        view->setClassNames(info->classNames);
        if (view->canvas()->isEmpty() && !view->canvas()->hasPicture()) {
            int label = -1;
            const QImage example = firstTestImage(info->folder, label);
            if (!example.isNull())
                view->setPicture(example, label >= 0 ? QObject::tr("Example: test image 0 (label %1). Draw to replace it.").arg(label)
                                                     : QObject::tr("Example: test image 0. Draw to replace it."));
        }
        refresh();
    });
}

} // namespace bplab
