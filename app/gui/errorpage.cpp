#include "errorpage.h"

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

    auto *open = new QPushButton(tr("Open data folder..."));
    open->setToolTip(tr("Choose a folder holding train-images-idx3-ubyte, train-labels-idx1-ubyte, "
                        "t10k-images-idx3-ubyte and t10k-labels-idx1-ubyte (optionally .gz)"));
    auto *retry = new QPushButton(tr("Try again"));
    retry->setToolTip(tr("Read the same folder again (after fixing or downloading the files)"));
    connect(open, &QPushButton::clicked, this, &ErrorPage::openFolderRequested);
    connect(retry, &QPushButton::clicked, this, &ErrorPage::retryRequested);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(retry);
    buttons->addStretch();

    auto *text = new QVBoxLayout;
    text->addWidget(m_title);
    text->addWidget(m_message);
    text->addWidget(m_advice);
    text->addLayout(buttons);

    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addLayout(text, 1);

    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(48, 48, 48, 48);
    outer->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(2);
}

void ErrorPage::setError(const QString &title, const QString &message, const QString &advice)
{
    m_title->setText(title);
    m_message->setText(message);
    m_advice->setText(advice);
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
