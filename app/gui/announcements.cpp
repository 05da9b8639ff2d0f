#include "announcements.h"

#include "announcer.h"
#include "lessonrunner.h"
#include "mainwindow.h"
#include "lessonui.h"
#include "trainingcontroller.h"

#include <drawcanvas.h>
#include <drawview.h>
#include <probabilitybars.h>
#include <stepmodel.h>
#include <stepview.h>

#include <QCoreApplication>
#include <QLocale>
#include <QStackedWidget>

#include <memory>

namespace bplab {

namespace {
// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text)
{
    return QCoreApplication::translate("bplab", text);
}

QString percent(double v)
{
    return QLocale().toString(v, 'f', 2);
}
} // namespace

void announceChanges(MainWindow *window, Announcer *announcer)
{
    TrainingController *c = window->controller();
    auto lastEpoch = std::make_shared<EpochReport>();
    QObject::connect(c, &TrainingController::historyChanged, announcer, [announcer, lastEpoch](const HistoryEvent &event) {
        if (std::holds_alternative<HistoryRestart>(event))
            *lastEpoch = {};
        const auto *e = std::get_if<EpochReport>(&event);
        if (!e)
            return;
        *lastEpoch = *e;
        announcer->announce(tr("Epoch %1: test accuracy %2 %, test loss %3")
                                    .arg(e->epoch)
                                    .arg(percent(e->testAccuracy), QLocale().toString(e->testLoss, 'f', 4)),
                            QStringLiteral("epoch"));
    });
    QObject::connect(c, &TrainingController::stateChanged, announcer, [announcer, lastEpoch](TrainingState s) {
        if (s != TrainingState::Finished)
            return;
        if (lastEpoch->epoch > 0)
            announcer->announce(tr("Training finished after epoch %1: test accuracy %2 %")
                                        .arg(lastEpoch->epoch)
                                        .arg(percent(lastEpoch->testAccuracy)),
                                QStringLiteral("run"));
        else
            announcer->announce(tr("Training finished"), QStringLiteral("run"));
    });
    QObject::connect(c, &TrainingController::notice, announcer, [announcer](const Notice &notice) {
        const auto *divergence = std::get_if<Divergence>(&notice);
        if (!divergence)
            return;
        const Divergence &d = *divergence;
        announcer->alert(tr("Training paused: %1 was not finite at epoch %2, batch %3, learning rate %4. "
                            "Try %5.")
                                 .arg(QString::fromStdString(d.quantity))
                                 .arg(d.epoch)
                                 .arg(d.batch)
                                 .arg(QLocale().toString(d.lr, 'g', 4), QLocale().toString(d.suggestedLr, 'g', 4)));
    });

    // The Step view's stage, when it changes and the view is on screen.
    StepView *step = window->stepView();
    auto shownStage = std::make_shared<int>(step->model()->stage());
    QObject::connect(step->model(), &StepModel::stateChanged, announcer, [announcer, step, shownStage] {
        const int stage = step->model()->stage();
        if (stage == *shownStage)
            return;
        *shownStage = stage;
        if (step->isVisible())
            announcer->announce(tr("Stage %1").arg(step->pageTitle()), QStringLiteral("stage"));
    });

    // The Draw view's answer after each stroke.
    if (auto *draw = window->findChild<DrawView *>()) {
        QObject::connect(draw->canvas(), &DrawCanvas::strokeFinished, announcer,
                         [announcer, draw] { announcer->announce(draw->bars()->accessibleSummary()); });
    }

    // A lesson's step (its text and question) and a revealed answer.
    if (LessonRunner *lessons = window->lessons()->runner()) {
        QObject::connect(lessons, &LessonRunner::stepShown, announcer,
                         [announcer](const QString &position, const QString &text, const QString &question) {
                             QString said = position + QStringLiteral(". ") + text;
                             if (!question.isEmpty())
                                 said += QLatin1Char(' ') + question;
                             announcer->announce(said);
                         });
        QObject::connect(lessons, &LessonRunner::revealed, announcer,
                         [announcer](const QString &result) { announcer->announce(result); });
    }
}

} // namespace bplab
