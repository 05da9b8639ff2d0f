#pragma once
// The digit panel: one 28x28 sample drawn large with crisp pixels, its label, its one-hot target
// vector (class c is neuron c+1) and the network's prediction.

#include "panelaccessible.h"
#include "panelexport.h"

#include <QByteArray>
#include <QImage>
#include <QStringList>
#include <QVector>
#include <QWidget>

namespace bplab {

class DigitPanel : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    explicit DigitPanel(QWidget *parent = nullptr);

    /** image: 28x28 QImage::Format_Grayscale8 (other formats are converted); label and
     *  predicted: 0-9, or -1 when unknown; classNames: optional names of the ten classes. */
    void setSample(const QImage &image, int label, int predicted,
                   const QStringList &classNames = {});
    /** Prints each pixel's 0-255 value inside it when the pixels are large enough. */
    void setShowPixelValues(bool show);
    bool showPixelValues() const { return m_showValues; }
    /** Back to the empty state ("No sample yet"). */
    void clear();

    // What is shown (for tests and accessibility).
    bool hasSample() const { return !m_image.isNull(); }
    QImage image() const { return m_image; }
    int label() const { return m_label; }
    int predicted() const { return m_predicted; }
    QString labelText() const;      ///< "Label: 7 -> neuron 8"
    QString predictionText() const; ///< "Predicted: 7  ✓ right" or "Predicted: 3  ✗ wrong"
    QVector<int> oneHot() const;    ///< ten 0/1 values (all 0 without a label)
    /** Where the image is drawn (widget coordinates; empty without a sample). */
    QRect imageRect() const;
    /** True when the last paint could print the values (pixels large enough). */
    bool pixelValuesDrawn() const { return m_valuesDrawn; }

    /** The picture, and the pixels with label and prediction (CSV, JSON): "digit". */
    PanelExport panelExport();
    QByteArray csv() const;  ///< 28 lines of 28 values 0-255; empty without a sample
    QByteArray json() const; ///< {"label", "predicted", "width", "height", "pixels": [784 values]}

    /** The label, the one-hot target and the prediction in words. */
    QString accessibleSummary() const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    struct Layout
    {
        QRect image, info;
    };
    Layout computeLayout() const;
    QFont panelFont() const; ///< the widget's font, at least kMinReadablePointSize
    QString className(int c) const;
    void paintImage(QPainter &p, const QRect &r);
    void paintInfo(QPainter &p, const QRect &r) const;

    QImage m_image;
    int m_label = -1;
    int m_predicted = -1;
    QStringList m_classNames;
    bool m_showValues = false;
    bool m_valuesDrawn = false;
};

} // namespace bplab
