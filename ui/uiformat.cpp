#include "uiformat.h"

#include <QLocale>

#include <charconv>
#include <cmath>
#include <cstdio>

namespace bplab {

QString formatPercent(double percent)
{
    return percent < 0 ? QStringLiteral("–") : QLocale().toString(percent, 'f', 1) + QStringLiteral(" %");
}

QString formatSig4(double value)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    // %#.4g keeps trailing zeros (QString::asprintf ignores '#'); the exponent is then shortened
    // ("e+05" -> "e5").
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%#.4g", value);
    QString text = QString::fromLatin1(buffer);
    // The reader's decimal point (0,9714 in German); files keep theirs (formatExact).
    if (const QString point = QLocale().decimalPoint(); point != QLatin1String("."))
        text.replace(QLatin1Char('.'), point);
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    // Four digits before the point leave it dangling ("5106."): a reader takes it for a typo.
    if (e < 0)
        return text.endsWith(QLocale().decimalPoint()) ? text.chopped(QLocale().decimalPoint().size()) : text;
    QString mantissa = text.left(e);
    if (mantissa.endsWith(QLocale().decimalPoint()))
        mantissa.chop(QLocale().decimalPoint().size());
    int exponent = text.mid(e + 1).toInt();
    return mantissa + QLatin1Char('e') + QString::number(exponent);
}

template<class T>
static QString shortest(T value)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return QString::fromLatin1(buffer, result.ptr - buffer);
}

QString formatExact(float value)
{
    return shortest(value);
}
QString formatExact(double value)
{
    return shortest(value);
}

QFont readableFont(const QFont &base, double scale)
{
    QFont font = base;
    double points = base.pointSizeF();
    if (points <= 0) // a font set in pixels: convert at the usual 96 dpi
        points = base.pixelSize() * 72.0 / 96.0;
    font.setPointSizeF(std::max(points * scale, kMinReadablePointSize * std::max(scale, 1.0)));
    return font;
}

} // namespace bplab
