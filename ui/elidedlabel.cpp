#include "elidedlabel.h"

#include <QPainter>
#include <QStyle>

namespace bplab {

ElidedLabel::ElidedLabel(QWidget *parent) : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
}

QString ElidedLabel::shownText() const
{
    return fontMetrics().elidedText(text(), Qt::ElideRight, contentsRect().width());
}

void ElidedLabel::setMinimumText(const QString &text)
{
    if (text == m_minimumText)
        return;
    m_minimumText = text;
    updateGeometry();
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QSize whole = QLabel::minimumSizeHint();
    if (m_minimumText.isEmpty())
        return whole;
    const QMargins m = contentsMargins();
    return {fontMetrics().horizontalAdvance(m_minimumText + QChar(0x2026)) + m.left() + m.right(), whole.height()};
}

void ElidedLabel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    style()->drawItemText(&p, contentsRect(), int(alignment()), palette(), isEnabled(), shownText(),
                          foregroundRole());
}

} // namespace bplab
