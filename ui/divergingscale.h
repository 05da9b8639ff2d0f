#pragma once
// The one colour scale for signed values (weights, gradients, adjustments) in every plot.

class QCPColorGradient; // qcustomplot.h is heavy: include it in the .cpp that calls this

namespace bplab {

/**
 * ColorBrewer RdBu (11 classes): negative = blue, 0 = near-white, positive = red; diverging and
 * readable with the common colour-vision deficiencies. Use it with a symmetric data range [-m, m]
 * so that 0 is the middle colour. NaN cells are transparent.
 */
QCPColorGradient divergingGradient();

} // namespace bplab
