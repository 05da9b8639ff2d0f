#include "errorpage.h"

#include "datasetcatalog.h"

#include <QCommandLinkButton>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace bplab {

ErrorPage::ErrorPage(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("errorPage"));
    auto *icon = new QLabel;
    const int side = style()->pixelMetric(QStyle::PM_MessageBoxIconSize) * 2;
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(side, side));
    icon->setAlignment(Qt::AlignTop | Qt::AlignHCenter);

    m_title = new QLabel;
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    f.setBold(true);
    m_title->setFont(f);
    m_title->setWordWrap(true);

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("errorMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setFrameShape(QFrame::StyledPanel);
    m_message->setMargin(12);

    m_advice = new QLabel;
    m_advice->setWordWrap(true);
    m_advice->setTextFormat(Qt::PlainText);

    const QString mnistFolder = QDir::toNativeSeparators(QString::fromStdString(knownDatasetFolder(KnownDataset::Mnist)));
    m_download = new QCommandLinkButton(tr("Download MNIST (11 MB)"),
                                        tr("70,000 handwritten digits from the public mirrors, each file "
                                           "checked against its published MD5, into %1.").arg(mnistFolder));
    m_download->setObjectName(QStringLiteral("firstRunDownload"));
    m_sample = new QCommandLinkButton(tr("Use the offline sample"),
                                      tr("10,000 real MNIST digits already on this computer; no internet needed."));
    m_sample->setObjectName(QStringLiteral("firstRunSample"));
    m_fashion = new QCommandLinkButton(tr("Use Fashion-MNIST"),
                                       tr("70,000 small pictures of clothes in ten classes, installed on this computer."));
    m_fashion->setObjectName(QStringLiteral("firstRunFashion"));
    m_open = new QCommandLinkButton(tr("Open a folder with the four files..."),
                                    tr("train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte "
                                       "and t10k-labels-idx1-ubyte, each optionally .gz."));
    m_open->setObjectName(QStringLiteral("firstRunOpen"));
    connect(m_download, &QCommandLinkButton::clicked, this, &ErrorPage::downloadRequested);
    connect(m_sample, &QCommandLinkButton::clicked, this, [this] { emit folderChosen(m_sampleFolder); });
    connect(m_fashion, &QCommandLinkButton::clicked, this, [this] { emit folderChosen(m_fashionFolder); });
    connect(m_open, &QCommandLinkButton::clicked, this, &ErrorPage::openFolderRequested);

    auto *retry = new QPushButton(tr("Try again"));
    retry->setToolTip(tr("Read the same folder again (after fixing or downloading the files)"));
    connect(retry, &QPushButton::clicked, this, &ErrorPage::retryRequested);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(retry);
    buttons->addStretch();

    auto *text = new QVBoxLayout;
    text->addWidget(m_title);
    text->addWidget(m_message);
    text->addWidget(m_advice);
    for (QCommandLinkButton *b : {m_download, m_sample, m_fashion, m_open})
        text->addWidget(b);
    text->addLayout(buttons);

    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addLayout(text, 1);

    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(48, 32, 48, 32);
    outer->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(2);
    refreshChoices();
}

void ErrorPage::showUnreadable(const QString &folder, const QString &message)
{
    setError(tr("Cannot read the training data in %1").arg(folder), message,
             tr("Choose another folder (File > Open data folder..., Ctrl+O), or "
                "replace the damaged file and press Try again. scripts/setup "
                "installs the offline MNIST sample and, with internet, full MNIST."));
}

void ErrorPage::showNoData(const QString &message)
{
    setError(tr("Choose the data to learn from"), message,
             tr("No training data was found on this computer. Choose one of these; the "
                "app remembers the choice and starts with it next time."));
}

void ErrorPage::setError(const QString &title, const QString &message, const QString &advice)
{
    m_title->setText(title);
    m_message->setText(message);
    m_advice->setText(advice);
    refreshChoices();
}

void ErrorPage::refreshChoices()
{
    m_sampleFolder = installedDataset(KnownDataset::Sample);
    m_fashionFolder = installedDataset(KnownDataset::Fashion);
    m_sample->setVisible(!m_sampleFolder.isEmpty());
    m_fashion->setVisible(!m_fashionFolder.isEmpty());
    m_sample->setToolTip(QDir::toNativeSeparators(m_sampleFolder));
    m_fashion->setToolTip(QDir::toNativeSeparators(m_fashionFolder));
}

void ErrorPage::showEvent(QShowEvent *event)
{
    // The sample or Fashion-MNIST may have been installed since (scripts/setup).
    refreshChoices();
    QWidget::showEvent(event);
}

QString ErrorPage::title() const
{
    return m_title->text();
}

QString ErrorPage::message() const
{
    return m_message->text();
}

} // namespace bplab
