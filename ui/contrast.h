#pragma once
// Contrast between two colours as WCAG 2.1 defines it (success criteria 1.4.3 and 1.4.11), and the
// small adjustments that bring a colour to a required ratio while keeping its hue.

#include <QColor>

namespace bplab {

/** Text needs this ratio against its background (WCAG 1.4.3, normal size). */
inline constexpr double kTextContrast = 4.5;
/** Lines, bars, marks and frames need this ratio against what they are drawn on (WCAG 1.4.11). */
inline constexpr double kGraphicContrast = 3.0;
/** Text in the high-contrast palette (WCAG 1.4.6). */
inline constexpr double kHighContrastText = 7.0;

/** Relative luminance, 0 (black) .. 1 (white), of the sRGB colour; its alpha is ignored. */
double relativeLuminance(const QColor &c);

/** (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 (equal) .. 21 (black on white). */
double contrastRatio(const QColor &a, const QColor &b);

/** fg painted over the opaque bg: what the eye sees of a translucent colour. */
QColor over(const QColor &fg, const QColor &bg);

/** fg (composited over bg) if it reaches `ratio` against bg; else the least step from fg towards
 *  black or white (whichever contrasts more with bg) that reaches it. */
QColor withContrast(const QColor &fg, const QColor &bg, double ratio);

/** The palest mix of ink with bg that still reaches `ratio` against bg (ink itself when it does
 *  not reach it): a faint line that stays visible. */
QColor faintest(const QColor &ink, const QColor &bg, double ratio);

/** Black or white, whichever reads better on `fill` (text inside a coloured cell). */
QColor textOn(const QColor &fill);

} // namespace bplab
