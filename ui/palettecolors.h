#pragma once
// The panels' colours in one place: the data colours (Okabe-Ito, distinguishable with the common
// colour-vision deficiencies) in a variant for light and one for dark palettes, the colours derived
// from the palette, the high-contrast palette, and the list of every pair a panel draws, so that
// a test can hold each to its WCAG 2.1 contrast (1.4.3 text, 1.4.11 graphics).

#include "contrast.h"

#include <QColor>
#include <QList>
#include <QPalette>
#include <QString>

namespace bplab {
namespace colors {

// Okabe-Ito hues; on light palettes a darker shade of each reaches the contrast that the
// canonical one lacks on a light grey window.
inline constexpr QRgb kBlue = 0x0072B2;
inline constexpr QRgb kSkyBlue = 0x56B4E9;
inline constexpr QRgb kOrange = 0xE69F00;
inline constexpr QRgb kVermillion = 0xD55E00;
inline constexpr QRgb kGreen = 0x009E73;
inline constexpr QRgb kGrey = 0x999999;
// Figures (the confusion matrix, the gallery) are dark text on white, the same on screen, on the
// projector and in files.
inline constexpr QRgb kFigureInk = 0x202020;
inline constexpr QRgb kFigurePaper = 0xFFFFFF;
inline constexpr QRgb kFigureFaint = 0x737373; // zero counts: quieter than the ink, still text

/** A dark theme: the window's background is darker than mid-grey. */
inline bool isDark(const QPalette &pal)
{
    return pal.color(QPalette::Window).lightness() < 128;
}

/** Targets, the loss, the bars of a class: blue (sky blue on dark palettes). */
QColor blue(const QPalette &pal);
/** Highlights and the weakest class: orange. */
QColor orange(const QPalette &pal);
/** Orange for text on the window: darker still on light palettes. */
QColor orangeText(const QPalette &pal);
/** Wrong answers, the test loss, errors: vermillion; also used for text. */
QColor vermillion(const QPalette &pal);
/** Right answers and the test accuracy: bluish green. */
QColor green(const QPalette &pal);
/** The bars of the other classes: grey. */
QColor grey(const QPalette &pal);
/** The target: blue; the prediction when it differs: vermillion (orange on dark palettes). */
QColor target(const QPalette &pal);
QColor predicted(const QPalette &pal);
/** The translucent tint behind the target's row. */
QColor targetTint(const QPalette &pal);
/** The target's colour for text, readable on its tinted row too. */
QColor targetText(const QPalette &pal);

/** Secondary text (headers, hints, empty states): the palette's placeholder text, made readable
 *  on the window. */
QColor muted(const QPalette &pal);
/** Frames and outlines of pictures, bars and cells: the palette's Mid, made visible on both the
 *  window and the base. */
QColor frame(const QPalette &pal);
/** The batch loss behind its moving average: the palest blue that stays visible on the base. */
QColor batchLoss(const QPalette &pal);
/** The earlier branches of the loss plot: the palest text colour that stays visible. */
QColor branch(const QPalette &pal);
/** Text on the selection: the palette's HighlightedText, made readable on its Highlight. */
QColor selectedText(const QPalette &pal);
/** Cursors and selections drawn as lines: the palette's Highlight, made visible on the base. */
QColor cursor(const QPalette &pal);

/** Black, white and yellow: 7:1 text and borders as strong as text. */
QPalette highContrastPalette();
/** The palette is a high-contrast one: its text and its Mid both reach 7:1 on the window. */
bool isHighContrast(const QPalette &pal);
/** The desktop asks for high contrast (a GTK theme named "HighContrast..." in $GTK_THEME or in
 *  gtk-3.0/settings.ini). */
bool desktopWantsHighContrast();
/** Switches the application between the high-contrast palette and the one it had before. */
void setHighContrast(bool on);

/** One colour drawn on another, the minimum contrast it needs and where panels draw it. */
struct Pair {
    QString name;
    QColor fg, bg;
    double minimum;
};
/** Every pair of colours the panels draw on `pal` (text 4.5:1, 7:1 in high contrast; graphics
 *  3:1), with translucent colours composited over their background. */
QList<Pair> pairs(const QPalette &pal);

} // namespace colors
} // namespace bplab
