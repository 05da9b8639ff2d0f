#pragma once
// The download dialog: one row per file (progress bar, bytes, speed, which mirror), the total,
// and Cancel. It drives a download::Downloader; on success it emits downloaded(folder) and
// closes, on failure it stays open with the downloader's message (one line per cause).

#include <downloader.h>

#include <QDialog>
#include <QElapsedTimer>
#include <QVector>

class QLabel;
class QProgressBar;
class QPushButton;

namespace bplab {

class DownloadDialog : public QDialog
{
    Q_OBJECT
public:
    DownloadDialog(const download::Manifest &manifest, const QList<QUrl> &mirrors,
                   const QString &destDir, QWidget *parent = nullptr);
    ~DownloadDialog() override;

    /** Starts the download (call once the dialog is shown); false when it could not start. */
    bool start();

    download::Downloader *downloader() const { return m_downloader; }
    QString destination() const { return m_destDir; }
    // What is shown (tests).
    int fileCount() const { return int(m_rows.size()); }
    QProgressBar *fileBar(int i) const { return m_rows.value(i).bar; }
    QString fileBytesText(int i) const;
    QString fileStatusText(int i) const;
    QString message() const;
    QPushButton *cancelButton() const { return m_cancel; }
    bool isRunning() const { return m_downloader->isRunning(); }
    /** The result of the last run (error None before any). */
    const download::DownloadResult &result() const { return m_result; }

signals:
    /** Every file is in place in folder: the app reads it. */
    void downloaded(const QString &folder);

protected:
    void reject() override;

private:
    struct Row {
        QLabel *name = nullptr;
        QProgressBar *bar = nullptr;
        QLabel *bytes = nullptr;
        QLabel *status = nullptr;
    };
    void onProgress(int file, qint64 received, qint64 total, double bytesPerSecond);
    void onFinished(const download::DownloadResult &result);

    download::Downloader *m_downloader = nullptr;
    download::Manifest m_manifest;
    QList<QUrl> m_mirrors;
    QString m_destDir;
    QVector<Row> m_rows;
    QProgressBar *m_total = nullptr;
    QLabel *m_totalText = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_retry = nullptr;
    download::DownloadResult m_result;
};

/** "3.2 MB" (decimal units, as the mirrors state sizes). */
QString formatBytes(qint64 bytes);

} // namespace bplab
