#include "probabilitybars.h"

#include "uiformat.h"

#include <QPainter>

#include <algorithm>

namespace bplab {

ProbabilityBars::ProbabilityBars(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Probabilities of the ten classes"));
}

void ProbabilityBars::setProbabilities(const std::array<float, 10> &p)
{
    m_p = p;
    m_has = true;
    update();
}

void ProbabilityBars::clear(const QString &why)
{
    m_p.fill(0);
    m_has = false;
    m_why = why;
    update();
}

void ProbabilityBars::setClassNames(const QStringList &names)
{
    // Names that only repeat the digit ("0".."9") are not shown twice.
    m_classNames.clear();
    for (int k = 0; k < names.size() && names.size() == 10; ++k)
        if (names[k] != QString::number(k))
            m_classNames = names;
    update();
}

int ProbabilityBars::topClass() const
{
    if (!m_has)
        return -1;
    return int(std::max_element(m_p.begin(), m_p.end()) - m_p.begin());
}

QString ProbabilityBars::topText() const
{
    const int k = topClass();
    if (k < 0)
        return QStringLiteral("–");
    if (!m_classNames.isEmpty() && m_classNames[k] != QString::number(k))
        return QStringLiteral("%1 %2").arg(k).arg(m_classNames[k]);
    return QString::number(k);
}

QString ProbabilityBars::accessibleValueName(int k) const
{
    if (!m_classNames.isEmpty() && m_classNames.value(k) != QString::number(k))
        return tr("class %1 %2").arg(k).arg(m_classNames.value(k));
    return tr("class %1").arg(k);
}

QString ProbabilityBars::accessibleSummary() const
{
    if (!m_has)
        return m_why.isEmpty() ? tr("Draw a digit") : m_why;
    return tr("Answer %1, %2 sure").arg(topText(), valueText(topClass()));
}

QString ProbabilityBars::valueText(int k) const
{
    return QStringLiteral("%1%").arg(100.0 * m_p[std::size_t(k)], 0, 'f', 1);
}

namespace {
// The top class is drawn this many times the base font, or smaller (down to the minimum) when the
// ten rows would not fit under it.
constexpr double kHeadScale = 3.2;
constexpr double kHeadMinScale = 1.8;

QFont headFont(const QFont &base, double scale)
{
    QFont big = base;
    big.setPointSizeF(base.pointSizeF() * scale);
    big.setBold(true);
    return big;
}
}

QSize ProbabilityBars::minimumSizeHint() const
{
    const QFont base = readableFont(font());
    const QFontMetrics fm(base);
    // The head at its smallest, then ten rows of one line each (as paintEvent lays them out).
    const int h = QFontMetrics(headFont(base, kHeadMinScale)).height() + 4 + 6 + 10 * (fm.height() + 2);
    return {fm.horizontalAdvance(QStringLiteral("9 Sneaker 100.0%")) + 120, h};
}

QSize ProbabilityBars::sizeHint() const
{
    const QSize m = minimumSizeHint();
    return {std::max(360, m.width()), m.height() + m.height() / 4};
}

void ProbabilityBars::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QFont base = readableFont(font());
    const int top = topClass();

    // The top class, large, with its probability.
    const QFontMetrics fm(base);
    const int rowsMinH = 10 * (fm.height() + 2);
    double scale = kHeadScale;
    while (scale > kHeadMinScale
           && QFontMetrics(headFont(base, scale)).height() + 4 + 6 + rowsMinH > height())
        scale -= 0.2;
    const QFont big = headFont(base, scale);
    const QFontMetrics bigFm(big);
    const int headH = bigFm.height() + 4;
    QRect head(0, 0, width(), headH);
    p.setFont(big);
    p.setPen(m_has ? colors::targetText(pal) : text);
    p.drawText(head.adjusted(8, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, topText());
    QFont mid = base;
    mid.setPointSizeF(base.pointSizeF() * 1.4);
    p.setFont(mid);
    p.setPen(text);
    const int bigW = bigFm.horizontalAdvance(topText()) + 24;
    p.drawText(head.adjusted(bigW, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
               m_has ? tr("%1 sure").arg(valueText(top)) : (m_why.isEmpty() ? tr("Draw a digit") : m_why));

    // Ten rows: class, bar, percentage.
    p.setFont(base);
    const int rowsTop = headH + 6;
    const int rowH = std::max(fm.height() + 2, (height() - rowsTop) / 10);
    const int nameW = fm.horizontalAdvance(m_classNames.isEmpty() ? QStringLiteral("9") : QStringLiteral("9 Sneaker")) + 12;
    const int valueW = fm.horizontalAdvance(QStringLiteral("100.0%")) + 8;
    const int barX = nameW, barW = std::max(10, width() - nameW - valueW - 4);
    for (int k = 0; k < 10; ++k) {
        const int y = rowsTop + k * rowH;
        QRect name(0, y, nameW - 8, rowH);
        QFont f = base;
        f.setBold(k == top);
        p.setFont(f);
        p.setPen(text);
        const QString label = m_classNames.isEmpty() ? QString::number(k)
                                                      : QStringLiteral("%1 %2").arg(k).arg(m_classNames[k]);
        p.drawText(name, Qt::AlignRight | Qt::AlignVCenter, label);
        const QRectF track(barX, y + rowH * 0.18, barW, rowH * 0.64);
        QColor trackColor = text;
        trackColor.setAlphaF(0.12f);
        p.fillRect(track, trackColor);
        if (m_has) {
            QRectF bar = track;
            bar.setWidth(std::max(0.0, double(m_p[std::size_t(k)])) * barW);
            p.fillRect(bar, k == top ? colors::blue(pal) : colors::grey(pal));
            p.drawText(QRect(barX + barW + 6, y, valueW, rowH), Qt::AlignLeft | Qt::AlignVCenter, valueText(k));
        }
    }
    if (m_has)
        emit painted();
}

} // namespace bplab
