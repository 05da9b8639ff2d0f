#pragma once
// Shown instead of the views when there is no data to train on: at the first start (nothing found
// at all) and when a data folder cannot be read. It shows the message from the core (which names
// the file and the numbers), what to do about it, and the choices of data: download MNIST, the
// offline sample (when present), Fashion-MNIST (when installed), or a folder with the four files.

#include <QWidget>

class QCommandLinkButton;
class QLabel;

namespace bplab {

class ErrorPage : public QWidget
{
    Q_OBJECT
public:
    explicit ErrorPage(QWidget *parent = nullptr);

    /** title: one line; message: the core's message; advice: what the user can do. Looks again
     *  for the offline sample and Fashion-MNIST. */
    void setError(const QString &title, const QString &message, const QString &advice);
    /** The data in `folder` could not be read (`message`: why). */
    void showUnreadable(const QString &folder, const QString &message);
    /** No data was found on this computer (`message`: where it was looked for). */
    void showNoData(const QString &message);
    QString title() const;
    QString message() const;
    /** Shows the choices that exist now (the sample and Fashion-MNIST only when on disk). */
    void refreshChoices();

    // The choice buttons (tests): hidden when their data is not on this computer.
    QCommandLinkButton *downloadButton() const { return m_download; }
    QCommandLinkButton *sampleButton() const { return m_sample; }
    QCommandLinkButton *fashionButton() const { return m_fashion; }
    QCommandLinkButton *openButton() const { return m_open; }

signals:
    void openFolderRequested();
    void retryRequested();
    /** "Download MNIST (11 MB)". */
    void downloadRequested();
    /** A known data set on disk was chosen (the offline sample or Fashion-MNIST). */
    void folderChosen(const QString &folder);

protected:
    void showEvent(QShowEvent *event) override;

private:
    QLabel *m_title = nullptr;
    QLabel *m_message = nullptr;
    QLabel *m_advice = nullptr;
    QCommandLinkButton *m_download = nullptr;
    QCommandLinkButton *m_sample = nullptr;
    QCommandLinkButton *m_fashion = nullptr;
    QCommandLinkButton *m_open = nullptr;
    QString m_sampleFolder;
    QString m_fashionFolder;
};

} // namespace bplab
