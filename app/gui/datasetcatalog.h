#pragma once
// The data sets the data set box offers: the known ones found on this computer ($BPLAB_DATA, full
// MNIST, the offline sample, Fashion-MNIST) and folders the user opened before.

#include <data/dataset.h>

#include <QList>
#include <QString>
#include <QStringList>

namespace bplab {

/** An entry of the data set box. */
struct DatasetChoice {
    QString label;
    QString folder;
};

/** True when folder holds an IDX training image file (train-images-idx3-ubyte[.gz] or
 *  train<tag>-images-idx3-ubyte[.gz]). Does not read it. */
bool looksLikeDataFolder(const QString &folder);

/** A short name for the box: the known data set's name, else the folder's name. */
QString datasetLabel(const QString &folder);

/** The canonical folder of a known data set when it holds data on this computer, else "". */
QString installedDataset(KnownDataset which);

/** The known data sets that exist, then extraFolders (deduplicated, existing ones only). */
QList<DatasetChoice> findDatasets(const QStringList &extraFolders = {});

} // namespace bplab
