#include "downloaddialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace bplab {

using namespace bplab::download;

namespace {
// Progress bars count in KiB so that files above 2 GB still fit an int.
int barUnits(qint64 bytes)
{
    return int(std::min<qint64>(bytes / 1024, std::numeric_limits<int>::max()));
}
} // namespace

QString formatBytes(qint64 bytes)
{
    const QLocale locale;
    if (bytes < 1000)
        return QObject::tr("%1 B").arg(bytes);
    if (bytes < 1000 * 1000)
        return QObject::tr("%1 kB").arg(locale.toString(double(bytes) / 1e3, 'f', 1));
    if (bytes < qint64(1000) * 1000 * 1000)
        return QObject::tr("%1 MB").arg(locale.toString(double(bytes) / 1e6, 'f', 1));
    return QObject::tr("%1 GB").arg(locale.toString(double(bytes) / 1e9, 'f', 2));
}

DownloadDialog::DownloadDialog(const Manifest &manifest, const QList<QUrl> &mirrors,
                               const QString &destDir, QWidget *parent)
    : QDialog(parent), m_manifest(manifest), m_mirrors(mirrors), m_destDir(destDir)
{
    setObjectName(QStringLiteral("downloadDialog"));
    setWindowTitle(tr("Download %1").arg(manifest.dataset.compare(QLatin1String("mnist"), Qt::CaseInsensitive) == 0
                                             ? QStringLiteral("MNIST") : manifest.dataset));
    m_downloader = new Downloader(this);

    auto *intro = new QLabel(tr("%1 files, %2 in all, into %3. Each file is checked against its size and "
                                "MD5 before it takes its name; an interrupted download resumes.")
                                 .arg(manifest.files.size())
                                 .arg(formatBytes(manifest.totalBytes()), QDir::toNativeSeparators(destDir)));
    intro->setWordWrap(true);

    auto *grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    for (int i = 0; i < manifest.files.size(); ++i) {
        Row r;
        r.name = new QLabel(manifest.files[i].name);
        r.bar = new QProgressBar;
        r.bar->setObjectName(QStringLiteral("downloadBar%1").arg(i));
        r.bar->setRange(0, std::max(1, barUnits(manifest.files[i].size)));
        r.bar->setValue(0);
        r.bar->setMinimumWidth(200);
        r.bytes = new QLabel(tr("0 of %1").arg(formatBytes(manifest.files[i].size)));
        r.bytes->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("00.0 MB of 00.0 MB, 00.0 MB/s")));
        r.status = new QLabel(tr("waiting"));
        r.status->setWordWrap(true); // in the window's font: a fixed smaller one would not follow a projector's
        grid->addWidget(r.name, 2 * i, 0);
        grid->addWidget(r.bar, 2 * i, 1);
        grid->addWidget(r.bytes, 2 * i, 2);
        grid->addWidget(r.status, 2 * i + 1, 1, 1, 2);
        m_rows.push_back(r);
    }
    m_total = new QProgressBar;
    m_total->setObjectName(QStringLiteral("downloadTotal"));
    m_total->setRange(0, std::max(1, barUnits(manifest.totalBytes())));
    m_total->setValue(0);
    m_totalText = new QLabel;
    const int totalRow = 2 * int(manifest.files.size());
    grid->addWidget(new QLabel(tr("All files")), totalRow, 0);
    grid->addWidget(m_total, totalRow, 1);
    grid->addWidget(m_totalText, totalRow, 2);

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("downloadMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setFrameShape(QFrame::StyledPanel);
    m_message->setMargin(8);
    m_message->hide();

    auto *buttons = new QDialogButtonBox;
    m_retry = buttons->addButton(tr("Try again"), QDialogButtonBox::ActionRole);
    m_retry->setToolTip(tr("Start again; complete files are kept and a partial one resumes"));
    m_retry->hide();
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setObjectName(QStringLiteral("downloadCancel"));
    m_cancel->setToolTip(tr("Stop the download and close (the partial file is kept and resumed next time)"));
    connect(m_retry, &QPushButton::clicked, this, &DownloadDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &DownloadDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(grid);
    layout->addWidget(m_message);
    layout->addStretch(1);
    layout->addWidget(buttons);
    setMinimumWidth(720);

    connect(m_downloader, &Downloader::fileStarted, this, [this](int i, const QString &, const QUrl &url) {
        if (i >= 0 && i < m_rows.size())
            m_rows[i].status->setText(tr("from %1").arg(url.toString()));
    });
    connect(m_downloader, &Downloader::progress, this, &DownloadDialog::onProgress);
    connect(m_downloader, &Downloader::totalProgress, this, [this](qint64 received, qint64 total) {
        m_total->setValue(barUnits(received));
        m_totalText->setText(tr("%1 of %2").arg(formatBytes(received), formatBytes(total)));
    });
    connect(m_downloader, &Downloader::mirrorFailed, this, [this](int i, const QUrl &url, const QString &reason) {
        if (i >= 0 && i < m_rows.size())
            m_rows[i].status->setText(tr("%1 failed: %2; trying the next mirror").arg(url.host(), reason));
    });
    connect(m_downloader, &Downloader::fileDone, this, [this](int i, const QUrl &from, bool present) {
        if (i < 0 || i >= m_rows.size())
            return;
        const qint64 size = m_manifest.files[i].size;
        m_rows[i].bar->setValue(m_rows[i].bar->maximum());
        m_rows[i].bytes->setText(formatBytes(size));
        m_rows[i].status->setText(present ? tr("already here, checked") : tr("checked (MD5), from %1").arg(from.host()));
    });
    connect(m_downloader, &Downloader::finished, this, &DownloadDialog::onFinished);
}

DownloadDialog::~DownloadDialog()
{
    // The .part stays for a later resume; nothing is shown any more.
    m_downloader->disconnect(this);
    m_downloader->cancel();
}

bool DownloadDialog::start()
{
    m_message->hide();
    m_retry->hide();
    m_cancel->setText(tr("Cancel"));
    if (!m_downloader->start(m_manifest, m_mirrors, m_destDir))
        return false;
    for (Row &r : m_rows)
        r.status->setText(tr("waiting"));
    return true;
}

void DownloadDialog::onProgress(int i, qint64 received, qint64 total, double bytesPerSecond)
{
    if (i < 0 || i >= m_rows.size())
        return;
    Row &r = m_rows[i];
    r.bar->setValue(std::min(r.bar->maximum(), barUnits(received)));
    QString text = tr("%1 of %2").arg(formatBytes(received), formatBytes(total));
    if (bytesPerSecond > 0)
        text += tr(", %1/s").arg(formatBytes(qint64(bytesPerSecond)));
    r.bytes->setText(text);
}

void DownloadDialog::onFinished(const DownloadResult &result)
{
    m_result = result;
    if (result.ok()) {
        emit downloaded(result.destDir.isEmpty() ? m_destDir : result.destDir);
        accept();
        return;
    }
    m_cancel->setText(tr("Close"));
    m_retry->setVisible(result.error != DownloadError::InvalidInput);
    m_message->setText(result.error == DownloadError::Cancelled
                           ? tr("Cancelled. The partial file is kept; Try again resumes it.")
                           : result.message);
    m_message->show();
    // Taller for the message (one line per cause), or the rows above it would be squeezed.
    if (layout()->hasHeightForWidth())
        resize(width(), std::max(height(), layout()->totalHeightForWidth(width())));
    else
        resize(width(), std::max(height(), sizeHint().height()));
}

void DownloadDialog::reject()
{
    // Cancel (or Escape) stops the download and closes; the partial file stays for a resume.
    m_downloader->cancel();
    QDialog::reject();
}

QString DownloadDialog::fileBytesText(int i) const
{
    return i >= 0 && i < m_rows.size() ? m_rows[i].bytes->text() : QString();
}

QString DownloadDialog::fileStatusText(int i) const
{
    return i >= 0 && i < m_rows.size() ? m_rows[i].status->text() : QString();
}

QString DownloadDialog::message() const
{
    return m_message->text();
}

} // namespace bplab
