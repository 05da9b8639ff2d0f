#pragma once
// The hidden layers' widths as a control takes them ("128", "256,128", "0" for none), checked by
// the core's parser (parseHidden, whose messages speak of the --hidden flag) and explained in the
// words of the control, for a dialog or a form's hint.

#include <nn/layerspec.h>

#include <QString>

#include <optional>
#include <vector>

namespace bplab {

/** The widths text means, as parseHidden reads it; empty when it refuses the text. */
std::optional<std::vector<int>> hiddenWidthsOf(const QString &text);

/**
 * Why the control's widths cannot be used, translated and naming the control, never a flag:
 * "Hidden layer width 5000: a hidden layer has 1 to 1,024 neurons." Empty when they can.
 */
QString hiddenWidthsProblem(const QString &text);

/** The layer list a text means ("conv 8 5x5, pool 2, dense 64"), as parseLayers reads it and
 *  only when every layer can be built; empty otherwise. */
std::optional<std::vector<LayerSpec>> layerListOf(const QString &text);

/** Why the layer list cannot be used, translated, with the parser's own words about the part it
 *  cannot read or build; empty when it can. */
QString layerListProblem(const QString &text);

} // namespace bplab
