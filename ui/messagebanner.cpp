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
    m_text->setObjectName(QStringLiteral("bannerText"));
    auto *close = new QToolButton;
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    close->setToolTip(tr("Hide this message"));
    close->setAccessibleName(tr("Hide this message"));
    close->setObjectName(QStringLiteral("bannerClose"));
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
    m_message = text;
    m_details.clear();
    applyPalette(); // follows a light/dark switch since the last message
    show();
    fitText();
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
    return m_message;
}

QString MessageBanner::shownText() const
{
    return m_text->text();
}

void MessageBanner::setDetails(const QString &details)
{
    m_details = details;
    fitText();
}

QString MessageBanner::details() const
{
    return m_details;
}

void MessageBanner::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    fitText();
}

// The message as it is when it takes at most kMaxLines at the label's width, else the longest
// start of it (ending at a word) that does with "…"; the tooltip then holds the whole message.
void MessageBanner::fitText()
{
    const int width = m_text->width();
    const int limit = m_text->fontMetrics().lineSpacing() * kMaxLines + 2;
    const auto fits = [&](const QString &t) {
        return width <= 0 || m_text->fontMetrics().boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap, t).height() <= limit;
    };
    QString shown = m_message;
    if (!fits(shown)) {
        // The longest prefix that fits: binary search over the length, then back to a space.
        qsizetype lo = 0, hi = m_message.size();
        while (lo < hi) {
            const qsizetype mid = (lo + hi + 1) / 2;
            if (fits(m_message.left(mid) + QStringLiteral(" …")))
                lo = mid;
            else
                hi = mid - 1;
        }
        const qsizetype space = m_message.lastIndexOf(QLatin1Char(' '), lo);
        shown = m_message.left(space > 0 ? space : lo) + QStringLiteral(" …");
    }
    if (m_text->text() != shown)
        m_text->setText(shown);
    const QString tip = shown == m_message ? m_details
                        : m_details.isEmpty() ? m_message
                                              : m_message + QStringLiteral("\n\n") + m_details;
    m_text->setToolTip(tip);
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
