#pragma once
// What QSettings remembers between sessions: the hyperparameters, the last data set and the folders
// opened before (the window layout is saved by the main window itself).

#include "controlbar.h"

#include <trainer.h>

#include <QSettings>
#include <QStringList>

namespace bplab {

struct StoredTraining {
    TrainConfig config;
    ControlBar::Recipe recipe = ControlBar::SourceRecipe;
};

StoredTraining readTraining(const QSettings &settings);
void writeTraining(QSettings &settings, const TrainConfig &config, ControlBar::Recipe recipe);

QString readLastDataset(const QSettings &settings);
QStringList readOpenedFolders(const QSettings &settings);
/** Remembers folder as the last data set and adds it to the opened folders (at most 8). */
void writeDataset(QSettings &settings, const QString &folder);

} // namespace bplab
