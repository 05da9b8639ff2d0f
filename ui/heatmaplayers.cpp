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

HeatmapLaterLayers HeatmapLaterLayers::of(const Architecture &arch)
{
    HeatmapLaterLayers out;
    for (int l = 1; l < arch.layerCount(); ++l) {
        if (l > 1)
            out.rows += 1;
        out.firstRow.push_back(out.rows);
        out.rows += arch.layerOutputs(l);
        out.cols = std::max(out.cols, arch.layerInputs(l));
    }
    return out;
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
