#pragma once
// What the Compare view's form and plot need beside the view: the form's network and weight decay
// read from their text (with the one line that says why not), and each run's colour, pen and
// marker in the plot.

#include <nn/architecture.h>

#include <QColor>
#include <QPen>
#include <QString>

#include <qcustomplot.h>

#include <optional>

namespace bplab {

/** Hidden widths ("128", "0") or, when the text has words, a layer list as --layers writes it
 *  ("dense 128, dropout 0.25"), with `activation`; nullopt and `problem` when it is neither. */
std::optional<Architecture> comparedNetwork(const QString &text, Activation activation, QString *problem = nullptr);

/** A weight decay lambda from 0 to 1 ("0.0005", "5e-4", or in the window's language); nullopt
 *  and `problem` otherwise. */
std::optional<double> weightDecayOf(const QString &text, QString *problem = nullptr);

/** Run i's colour: four hues apart for colour-blind eyes. */
QColor runColor(const QPalette &pal, int i);
/** Run i's marker: a shape each for a grey print. */
QCPScatterStyle::ScatterShape runMarker(int i);
/** Runs that reach the same numbers draw on the same pixels: each later run narrower and with its
 *  own dashes, its marker smaller, so that every run's colour shows where they coincide. */
QPen runPen(const QColor &c, int i);
double runMarkerSize(int i);

/** The legend of a rising measure (an accuracy, the gap) in the lower right corner, unless the
 *  runs all end in the lower third of the axis and none in the upper: then at the top, off their
 *  last points. */
void placeRunsLegend(QCustomPlot *plot, bool rises);

} // namespace bplab
