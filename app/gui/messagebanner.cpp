#include "messagebanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace bplab {

MessageBanner::MessageBanner(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("messageBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto *icon = new QLabel;
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(side, side));
    m_text = new QLabel;
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *close = new QToolButton;
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    close->setToolTip(tr("Hide this message"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(icon);
    layout->addWidget(m_text, 1);
    m_buttonRow = new QHBoxLayout;
    m_buttonRow->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_buttonRow);
    layout->addWidget(close);
    applyPalette();
    hide();
}

void MessageBanner::showMessage(const QString &text)
{
    for (QPushButton *b : std::as_const(m_buttons))
        b->deleteLater();
    m_buttons.clear();
    m_text->setText(text);
    m_text->setToolTip(QString());
    applyPalette(); // follows a light/dark switch since the last message
    show();
}

QPushButton *MessageBanner::addButton(const QString &label, const QString &objectName,
                                      std::function<void()> onClick)
{
    auto *button = new QPushButton(label, this);
    button->setObjectName(objectName);
    connect(button, &QPushButton::clicked, this, [this, onClick = std::move(onClick)] {
        hide();
        if (onClick)
            onClick();
    });
    m_buttonRow->addWidget(button);
    m_buttons.append(button);
    return button;
}

QString MessageBanner::text() const
{
    return m_text->text();
}

void MessageBanner::setDetails(const QString &details)
{
    m_text->setToolTip(details);
}

QString MessageBanner::details() const
{
    return m_text->toolTip();
}

void MessageBanner::applyPalette()
{
    // A warm tint of the window colour: readable on light and dark palettes alike.
    QPalette p = parentWidget() ? parentWidget()->palette() : QPalette();
    const QColor base = p.color(QPalette::Window);
    const QColor warn(0xE6, 0x9F, 0x00);
    const QColor tint = QColor::fromRgbF(base.redF() * 0.75 + warn.redF() * 0.25,
                                         base.greenF() * 0.75 + warn.greenF() * 0.25,
                                         base.blueF() * 0.75 + warn.blueF() * 0.25);
    p.setColor(QPalette::Window, tint);
    setPalette(p);
}

} // namespace bplab
