#pragma once
// Number formatting, readable fonts and the fixed data colours shared by the panels.

#include <QColor>
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
inline QColor blue() { return QColor(0x00, 0x72, 0xB2); }       // target, batch loss
inline QColor orange() { return QColor(0xE6, 0x9F, 0x00); }     // predicted (wrong), test loss
inline QColor vermillion() { return QColor(0xD5, 0x5E, 0x00); } // wrong
inline QColor green() { return QColor(0x00, 0x9E, 0x73); }      // test accuracy
inline QColor skyBlue() { return QColor(0x56, 0xB4, 0xE9); }
inline QColor grey() { return QColor(0x99, 0x99, 0x99); }
} // namespace colors

} // namespace bplab
