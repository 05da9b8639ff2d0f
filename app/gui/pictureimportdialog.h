#pragma once
// File > Open data folder for a folder without a training set: pictures of digits (folders 0-9 or
// a leading digit in each name, as import-images) are imported as the test set of a folder in the
// application data folder, an IDX test set is linked there, and the training set of the data
// already open is linked beside it; then ready(folder). Imported as the training set instead
// (setTarget), they become that folder's training set beside the open data's test set. The
// progress dialog's Cancel stops the import, and nothing is written until it is complete.

#include <QFuture>
#include <QProgressDialog>
#include <QString>
#include <QTimer>

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>

namespace bplab {

enum class ImportTarget; // pictureimport.h: Test or Train

class PictureImportDialog : public QProgressDialog
{
    Q_OBJECT
public:
    /** What a folder chosen in File > Open data folder holds. */
    enum class FolderKind {
        Data,     ///< a training set of IDX files (opened as it is)
        TestSet,  ///< t10k IDX files only
        Pictures, ///< pictures, at its top or in folders 0-9
    };
    static FolderKind kindOf(const QString &folder);
    /** Where source is imported: appDataFolder()/imported/<hash of the path>/<its name> (as a
     *  training set: <its name>-train). */
    static QString cacheFolderFor(const QString &source);
    static QString cacheFolderFor(const QString &source, ImportTarget as);

    /** source: the folder chosen; trainingFrom: the data folder whose training set goes beside it.
     */
    PictureImportDialog(const QString &source, const QString &trainingFrom,
                        QWidget *parent = nullptr);
    ~PictureImportDialog() override;

    /** The set the pictures become (before start(); default the test set). */
    void setTarget(ImportTarget as) { m_as = as; }
    /** Starts the import off the GUI thread. */
    void start();
    /** True until the import thread has ended (after its result or Cancel). */
    bool isRunning() const { return m_import.isRunning(); }

    struct Outcome
    {
        QString folder;  ///< the folder to open ("" after an error or Cancel)
        QString summary; ///< "imported 60 pictures; 2 skipped: ..."
        QString error;
    };

signals:
    void ready(const QString &folder, const QString &summary);
    void failed(const QString &message);

private:
    /** The import itself (off the GUI thread): into cache, with the training set of trainingFrom.
     */
    static Outcome importInto(const QString &source, const QString &trainingFrom,
                              const QString &cache, FolderKind kind, ImportTarget as,
                              const std::shared_ptr<std::atomic<bool>> &cancel,
                              const std::function<void(std::size_t, std::size_t)> &progress);

    struct Shared
    {
        std::atomic<bool> cancel {false};
        std::atomic<std::size_t> done {0};
        std::atomic<std::size_t> total {0};
    };
    void finish(const Outcome &outcome);

    QString m_source;
    QString m_trainingFrom;
    ImportTarget m_as; // the test set unless setTarget() says otherwise
    std::shared_ptr<Shared> m_shared;
    QFuture<Outcome> m_import;
    QTimer m_poll;
};

} // namespace bplab
