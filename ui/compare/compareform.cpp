#include "compareform.h"
#include "hiddenwidths.h"
#include "palettecolors.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace bplab {

std::optional<Architecture> comparedNetwork(const QString &text, Activation activation, QString *problem)
{
    const QString t = text.trimmed();
    // Words make it a layer list ("dense 128, dropout 0.25"); digits alone, hidden widths.
    if (std::any_of(t.begin(), t.end(), [](QChar ch) { return ch.isLetter(); })) {
        const auto layers = layerListOf(t);
        if (!layers && problem)
            *problem = layerListProblem(t);
        return layers ? std::optional(withLayers(*layers, activation)) : std::nullopt;
    }
    const auto hidden = hiddenWidthsOf(t);
    if (!hidden) {
        if (problem)
            *problem = hiddenWidthsProblem(t);
        return std::nullopt;
    }
    Architecture arch;
    arch.hidden = *hidden;
    arch.activation = activation;
    return arch;
}

std::optional<double> weightDecayOf(const QString &text, QString *problem)
{
    const QString t = text.trimmed();
    bool ok = false;
    double lambda = QLocale().toDouble(t, &ok);
    if (!ok)
        lambda = t.toDouble(&ok); // "5e-4" or "0.0005" in any language
    if (ok && std::isfinite(lambda) && lambda >= 0 && lambda <= 1)
        return lambda;
    if (problem)
        *problem = QCoreApplication::translate("bplab::CompareView", "Weight decay \"%1\": a number from 0 to 1 (0: none; e.g. 0.0005).")
                           .arg(t);
    return std::nullopt;
}

QColor runColor(const QPalette &pal, int i)
{
    switch (i % 4) {
    case 0: return colors::blue(pal);
    case 1: return colors::vermillion(pal);
    case 2: return colors::green(pal);
    default: return colors::orange(pal);
    }
}

QCPScatterStyle::ScatterShape runMarker(int i)
{
    constexpr QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
                                                        QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond};
    return shapes[i % 4];
}

QPen runPen(const QColor &c, int i)
{
    constexpr Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    return QPen(c, 4.0 - 0.6 * (i % 4), styles[i % 4]);
}

double runMarkerSize(int i)
{
    return 13.0 - 2.0 * (i % 4);
}

void placeRunsLegend(QCustomPlot *plot, bool rises)
{
    bool lowEnd = false, highEnd = false;
    const QCPRange y = plot->yAxis->range();
    for (int i = 0; rises && i < plot->graphCount(); ++i)
        if (const auto data = plot->graph(i)->data(); !data->isEmpty()) {
            const double v = (std::prev(data->constEnd())->value - y.lower) / std::max(1e-12, y.size());
            lowEnd = lowEnd || v < 1.0 / 3;
            highEnd = highEnd || v > 2.0 / 3;
        }
    const bool bottom = rises && !(lowEnd && !highEnd);
    plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | (bottom ? Qt::AlignBottom : Qt::AlignTop));
}

} // namespace bplab
