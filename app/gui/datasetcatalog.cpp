#include "datasetcatalog.h"

#include <data/dataset.h>

#include <QDir>
#include <QFileInfo>

namespace bplab {

namespace {
QString canonical(const QString &folder)
{
    const QString c = QFileInfo(folder).canonicalFilePath();
    return c.isEmpty() ? QDir::cleanPath(folder) : c;
}

QString knownFolder(KnownDataset which)
{
    return canonical(QString::fromStdString(knownDatasetFolder(which)));
}
} // namespace

bool looksLikeDataFolder(const QString &folder)
{
    if (folder.isEmpty())
        return false;
    const QDir dir(folder);
    return dir.exists()
           && !dir.entryList({QStringLiteral("train*-images-idx3-ubyte"),
                              QStringLiteral("train*-images-idx3-ubyte.gz")},
                             QDir::Files)
                   .isEmpty();
}

QString datasetLabel(const QString &folder)
{
    const QString c = canonical(folder);
    if (c == knownFolder(KnownDataset::Mnist))
        return QObject::tr("MNIST");
    if (c == knownFolder(KnownDataset::Sample))
        return QObject::tr("MNIST sample (offline)");
    if (c == knownFolder(KnownDataset::Fashion))
        return QObject::tr("Fashion-MNIST");
    const QString name = QFileInfo(c).fileName();
    return name.isEmpty() ? c : name;
}

QString installedDataset(KnownDataset which)
{
    const QString folder = knownFolder(which);
    return looksLikeDataFolder(folder) ? folder : QString();
}

QList<DatasetChoice> findDatasets(const QStringList &extraFolders)
{
    QStringList folders;
    const QString env = qEnvironmentVariable("BPLAB_DATA");
    if (!env.isEmpty())
        folders << env;
    folders << knownFolder(KnownDataset::Mnist) << knownFolder(KnownDataset::Sample)
            << knownFolder(KnownDataset::Fashion) << extraFolders;
    QList<DatasetChoice> out;
    QStringList seen;
    for (const QString &f : folders) {
        const QString c = canonical(f);
        if (seen.contains(c) || !looksLikeDataFolder(c))
            continue;
        seen << c;
        out.append({datasetLabel(c), c});
    }
    return out;
}

} // namespace bplab
