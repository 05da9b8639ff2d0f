#include "pictureimportdialog.h"

#include <background.h>
#include <data/dataset.h>
#include <pictureimport.h>
#include <picturereader.h>

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QLocale>

namespace bplab {

PictureImportDialog::Outcome
PictureImportDialog::importInto(const QString &source, const QString &trainingFrom,
                                const QString &cache, FolderKind kind, ImportTarget as,
                                const std::shared_ptr<std::atomic<bool>> &cancel,
                                const std::function<void(std::size_t, std::size_t)> &progress)
{
    Outcome out;
    const std::string folder = cache.toStdString();
    const bool asTrain = as == ImportTarget::Train;
    if (kind == FolderKind::TestSet && asTrain) {
        // A test set alone (e.g. the digits collected in the Draw view) as a training set: a copy
        // under the training set's names.
        const Result<DataSplit> loaded = loadDataFolder(source.toStdString());
        if (!loaded) {
            out.error = QString::fromStdString(loaded.error());
            return out;
        }
        if (const Status written = writeImportedSet(folder, loaded->test, ImportTarget::Train); !written) {
            out.error = QString::fromStdString(written.error());
            return out;
        }
        out.summary = tr("The test set of %1 as the training set: %2 images.")
                              .arg(source, QLocale().toString(qulonglong(loaded->test.size())));
    } else if (kind == FolderKind::TestSet) {
        if (const Status linked = linkDataSet(source.toStdString(), folder, ImportTarget::Test);
            !linked) {
            out.error = QString::fromStdString(linked.error());
            return out;
        }
    } else {
        const PictureScan scan = scanPictureFolders({source.toStdString()});
        const Result<ImportedPictures> imported
                = importPictures(scan, qtPictureReader(), [&](std::size_t done, std::size_t total) {
                      progress(done, total);
                      return !cancel->load();
                  });
        if (!imported) {
            out.error = QString::fromStdString(imported.error());
            return out;
        }
        const std::string skipped = summarizeSkips(imported->skipped);
        if (imported->data.size() == 0) {
            out.error = tr("No picture could be imported from %1 (%2).")
                                .arg(source, QString::fromStdString(skipped));
            return out;
        }
        if (const Status written = writeImportedSet(folder, imported->data, as, imported->files); !written) {
            out.error = QString::fromStdString(written.error());
            return out;
        }
        out.summary = (asTrain ? tr("Pictures imported from %1 as the training set: %2.")
                               : tr("Pictures imported from %1 as the test set: %2."))
                              .arg(source, QLocale().toString(qulonglong(imported->data.size())));
        if (!skipped.empty())
            out.summary += QLatin1Char(' ') + QString::fromStdString(skipped);
    }
    // The other set from the data open: its training set beside a test set, or its test set.
    if (const Status linked = linkDataSet(trainingFrom.toStdString(), folder,
                                          asTrain ? ImportTarget::Test : ImportTarget::Train);
        !linked) {
        out.error = QString::fromStdString(linked.error());
        return out;
    }
    out.folder = cache;
    return out;
}

PictureImportDialog::FolderKind PictureImportDialog::kindOf(const QString &folder)
{
    const QDir dir(folder);
    if (!dir.entryList({QStringLiteral("train*-idx*")}, QDir::Files).isEmpty())
        return FolderKind::Data;
    if (!dir.entryList({QStringLiteral("t10k-*-idx*")}, QDir::Files).isEmpty())
        return FolderKind::TestSet;
    const QStringList pictures
            = {QStringLiteral("*.png"), QStringLiteral("*.jpg"), QStringLiteral("*.jpeg"),
               QStringLiteral("*.bmp"), QStringLiteral("*.pgm")};
    if (!dir.entryList(pictures, QDir::Files).isEmpty())
        return FolderKind::Pictures;
    for (int digit = 0; digit < 10; ++digit)
        if (QFileInfo(dir.filePath(QString::number(digit))).isDir())
            return FolderKind::Pictures;
    return FolderKind::Data;
}

QString PictureImportDialog::cacheFolderFor(const QString &source)
{
    return cacheFolderFor(source, ImportTarget::Test);
}

QString PictureImportDialog::cacheFolderFor(const QString &source, ImportTarget as)
{
    const QFileInfo info(source);
    const QString path = info.canonicalFilePath().isEmpty() ? info.absoluteFilePath()
                                                            : info.canonicalFilePath();
    const QString hash = QString::fromLatin1(
            QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex().left(12));
    return QString::fromStdString(appDataFolder()) + QStringLiteral("/imported/") + hash
           + QLatin1Char('/') + QFileInfo(path).fileName()
           + (as == ImportTarget::Train ? QStringLiteral("-train") : QString());
}

PictureImportDialog::PictureImportDialog(const QString &source, const QString &trainingFrom,
                                         QWidget *parent)
    : QProgressDialog(parent)
    , m_source(source)
    , m_trainingFrom(trainingFrom)
    , m_as(ImportTarget::Test)
    , m_shared(std::make_shared<Shared>())
{
    setWindowTitle(tr("Import pictures"));
    setLabelText(tr("Importing the pictures of %1 ...").arg(QDir::toNativeSeparators(source)));
    setMinimumDuration(300);
    setAutoClose(false);
    setAutoReset(false);
    setRange(0, 0);
    connect(this, &QProgressDialog::canceled, this, [this] { m_shared->cancel.store(true); });
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        const std::size_t total = m_shared->total.load();
        if (total > 0) {
            setMaximum(int(total));
            setValue(int(m_shared->done.load()));
        }
    });
}

PictureImportDialog::~PictureImportDialog()
{
    m_shared->cancel.store(true);
    m_import.waitForFinished();
}

void PictureImportDialog::start()
{
    const FolderKind kind = kindOf(m_source);
    const QString cache = cacheFolderFor(m_source, m_as);
    const std::shared_ptr<Shared> shared = m_shared;
    const auto cancel = std::shared_ptr<std::atomic<bool>>(shared, &shared->cancel);
    m_poll.start();
    m_import = runInBackground(
            this,
            [source = m_source, training = m_trainingFrom, cache, kind, as = m_as, cancel, shared] {
                return importInto(source, training, cache, kind, as, cancel,
                                  [shared](std::size_t done, std::size_t total) {
                                      shared->total.store(total);
                                      shared->done.store(done);
                                  });
            },
            [this](const Outcome &outcome) { finish(outcome); });
}

void PictureImportDialog::finish(const Outcome &outcome)
{
    m_poll.stop();
    if (!outcome.folder.isEmpty())
        emit ready(outcome.folder, outcome.summary);
    else if (!m_shared->cancel.load())
        emit failed(outcome.error);
    reset(); // stops the timer that would show the dialog after minimumDuration
    close();
}

} // namespace bplab
