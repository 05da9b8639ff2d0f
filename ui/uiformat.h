#pragma once
// Number formatting and readable fonts shared by the panels (their colours: palettecolors.h).

#include "palettecolors.h"

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

/** A percentage with one decimal and the sign, in the reader's locale: "93.5 %"; "–" for a
 *  negative value (unknown, as classAccuracies() marks a class without images). */
QString formatPercent(double percent);

/** The smallest point size the panels draw numbers with, so they stay readable in a classroom. */
inline constexpr double kMinReadablePointSize = 11.0;

/** base scaled by `scale`, but never below kMinReadablePointSize points. */
QFont readableFont(const QFont &base, double scale = 1.0);


} // namespace bplab
