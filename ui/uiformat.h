#pragma once
// Number formatting, readable fonts and the fixed data colours shared by the panels.

#include <QColor>
#include <QPalette>
#include <QFont>
#include <QString>

namespace bplab {

/** A value with 4 significant digits, trailing zeros kept so columns align: 0.5 -> "0.5000",
 *  12345 -> "1.235e4", 0 -> "0.000", inf -> "inf", NaN -> "nan". */
QString formatSig4(double value);

/** The shortest text that reads back as exactly this float ("full precision" for read-outs). */
QString formatExact(float value);
/** The shortest text that reads back as exactly this double. */
QString formatExact(double value);

/** The smallest point size the panels draw numbers with, so they stay readable in a classroom. */
inline constexpr double kMinReadablePointSize = 11.0;

/** base scaled by `scale`, but never below kMinReadablePointSize points. */
QFont readableFont(const QFont &base, double scale = 1.0);

/** Data colours (Okabe-Ito, distinguishable with the common colour-vision deficiencies). They are
 *  fixed in light and dark palettes; text and backgrounds come from the widget's palette. */
namespace colors {
// Okabe-Ito: target and batch loss; predicted (wrong) and test loss; wrong; test accuracy.
inline constexpr QRgb kBlue = 0x0072B2;
inline constexpr QRgb kOrange = 0xE69F00;
inline constexpr QRgb kVermillion = 0xD55E00;
inline constexpr QRgb kGreen = 0x009E73;
inline constexpr QRgb kSkyBlue = 0x56B4E9; // the blue on dark backgrounds
inline constexpr QRgb kGrey = 0x999999;    // bars of the other neurons
inline QColor blue()
{
    return QColor(kBlue);
}
inline QColor orange()
{
    return QColor(kOrange);
}
inline QColor vermillion()
{
    return QColor(kVermillion);
}
inline QColor green()
{
    return QColor(kGreen);
}
inline QColor skyBlue()
{
    return QColor(kSkyBlue);
}
inline QColor grey()
{
    return QColor(kGrey);
}
// Figures (the confusion matrix, the gallery) are dark text on white, the same on screen, on the
// projector and in files.
inline constexpr QRgb kFigureInk = 0x202020;
inline constexpr QRgb kFigurePaper = 0xFFFFFF;

/** A dark theme: the window's background is darker than mid-grey. */
inline bool isDark(const QPalette &pal)
{
    return pal.color(QPalette::Window).lightness() < 128;
}
} // namespace colors

} // namespace bplab
