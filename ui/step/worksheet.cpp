#include "worksheet.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <set>

namespace bplab {

namespace {

using SheetKind = HandCellRef::Kind;

// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text)
{
    return QCoreApplication::translate("bplab", text);
}

/** Hidden neurons a table shows at least (more when the blanks name more). */
constexpr int kSheetRows = 5;

/** f'(z) through a = f(z) where the maths does (the core's derivative). */
double sheetSlope(Activation f, double z, double a)
{
    switch (f) {
    case Activation::ReLU:
        return z > 0 ? 1.0 : 0.0;
    case Activation::LeakyReLU:
        return z > 0 ? 1.0 : double(kLeakySlope);
    case Activation::Sigmoid:
        return a * (1 - a);
    case Activation::Tanh:
        return 1 - a * a;
    }
    return 0;
}

/** The hidden neuron of layer l (1-based) whose delta is largest (its a, without a label). */
int strongestNeuron(const MlpTraceF &t, int l)
{
    const HiddenTrace<float> &h = t.hidden[std::size_t(l - 1)];
    int best = 0;
    for (int j = 1; j < int(h.z.size()); ++j) {
        const auto key = [&](int i) { return std::pair(std::abs(h.delta[i]), std::abs(h.a[i])); };
        if (key(j) > key(best))
            best = j;
    }
    return best;
}

int brightestPixel(const MlpTraceF &t)
{
    int best = 0;
    for (int i = 1; i < int(t.input.size()); ++i)
        if (t.input[i] > t.input[best])
            best = i;
    return best;
}

/** The weights the SGD table shows when the blanks name none: the label's and the likeliest wrong
 *  class's output weights from the last layer's strongest input, and the first layer's weight
 *  from the brightest pixel. */
std::vector<HandCellRef> defaultWeights(const WorksheetSample &s)
{
    const MlpTraceF &t = s.trace;
    const int L = s.arch.layerCount();
    const int label = std::max(0, t.label);
    const int in = L > 1 ? strongestNeuron(t, L - 1) : brightestPixel(t);
    // the wrong class given the largest probability: its delta is positive, the label's negative
    int wrong = label == 0 ? 1 : 0;
    for (int k = 0; k < int(t.probabilities.size()); ++k)
        if (k != label && t.probabilities[k] > t.probabilities[wrong])
            wrong = k;
    std::vector<HandCellRef> w;
    w.push_back({SheetKind::DLdw, L, label, in});
    w.push_back({SheetKind::DLdw, L, wrong, in});
    if (L > 1)
        w.push_back({SheetKind::DLdw, 1, strongestNeuron(t, 1), brightestPixel(t)});
    return w;
}

SheetCell givenCell(const QString &text)
{
    return {text, {}, false, true};
}
SheetCell labelCell(const QString &text)
{
    return {text, {}, false, false};
}

/** sum_i W(row, i) in_i in double: z without its bias. */
double weightedSum(const MlpParamsF &p, int layer, int row, const Vec<float> &in)
{
    double sum = 0;
    const RowMat<float> &W = p.layers[std::size_t(layer - 1)].W;
    for (int i = 0; i < int(in.size()); ++i)
        sum += double(W(row, i)) * double(in[i]);
    return sum;
}

class SheetBuilder
{
    // Its texts are the namespace's, as the file's free tr() files them.
    Q_DECLARE_TR_FUNCTIONS(bplab)

public:
    SheetBuilder(const WorksheetSample &s, const std::vector<HandCellRef> &blanks)
        : m_s(s)
        , m_blanks(blanks)
    { }

    Worksheet build()
    {
        const MlpTraceF &t = m_s.trace;
        Worksheet w;
        w.title = tr("Backprop Lab worksheet: %1").arg(m_s.source);
        w.subtitle = tr("Network %1. Label: class %2 (output neuron %3). Learning rate \u03B7 "
                             "= %4. "
                             "Numbers to 4 significant digits; compute the empty boxes.")
                             .arg(QString::fromStdString(describe(m_s.arch)))
                             .arg(t.label)
                             .arg(t.label + 1)
                             .arg(sheetNumber(t.lr));
        for (Eigen::Index i = 0; i < t.input.size(); ++i)
            w.image.push_back(t.input[i]);
        collectWeights();
        w.tables.push_back(inputTable());
        for (int l = 1; l < m_s.arch.layerCount(); ++l)
            w.tables.push_back(hiddenTable(l));
        w.tables.push_back(outputTable());
        w.tables.push_back(lossTable());
        w.tables.push_back(stepTable());
        markGiveaways(w);
        for (const HandCellRef &b : m_blanks)
            w.answers.push_back({QString::fromStdString(handCellText(b)),
                                 sheetNumber(handCellValue(b, m_s.arch, m_s.params, t))});
        return w;
    }

private:
    /** The cell, blank when the blanks name it. */
    SheetCell cell(const HandCellRef &ref, double value) const
    {
        SheetCell c = givenCell(sheetNumber(value));
        if (std::find(m_blanks.begin(), m_blanks.end(), ref) != m_blanks.end())
            c.blankName = QString::fromStdString(handCellText(ref));
        return c;
    }

    void collectWeights()
    {
        for (const HandCellRef &b : m_blanks)
            if (b.kind == SheetKind::DLdw || b.kind == SheetKind::DeltaW || b.kind == SheetKind::W)
                addWeight(b.layer, b.row, b.col);
        if (m_weights.size() < 3)
            for (const HandCellRef &d : defaultWeights(m_s))
                addWeight(d.layer, d.row, d.col);
    }
    void addWeight(int layer, int row, int col)
    {
        const std::tuple<int, int, int> w {layer, row, col};
        if (std::find(m_weights.begin(), m_weights.end(), w) == m_weights.end())
            m_weights.push_back(w);
    }

    SheetTable inputTable() const
    {
        const Vec<float> &x = m_s.trace.input;
        SheetTable tab;
        tab.title = tr("Input x: %1 pixel values").arg(x.size());
        int nonZero = 0;
        for (Eigen::Index i = 0; i < x.size(); ++i)
            nonZero += x[i] != 0.0f;
        tab.note = tr("%1 of them not 0, from %2 to %3 (pixel i is row (i - 1) / 28, column "
                           "(i - 1) mod 28, from 1)")
                           .arg(nonZero)
                           .arg(sheetNumber(x.minCoeff()), sheetNumber(x.maxCoeff()));
        return tab;
    }

    /** Neurons of hidden layer l (1-based) the sheet shows: those the blanks and weights name,
     *  then the strongest up to kSheetRows, in order. */
    std::vector<int> hiddenRows(int l) const
    {
        std::set<int> rows;
        for (const HandCellRef &b : m_blanks)
            if ((b.kind == SheetKind::Z || b.kind == SheetKind::A || b.kind == SheetKind::Delta)
                && b.layer == l)
                rows.insert(b.row);
        for (const auto &[layer, row, col] : m_weights) {
            if (layer == l)
                rows.insert(row);
            if (layer == l + 1)
                rows.insert(col);
        }
        const HiddenTrace<float> &h = m_s.trace.hidden[std::size_t(l - 1)];
        std::vector<int> order(std::size_t(h.z.size()));
        for (std::size_t j = 0; j < order.size(); ++j)
            order[j] = int(j);
        std::stable_sort(order.begin(), order.end(), [&](int i, int j) {
            return std::pair(std::abs(h.delta[i]), std::abs(h.a[i]))
                   > std::pair(std::abs(h.delta[j]), std::abs(h.a[j]));
        });
        for (int j : order) {
            if (int(rows.size()) >= kSheetRows)
                break;
            rows.insert(j);
        }
        return {rows.begin(), rows.end()};
    }

    SheetTable hiddenTable(int l) const
    {
        const MlpTraceF &t = m_s.trace;
        const HiddenTrace<float> &h = t.hidden[std::size_t(l - 1)];
        const Activation f = m_s.arch.activation;
        const QString fName = QString::fromStdString(displayName(f));
        SheetTable tab;
        tab.title = tr("Layer %1: hidden, %2 neurons, %3 (a few of them)")
                            .arg(l)
                            .arg(h.z.size())
                            .arg(fName);
        tab.note = tr(
                "z = \u03A3 w\u00B7" "a + b (a of the layer before; x for layer 1); a = f(z); "
                "\u03B4 = (\u03A3 over the next layer of w\u00B7\u03B4) \u00B7 f'(z)");
        tab.header = {tr("neuron"),
                      tr("\u03A3 w\u00B7" "a"),
                      tr("b"),
                      tr("z"),
                      tr("a = f(z)"),
                      tr("f'(z)"),
                      tr("\u03A3 w\u00B7\u03B4 next"),
                      tr("\u03B4")};
        const Vec<float> &in = handLayerInput(t, l);
        const Vec<float> &deltaNext = handLayerDelta(t, l + 1);
        const RowMat<float> &Wnext = m_s.params.layers[std::size_t(l)].W;
        for (int j : hiddenRows(l)) {
            double back = 0;
            for (int k = 0; k < int(deltaNext.size()); ++k)
                back += double(Wnext(k, j)) * double(deltaNext[k]);
            tab.rows.push_back(
                    {labelCell(QString::number(j + 1)),
                     givenCell(sheetNumber(weightedSum(m_s.params, l, j, in))),
                     givenCell(sheetNumber(m_s.params.layers[std::size_t(l - 1)].b[j])),
                     cell({SheetKind::Z, l, j, 0}, h.z[j]), cell({SheetKind::A, l, j, 0}, h.a[j]),
                     givenCell(sheetNumber(sheetSlope(f, h.z[j], h.a[j]))),
                     givenCell(sheetNumber(back)), cell({SheetKind::Delta, l, j, 0}, h.delta[j])});
        }
        return tab;
    }

    SheetTable outputTable() const
    {
        const MlpTraceF &t = m_s.trace;
        const int L = m_s.arch.layerCount();
        SheetTable tab;
        tab.title = tr("Layer %1: output, %2 neurons, SoftMax").arg(L).arg(t.logits.size());
        tab.note = tr("z = \u03A3 w\u00B7" "a + b;  p = e^z / \u03A3 e^z with \u03A3 e^z = %1;  "
                           "\u03B4 = p \u2212 y")
                           .arg(t.expFinite ? sheetNumber(t.expSum)
                                            : tr("overflow (use e^(z \u2212 max z))"));
        tab.header = {tr("neuron"), tr("class"),     tr("\u03A3 w\u00B7" "a"),
                      tr("b"),      tr("z (logit)"), tr("e^z"),
                      tr("p"),      tr("y"),         tr("\u03B4 = p \u2212 y")};
        const Vec<float> &in = handLayerInput(t, L);
        for (int k = 0; k < int(t.logits.size()); ++k)
            tab.rows.push_back({labelCell(QString::number(k + 1)), labelCell(QString::number(k)),
                                givenCell(sheetNumber(weightedSum(m_s.params, L, k, in))),
                                givenCell(sheetNumber(m_s.params.layers[std::size_t(L - 1)].b[k])),
                                cell({SheetKind::Z, L, k, 0}, t.logits[k]),
                                givenCell(std::isfinite(t.exp[k]) ? sheetNumber(t.exp[k])
                                                                  : tr("overflow")),
                                cell({SheetKind::P, 0, k, 0}, t.probabilities[k]),
                                givenCell(sheetNumber(t.target[k])),
                                cell({SheetKind::Delta, L, k, 0}, t.deltaOut[k])});
        return tab;
    }

    SheetTable lossTable() const
    {
        const MlpTraceF &t = m_s.trace;
        SheetTable tab;
        tab.title = tr("Loss");
        tab.note = tr("L = \u2212ln p of the label");
        tab.header = {tr("label (class)"), tr("p of the label"), tr("L")};
        const int label = std::max(0, t.label);
        tab.rows.push_back({SheetCell {QString::number(t.label), {}, false, false},
                            cell({SheetKind::P, 0, label, 0}, t.probabilities[label]),
                            cell({SheetKind::Loss, 0, 0, 0}, t.loss)});
        return tab;
    }

    SheetTable stepTable() const
    {
        const MlpTraceF &t = m_s.trace;
        SheetTable tab;
        tab.title = tr("One SGD step on this image, \u03B7 = %1 (a few weights)")
                            .arg(sheetNumber(t.lr));
        tab.note = tr("dL/dw = \u03B4 of the row's neuron \u00B7 the column's input;  \u0394w = \u2212\u03B7 "
                      "\u00B7 dL/dw;  w after = w + \u0394w");
        tab.header = {tr("weight"),
                      tr("\u03B4 of row"),
                      tr("input"),
                      tr("dL/dw"),
                      tr("\u0394w"),
                      tr("w before"),
                      tr("w after")};
        for (const auto &[layer, row, col] : m_weights) {
            const HandCellRef dLdw {SheetKind::DLdw, layer, row, col},
                    deltaW {SheetKind::DeltaW, layer, row, col}, w {SheetKind::W, layer, row, col};
            tab.rows.push_back(
                    {labelCell(
                             tr("W%1 row %2, column %3").arg(layer).arg(row + 1).arg(col + 1)),
                     givenCell(sheetNumber(handLayerDelta(t, layer)[row])),
                     givenCell(sheetNumber(handLayerInput(t, layer)[col])),
                     cell(dLdw, handCellValue(dLdw, m_s.arch, m_s.params, t)),
                     cell(deltaW, handCellValue(deltaW, m_s.arch, m_s.params, t)),
                     givenCell(sheetNumber(m_s.params.layers[std::size_t(layer - 1)].W(row, col))),
                     cell(w, handCellValue(w, m_s.arch, m_s.params, t))});
        }
        return tab;
    }

    /** A number shown elsewhere on the sheet that is a blank's (a = z of an active ReLU, delta =
     *  p of another class) is blank on page 1 too; 0, 1 and -1 are too common to give one away. */
    static void markGiveaways(Worksheet &w)
    {
        QSet<QString> blank;
        for (const SheetTable &tab : std::as_const(w.tables))
            for (const QVector<SheetCell> &row : tab.rows)
                for (const SheetCell &c : row)
                    if (!c.blankName.isEmpty() && c.text != QLatin1String("0")
                        && c.text != QLatin1String("1") && c.text != QLatin1String("-1"))
                        blank.insert(c.text);
        for (SheetTable &tab : w.tables)
            for (QVector<SheetCell> &row : tab.rows)
                for (SheetCell &c : row)
                    c.givesAway = c.blankName.isEmpty() && c.numeric && blank.contains(c.text);
    }

    const WorksheetSample &m_s;
    const std::vector<HandCellRef> &m_blanks;
    std::vector<std::tuple<int, int, int>>
            m_weights; // layer (1-based), row, column: the SGD table's
};

} // namespace

QString sheetSource(bool test, long long index)
{
    return (test ? tr("test image %1") : tr("training image %1")).arg(index);
}

QString sheetNumber(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("-");
    return QString::number(value + 0.0, 'g', 4); // + 0.0: -0 prints as 0
}

std::vector<HandCellRef> defaultBlanks(const WorksheetSample &sample)
{
    const MlpTraceF &t = sample.trace;
    const int L = sample.arch.layerCount();
    const int label = std::max(0, t.label);
    std::vector<HandCellRef> b;
    if (L > 1) {
        const int j = strongestNeuron(t, 1);
        b.push_back({SheetKind::Z, 1, j, 0});
        b.push_back({SheetKind::A, 1, j, 0});
    }
    b.push_back({SheetKind::P, 0, label, 0});
    b.push_back({SheetKind::Loss, 0, 0, 0});
    b.push_back({SheetKind::Delta, L, label, 0});
    const HandCellRef w = defaultWeights(sample).front();
    b.push_back({SheetKind::DLdw, w.layer, w.row, w.col});
    b.push_back({SheetKind::W, w.layer, w.row, w.col});
    return b;
}

Worksheet buildWorksheet(const WorksheetSample &sample, const std::vector<HandCellRef> &blanks)
{
    return SheetBuilder(sample, blanks).build();
}

} // namespace bplab
