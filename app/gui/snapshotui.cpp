#include "snapshotui.h"

#include "autosnapshotdialog.h"
#include "controlbar.h"
#include "trainingcontroller.h"
#include "windowaction.h"

#include <data/dataset.h>
#include <messagebanner.h>
#include <train/snapshot.h>

#include <QAction>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>

#include <cmath>

namespace bplab {

namespace {
const QString kSuffix = QString::fromLatin1(kSnapshotSuffix);

QString fileName(const QString &path)
{
    return QFileInfo(path).fileName();
}
} // namespace

SnapshotUi::SnapshotUi(QMainWindow *window, TrainingController *controller, MessageBanner *banner,
                       ControlBar *controls)
    : QObject(window), m_window(window), m_controller(controller), m_banner(banner), m_controls(controls)
{
    const auto make = [this](const QString &name, const QString &text, const QString &tip,
                             const QKeySequence &key = {}) {
        return addWindowAction(m_window, name, text, tip, key.isEmpty() ? QList<QKeySequence>() : QList {key});
    };
    m_save = make(QStringLiteral("actionSaveSnapshot"), tr("&Save snapshot..."),
                  tr("Save the whole training state (weights, optimiser, position, loss history) to "
                     "continue exactly from here later (Ctrl+S)"),
                  QKeySequence::Save);
    m_open = make(QStringLiteral("actionOpenSnapshot"), tr("Open s&napshot..."),
                  tr("Continue training exactly where a snapshot was taken (Ctrl+Shift+O)"),
                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_resume = make(QStringLiteral("actionResume"), tr("&Resume last run"),
                    tr("Continue from the newest automatic snapshot (an older one if the newest "
                       "is damaged)"));
    m_settings = make(QStringLiteral("actionAutoSnapshots"), tr("&Automatic snapshots..."),
                      tr("How often the training state is saved by itself, where, and how many "
                         "snapshots are kept"));
    connect(m_save, &QAction::triggered, this, &SnapshotUi::saveAs);
    connect(m_open, &QAction::triggered, this, &SnapshotUi::open);
    connect(m_resume, &QAction::triggered, this, [this] {
        m_banner->hide();
        m_controller->resumeLatest();
    });
    connect(m_settings, &QAction::triggered, this, &SnapshotUi::editSettings);

    TrainingController *c = m_controller;
    // The divergence's advice is taken once the rate is another or training runs again: its
    // banner goes (a projector's 800 px need the room); other messages stay.
    const auto adviceTaken = [this] {
        if (m_divergedLr && m_banner->isVisible() && m_banner->text() == m_divergenceText
            && (m_controller->config().lr != *m_divergedLr || m_controller->state() == TrainingState::Running)) {
            m_banner->hide();
            m_divergedLr.reset();
        }
    };
    connect(c, &TrainingController::settingsChanged, this, adviceTaken);
    connect(c, &TrainingController::stateChanged, this, adviceTaken);
    connect(c, &TrainingController::notice, this, [this](const Notice &notice) {
        if (const auto *d = std::get_if<Divergence>(&notice)) {
            onDiverged(*d);
        } else if (const auto *failed = std::get_if<SnapshotFailed>(&notice)) {
            onFailed(failed->message, failed->previous);
        } else if (const auto *saved = std::get_if<SnapshotSaved>(&notice)) {
            m_window->statusBar()->showMessage(
                    saved->automatic ? tr("Automatic snapshot %1 (%2)").arg(fileName(saved->path), saved->description)
                                     : tr("Saved snapshot %1: %2").arg(saved->path, saved->description),
                    saved->automatic ? 3000 : 8000);
        }
    });
    connect(c, &TrainingController::historyChanged, this, [this](const HistoryEvent &event) {
        if (const auto *restored = std::get_if<RestoredSnapshot>(&event))
            onRestored(*restored);
    });
    connect(c, &TrainingController::stateChanged, this, &SnapshotUi::updateActions);
    updateActions();
}

QList<QAction *> SnapshotUi::actions() const
{
    return {m_save, m_open, m_resume, m_settings};
}

QString SnapshotUi::defaultFolder()
{
    return QDir(QString::fromStdString(appDataFolder())).filePath(QStringLiteral("snapshots"));
}

AutoSnapshotSettings SnapshotUi::readSettings(const QSettings &s)
{
    AutoSnapshotSettings a;
    a.enabled = s.value(QStringLiteral("snapshots/automatic"), true).toBool();
    a.folder = s.value(QStringLiteral("snapshots/folder"), defaultFolder()).toString();
    if (a.folder.isEmpty())
        a.folder = defaultFolder();
    a.everyBatches = std::max(0, s.value(QStringLiteral("snapshots/everyBatches"), a.everyBatches).toInt());
    a.everyMinutes = std::max(0, s.value(QStringLiteral("snapshots/everyMinutes"), a.everyMinutes).toInt());
    a.keep = std::max(1, s.value(QStringLiteral("snapshots/keep"), kDefaultSnapshotKeep).toInt());
    return a;
}

void SnapshotUi::writeSettings(QSettings &s, const AutoSnapshotSettings &a)
{
    s.setValue(QStringLiteral("snapshots/automatic"), a.enabled);
    s.setValue(QStringLiteral("snapshots/folder"), a.folder);
    s.setValue(QStringLiteral("snapshots/everyBatches"), a.everyBatches);
    s.setValue(QStringLiteral("snapshots/everyMinutes"), a.everyMinutes);
    s.setValue(QStringLiteral("snapshots/keep"), a.keep);
}

void SnapshotUi::loadSettings(const QSettings &settings)
{
    m_controller->setAutoSnapshot(readSettings(settings));
    m_chosen = settings.contains(QStringLiteral("snapshots/automatic"));
    updateActions();
}

void SnapshotUi::saveSettings(QSettings &settings) const
{
    if (m_chosen)
        writeSettings(settings, m_controller->autoSnapshot());
}

bool SnapshotUi::editSettings()
{
    AutoSnapshotDialog dialog(m_controller->autoSnapshot(), defaultFolder(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    m_controller->setAutoSnapshot(dialog.settings());
    m_chosen = true;
    updateActions();
    return true;
}

void SnapshotUi::updateActions()
{
    const TrainingState s = m_controller->state();
    m_save->setEnabled(s == TrainingState::Paused || s == TrainingState::Running
                       || s == TrainingState::Finished);
    const QString folder = m_controller->autoSnapshot().folder;
    m_resume->setEnabled(s != TrainingState::Loading && !folder.isEmpty());
}

void SnapshotUi::saveAs()
{
    // The state between two batches: pause first (the worker writes it after the batch).
    m_controller->pause();
    QString dir = m_controller->autoSnapshot().folder;
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    QString file = QFileDialog::getSaveFileName(
            m_window, tr("Save a training snapshot"),
            QDir(dir).filePath(QStringLiteral("training%1").arg(kSuffix)),
            tr("Training snapshot (*%1)").arg(kSuffix));
    if (file.isEmpty())
        return;
    if (!file.endsWith(kSuffix))
        file += kSuffix;
    m_controller->saveSnapshot(file);
}

void SnapshotUi::open()
{
    QString dir = m_controller->autoSnapshot().folder;
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    const QString file = QFileDialog::getOpenFileName(
            m_window, tr("Open a training snapshot"), dir,
            tr("Training snapshot (*%1);;All files (*)").arg(kSuffix));
    if (file.isEmpty())
        return;
    openFile(file);
}

void SnapshotUi::openFile(const QString &file)
{
    m_banner->hide();
    m_controller->openSnapshot(file);
}

namespace {
/** A rate the toolbar's learning-rate box can hold (its lower end is 1e-4). */
double toolbarRate(double lr)
{
    return std::isfinite(lr) && lr > 0 ? std::max(1e-4, lr) : 0.01;
}

QString numberText(double v)
{
    return QString::number(v, 'g', 6);
}
} // namespace

double SnapshotUi::smallerLearningRate(double lr)
{
    return toolbarRate(suggestedLearningRate(lr));
}

QString SnapshotUi::divergenceSummary(const Divergence &d)
{
    if (d.quantity.empty())
        return tr("Training paused: %1").arg(QString::fromStdString(d.message));
    // What diverged, said without NaN or inf on the screen.
    const QString quantity = QString::fromStdString(d.quantity);
    const QString what = std::isnan(d.value)   ? tr("%1 was no longer a number").arg(quantity)
                         : std::isinf(d.value) ? tr("%1 overflowed").arg(quantity)
                                               : tr("%1 became %2 (limit %3)")
                                                         .arg(quantity, numberText(d.value),
                                                              numberText(d.lossLimit));
    return tr("Paused at lr %1: %2 in epoch %3, batch %4. The weights are back to their last "
              "finite values; try a smaller rate:")
            .arg(numberText(d.lr), what)
            .arg(d.epoch)
            .arg(d.batch);
}

void SnapshotUi::onDiverged(const Divergence &d)
{
    const double smaller = toolbarRate(d.suggestedLr);
    const QString message = QString::fromStdString(d.message);
    // One line in a 1280-pixel window, two at a projector's font; the trainer's whole sentence
    // is the tooltip.
    m_divergenceText = divergenceSummary(d);
    m_divergedLr = m_controller->config().lr;
    m_banner->showMessage(m_divergenceText);
    m_banner->setDetails(message);
    m_banner->addButton(tr("Use lr %1").arg(smaller), QStringLiteral("useSmallerLearningRate"),
                        [this, smaller] {
                            m_controller->setLearningRate(smaller); // the toolbar shows it
                            m_window->statusBar()->showMessage(
                                    tr("Learning rate %1: press Start (Space) to continue from the "
                                       "last finite weights").arg(smaller), 8000);
                        });
}

void SnapshotUi::onFailed(const QString &message, const QString &previous)
{
    m_banner->showMessage(message);
    if (previous.isEmpty())
        return;
    m_banner->addButton(tr("Open the previous snapshot (%1)").arg(fileName(previous)),
                        QStringLiteral("openPreviousSnapshot"),
                        [this, previous] { m_controller->openSnapshot(previous); });
}

void SnapshotUi::onRestored(const RestoredSnapshot &restored)
{
    m_window->statusBar()->showMessage(
            tr("Continuing from %1: %2").arg(fileName(restored.path), restored.description), 10000);
    if (!restored.skipped.isEmpty())
        m_banner->showMessage(tr("Continuing from the older snapshot %1; newer ones were refused: %2")
                                      .arg(fileName(restored.path), restored.skipped.join(QStringLiteral("; "))));
}

} // namespace bplab
