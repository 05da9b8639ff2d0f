#include "divergingscale.h"

#include <qcustomplot.h>

#include <iterator>

namespace bplab {

QCPColorGradient divergingGradient()
{
    static const char *const stops[] = {"#053061", "#2166ac", "#4393c3", "#92c5de",
                                        "#d1e5f0", "#f7f7f7", "#fddbc7", "#f4a582",
                                        "#d6604d", "#b2182b", "#67001f"};
    QCPColorGradient g;
    g.clearColorStops();
    const int n = int(std::size(stops));
    for (int i = 0; i < n; ++i)
        g.setColorStopAt(double(i) / (n - 1), QColor(QLatin1String(stops[i])));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(256);
    g.setNanHandling(QCPColorGradient::nhTransparent);
    return g;
}

} // namespace bplab
