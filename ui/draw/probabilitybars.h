#pragma once
// The ten SoftMax probabilities as horizontal bars, with the most likely class written large.

#include "panelaccessible.h"

#include <QStringList>
#include <QWidget>

#include <array>

namespace bplab {

class ProbabilityBars : public QWidget, public AccessibleValues
{
    Q_OBJECT
public:
    explicit ProbabilityBars(QWidget *parent = nullptr);

    /** Shows the probabilities p_0..p_9 (copied). */
    void setProbabilities(const std::array<float, 10> &p);
    /** Back to "no prediction" with an explanation (e.g. "No model yet"). */
    void clear(const QString &why = {});
    void setClassNames(const QStringList &names);

    bool hasProbabilities() const { return m_has; }
    /** The most likely class 0-9, -1 without probabilities. */
    int topClass() const;
    float probability(int k) const { return m_p[std::size_t(k)]; }
    QString topText() const;            ///< "7" or "7 Sneaker" (what is shown large)
    QString valueText(int k) const;     ///< "92.3%"
    QString emptyText() const { return m_why; }

    // The ten bars for a screen reader: each a value 0-1 named by its class.
    int accessibleValueCount() const override { return m_has ? 10 : 0; }
    QString accessibleValueName(int k) const override;
    QString accessibleValueText(int k) const override { return valueText(k); }
    double accessibleValue(int k) const override { return probability(k); }
    /** "Answer 7, 92.3% sure", or why there is none. */
    QString accessibleSummary() const override;

    /** Room for the large answer and the ten rows at the widget's font (a projector's is 1.5x). */
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /** A paint of new probabilities has finished (latency measurements end here). */
    void painted();

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::array<float, 10> m_p{};
    bool m_has = false;
    QString m_why;
    QStringList m_classNames;
};

} // namespace bplab
