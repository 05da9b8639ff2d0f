#pragma once
// The SoftMax panel: for each of the ten output neurons its logit z, e^z and probability (a bar
// with its value), the target and predicted neurons marked, and the sum of the exponentials.

#include "nn/mlptrace.h"
#include "panelaccessible.h"
#include "panelexport.h"

#include <QStringList>
#include <QVector>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

namespace bplab {

class SoftmaxPanel : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit SoftmaxPanel(QWidget *parent = nullptr);

    /** Copies what the panel shows (logits, exp, expSum, expFinite, probabilities, label,
     *  predicted); keeps no reference into the trace. A trace without ten outputs clears. */
    void setTrace(const MlpTraceF &trace);
    /** The same from the parts of a trace. */
    void setOutputs(const Vec<float> &logits, const Vec<float> &exp, double expSum, bool expFinite,
                    const Vec<float> &probabilities, int label, int predicted);
    /** Names of the ten classes (Fashion-MNIST); empty or not ten: "0".."9". */
    void setClassNames(const QStringList &names);
    void clear();

    // What is shown, as text (tests, accessibility). k is the neuron index 0-9 (neuron k+1).
    bool hasTrace() const { return !m_logits.isEmpty(); }
    int rowCount() const { return m_logits.size(); }
    QString neuronText(int k) const;      ///< "neuron 8 (class 7)" or "neuron 10 (Ankle boot)"
    QString logitText(int k) const;       ///< z with 4 significant digits
    QString expText(int k) const;         ///< e^z with 4 significant digits ("inf" on overflow)
    QString probabilityText(int k) const; ///< p with 4 significant digits
    QString markText(int k) const;        ///< "target", "predicted", "target, predicted" or ""
    /** The whole row: "neuron 8 (class 7) | z = 3.142 | e^z = 23.15 | p = 0.8123 | target". */
    QString rowText(int k) const;
    /** "sum e^z = 1234" or, when the exponentials overflowed, that and the max-shifted form the
     *  probabilities come from. */
    QString sumText() const;
    int targetNeuron() const { return m_label; }
    int predictedNeuron() const { return m_predicted; }
    /** The rectangle of row k's probability bar at its full length (widget coordinates). */
    QRect barRect(int k) const;

    /** PNG, SVG, PDF of the table; its values as CSV (one row per neuron) or JSON. */
    PanelExport panelExport();
    QByteArray csv() const;
    QByteArray json() const;

    // The table for a screen reader: a row per neuron; columns neuron, z, e^z, p, the one-hot
    // target y and the marks.
    int accessibleRows() const override { return rowCount(); }
    int accessibleColumns() const override { return 6; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    /** The narrowest width at the natural font (minimumSizeHint() allows a smaller font). */
    int naturalMinimumWidth() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    struct Columns
    {
        int mark, name, logit, exp, bar, value; // x positions
        int markW, nameW, logitW, expW, barW, valueW;
        int top, rowH, headerH;
        int fixedW; // everything but the bar
    };
    /** The font and the columns at the panel's size and values; computed once per change, not
     *  on every paint (they measure some forty strings). */
    struct Layout
    {
        QSize size;
        QFont font;
        Columns columns;
    };
    /** The widest text of each column (bold), and the font's height em. */
    struct TextWidths
    {
        int em, markW, nameW, logitW, expW, valueW;
    };
    /** Measured once per font and set of values (the layout, the paint and the size hints ask
     *  for the same two or three fonts between two samples). */
    TextWidths textWidths(const QFont &base) const;
    QFont naturalFont() const; ///< the widget's font, at least kMinReadablePointSize
    QFont fittedFont() const;  ///< naturalFont(), smaller when the panel is too small for it
    Columns columnsFor(const QFont &base, int width, int height) const;
    int minimumWidthAt(const QFont &f) const; ///< the table with the narrowest bar
    const Layout &layout() const;
    QFont panelFont() const { return layout().font; }
    const Columns &columns() const { return layout().columns; }
    /** The values, names or font changed: the layout is measured again at the next paint. */
    void relayout();

    QVector<double> m_logits, m_exp, m_probabilities;
    double m_expSum = 0;
    bool m_expFinite = true;
    int m_label = -1;
    int m_predicted = -1;
    QStringList m_classNames;
    mutable std::optional<Layout> m_layout;
    mutable std::vector<std::pair<QString, TextWidths>> m_widths; ///< by QFont::key(); relayout() clears

};

} // namespace bplab
