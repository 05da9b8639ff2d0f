#pragma once
// What QSettings remembers between sessions: the hyperparameters, the last data set, the folders
// opened before and the view (the window layout is saved by the main window itself), and
// UserSettings, which tells the user's own choices from what a lesson or a flag set for a session.

#include "controlbar.h"

#include <train/trainer.h>

#include <QSettings>
#include <QStringList>

namespace bplab {

struct StoredTraining {
    TrainConfig config;
    Recipe recipe = Recipe::Source;
};

StoredTraining readTraining(const QSettings &settings);
void writeTraining(QSettings &settings, const TrainConfig &config, Recipe recipe);

QString readLastDataset(const QSettings &settings);
QStringList readOpenedFolders(const QSettings &settings);
/** Remembers folder as the last data set and adds it to the opened folders (at most 8). */
void writeDataset(QSettings &settings, const QString &folder);

/** Where a value the window uses came from: the user's own choice is remembered; a lesson's or a
 *  command-line flag's lasts for this session only. */
enum class SettingOrigin { User, Session };

/**
 * The user's settings: read once at the start, changed only by the user's own choices, written
 * back at the end. A lesson or a flag changes what the session uses (the controller's config, the
 * view, the data) but never these values, so the file keeps the user's settings as they were. A
 * group the user did not change this session is not written at all: the file then stays byte for
 * byte what it was.
 */
class UserSettings
{
public:
    /** The values in `settings` become the user's (and what write() compares against). */
    void read(const QSettings &settings);
    const StoredTraining &training() const { return m_training; }
    /** The user chose these hyperparameters (the toolbar, a recipe, a snapshot they opened). */
    void chooseTraining(const TrainConfig &config);
    /** The user chose view `view` (the sidebar, the View menu, a jump they asked for). */
    void chooseView(int view) { m_view = view; }
    /** The view the user chose last; -1 before read() found one. */
    int view() const { return m_view; }
    /** The user turned View > High contrast on or off. */
    void chooseHighContrast(bool on) { m_highContrast = on; }
    /** High contrast as the user chose it last; before any choice, what the desktop asks for. */
    bool highContrast() const { return m_highContrast; }
    /** Writes the training and the view when the user changed them since read(). The data set is
     *  written when it is read (writeDataset()), only for a folder the user chose. */
    void write(QSettings &settings) const;

private:
    StoredTraining m_training, m_readTraining;
    int m_view = -1, m_readView = -1;
    bool m_highContrast = false, m_readHighContrast = false;
};

} // namespace bplab
