#include "heatmaplayers.h"

#include "uiformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>

namespace bplab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("bplab", text);
}

/** A matrix's least and largest value and its three non-zero entries of largest magnitude ("name = value"). */
template <class Matrix, class Name>
QStringList describeMatrix(const Matrix &m, Name entryName)
{
    struct Entry
    {
        int row, col;
        float value;
    };
    std::array<Entry, 3> top{{{-1, -1, 0.f}, {-1, -1, 0.f}, {-1, -1, 0.f}}};
    for (int r = 0; r < int(m.rows()); ++r)
        for (int c = 0; c < int(m.cols()); ++c) {
            const float v = m(r, c);
            if (v == 0.f || (top[2].row >= 0 && std::abs(v) <= std::abs(top[2].value)))
                continue;
            top[2] = {r, c, v};
            std::sort(top.begin(), top.end(), [](const Entry &a, const Entry &b) {
                return a.row >= 0 && (b.row < 0 || std::abs(a.value) > std::abs(b.value));
            });
        }
    QStringList largest;
    for (const Entry &e : top)
        if (e.row >= 0)
            largest << QStringLiteral("%1 = %2").arg(entryName(e.row, e.col), formatSig4(e.value));
    return {formatSig4(m.minCoeff()), formatSig4(m.maxCoeff()), largest.join(QStringLiteral(", "))};
}

} // namespace

int heatmapLeastHeight(int rows)
{
    constexpr int kRowPixels = 5, kCountedRows = 10;
    return kRowPixels * std::clamp(rows, 0, kCountedRows);
}

int heatmapLegibleHeight(int rows)
{
    constexpr int kRowPixels = 8, kCountedRows = 16;
    return kRowPixels * std::clamp(rows, 0, kCountedRows);
}

QStringList heatmapTitleForms(const Architecture &arch, int l, int quantity, const QString &none)
{
    enum { Gradients, Weights, Adjustments };
    // The colour bars have no label of their own: the title right above names the quantity, and
    // the maps get the width.
    const auto forms = [&none](const QString &formula, const QString &explained, const QString &brief) {
        return QStringList{formula + QStringLiteral("   ") + explained + none,
                           formula + QStringLiteral("   ") + brief + none, formula + none, formula};
    };
    if (l == 0) {
        // The first layer's tiles belong to hidden neurons, or to the outputs of 784-10.
        const bool linear = arch.layerCount() == 1;
        switch (quantity) {
        case Gradients:
            return forms(tr("dL/dW1 = δ1 xᵀ"),
                         linear ? tr("(a 28×28 tile per output neuron)") : tr("(a 28×28 tile per hidden neuron)"),
                         tr("(a tile per neuron)"));
        case Weights:
            return forms(tr("W1"),
                         linear ? tr("(an output neuron's 784 input weights per tile)")
                                : tr("(a hidden neuron's 784 input weights per tile)"),
                         tr("(784 input weights per tile)"));
        default:
            return forms(tr("ΔW1 = −lr · dL/dW1"), tr("(what the step adds to W1)"), tr("(the step's change)"));
        }
    }
    // A later matrix by its formula, its name and its shape.
    const int rows = arch.layerOutputs(l), cols = arch.layerInputs(l);
    const bool output = l + 1 == arch.layerCount();
    const QString formula = quantity == Gradients ? tr("dL/dW%1 = δ%1 a%2ᵀ").arg(l + 1).arg(l)
                            : quantity == Weights ? QStringLiteral("W%1").arg(l + 1)
                                                  : tr("ΔW%1 = −lr · dL/dW%1").arg(l + 1);
    const QString shape = !output ? tr("%1 of hidden layer %2 × %3 of hidden layer %4").arg(rows).arg(l + 1).arg(cols).arg(l)
                          : l == 1 ? tr("%1 outputs × %2 hidden").arg(rows).arg(cols)
                                   : tr("%1 outputs × %2 of hidden layer %3").arg(rows).arg(cols).arg(l);
    const QString name = quantity == Weights ? QString() : QStringLiteral("W%1: ").arg(l + 1);
    return forms(formula, QStringLiteral("(%1%2)").arg(name, shape), QStringLiteral("(%1%2 × %3)").arg(name).arg(rows).arg(cols));
}

QStringList heatmapLayerSummaries(const Architecture &arch, const MlpParamsF &params)
{
    QStringList layers;
    bool allZero = true;
    for (int l = 0; l < arch.layerCount(); ++l) {
        const bool output = l + 1 == arch.layerCount();
        const QStringList w = describeMatrix(params.layers[std::size_t(l)].W, [l, output](int k, int j) {
            if (l == 0)
                return tr("neuron %1 pixel (%2, %3)").arg(k + 1).arg(j / 28).arg(j % 28);
            return output ? tr("output %1 from neuron %2").arg(k + 1).arg(j + 1)
                          : tr("neuron %1 from neuron %2").arg(k + 1).arg(j + 1);
        });
        allZero = allZero && w[2].isEmpty();
        layers << tr("W%1 from %2 to %3, largest: %4.").arg(l + 1).arg(w[0], w[1], w[2]);
    }
    return allZero ? QStringList() : layers;
}

QByteArray heatmapLayersCsv(const MlpParamsF &params, const QByteArray &quantity)
{
    QByteArray out = "quantity,array,row,col,value\n";
    out.reserve(4 * 1024 * 1024);
    for (std::size_t l = 0; l < params.layers.size(); ++l) {
        const RowMat<float> &W = params.layers[l].W;
        const QByteArray name = ",W" + QByteArray::number(qulonglong(l + 1)) + ',';
        for (Eigen::Index r = 0; r < W.rows(); ++r)
            for (Eigen::Index c = 0; c < W.cols(); ++c)
                out += quantity + name + QByteArray::number(r) + ',' + QByteArray::number(c) + ',' +
                       QByteArray::number(double(W(r, c)), 'g', 9) + '\n';
    }
    return out;
}

} // namespace bplab
