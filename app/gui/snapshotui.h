#pragma once
// The app's side of training snapshots and of the divergence guard: File > Save snapshot...,
// Open snapshot..., Resume and Automatic snapshots..., the settings remembered with QSettings,
// and the banner that says what went wrong and offers the way out (the previous snapshot, a
// smaller learning rate). The controller's worker does every file operation.

#include "snapshots.h"

#include <QList>
#include <QObject>

#include <optional>

class QAction;
class QMainWindow;
class QSettings;

namespace bplab {

class ControlBar;
class MessageBanner;
class TrainingController;

class SnapshotUi : public QObject
{
    Q_OBJECT
public:
    SnapshotUi(QMainWindow *window, TrainingController *controller, MessageBanner *banner,
               ControlBar *controls);

    /** Save, Open, Resume, then the settings action (for the File menu). */
    QList<QAction *> actions() const;
    QAction *saveAction() const { return m_save; }
    QAction *openAction() const { return m_open; }

    /** The remembered automatic snapshot setting (on by default, in the app data folder). */
    static AutoSnapshotSettings readSettings(const QSettings &settings);
    static void writeSettings(QSettings &settings, const AutoSnapshotSettings &autoSnapshot);
    /** appDataFolder()/snapshots. */
    static QString defaultFolder();

    /** Applies the remembered setting to the controller (the defaults when none is). */
    void loadSettings(const QSettings &settings);
    /** Writes the setting when the user chose it (now or in an earlier session): the defaults
     *  are never written on their own. */
    void saveSettings(QSettings &settings) const;
    /** Shows the Automatic snapshots dialog; true when accepted (and applied). */
    bool editSettings();
    /** The learning rate the divergence banner proposes for a rate that diverged: the core's
     *  suggestedLearningRate(), kept within the toolbar's range. */
    static double smallerLearningRate(double lr);
    /** The banner's short form of a divergence (what diverged, at which rate, where, and that
     *  the weights are the last finite ones), from its fields; its message when it names no
     *  quantity. */
    static QString divergenceSummary(const Divergence &divergence);

    /** File > Open snapshot... after the dialog: continues from `file`, also a data-parallel one
     *  (train --workers N) on its N replicas. */
    void openFile(const QString &file);

private:
    void saveAs();
    void open();
    void updateActions();
    void onDiverged(const Divergence &divergence);
    void onFailed(const QString &message, const QString &previous);
    void onRestored(const RestoredSnapshot &restored);

    QMainWindow *m_window;
    TrainingController *m_controller;
    MessageBanner *m_banner;
    ControlBar *m_controls;
    QAction *m_save = nullptr;
    QAction *m_open = nullptr;
    QAction *m_resume = nullptr;
    QAction *m_settings = nullptr;
    bool m_chosen = false; // the user's setting, not the defaults
    QString m_divergenceText;           // the banner's text while it shows a divergence
    std::optional<double> m_divergedLr; // the rate that diverged, until its advice is taken
};

} // namespace bplab
