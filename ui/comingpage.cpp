#include "comingpage.h"

#include "uiformat.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace bplab {

ComingPage::ComingPage(const QString &title, const QString &text, QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(title, this))
    , m_text(new QLabel(text, this))
{
    m_title->setAlignment(Qt::AlignCenter);
    m_title->setWordWrap(true);
    m_text->setAlignment(Qt::AlignCenter);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // A column of at most ~45 characters, centred: the side stretches take what the column
    // (capped by its maximum width) leaves.
    m_column = new QWidget(this);
    auto *column = new QVBoxLayout(m_column);
    column->setContentsMargins(0, 0, 0, 0);
    column->addStretch(2);
    column->addWidget(m_title);
    column->addSpacing(fontMetrics().height());
    column->addWidget(m_text);
    column->addStretch(3);
    auto *layout = new QHBoxLayout(this);
    layout->addStretch(1);
    layout->addWidget(m_column, 100);
    layout->addStretch(1);
    applyStyle();
}

QString ComingPage::title() const
{
    return m_title->text();
}
QString ComingPage::text() const
{
    return m_text->text();
}

void ComingPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        applyStyle();
    QWidget::changeEvent(event);
}

// Sizes follow the widget's font (presentation mode scales it); the text is the palette's
// placeholder colour so the page reads as "not here yet" in light and dark themes.
void ComingPage::applyStyle()
{
    QFont titleFont = readableFont(font(), 1.6);
    titleFont.setWeight(QFont::DemiBold);
    m_title->setFont(titleFont);
    m_text->setFont(readableFont(font(), 1.1));
    const int margin = fontMetrics().horizontalAdvance(QLatin1Char('M')) * 4;
    layout()->setContentsMargins(margin, margin, margin, margin);
    m_column->setMaximumWidth(QFontMetrics(m_text->font()).averageCharWidth() * 50);
    QPalette pal = m_text->palette();
    pal.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
    m_text->setPalette(pal);
}

} // namespace bplab
