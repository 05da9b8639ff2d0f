#pragma once
// Where each run's first-layer gradient flows: per run, the mean |dL/dW1| of every weight over its
// last epoch, drawn as one 28x28 tile per neuron of the first layer (the tile is that neuron's 784
// input weights in the image's layout), every run on the same colour scale, white for 0. Beside a
// ReLU network's tiles, a sigmoid network's are pale: its first layer hardly moves.

#include <QString>
#include <QVector>
#include <QWidget>

#include <memory>
#include <vector>

namespace bplab {

/** One run's map as the view gives it. */
struct GradientMap
{
    QString label;
    QColor color; ///< the run's colour in the plot and table (its title is drawn in it)
    std::shared_ptr<const std::vector<float>> values; ///< neurons x 784, row-major; null: none yet
    int neurons = 0;
    /** The run has no map: its first layer is a convolution, whose kernels have no weight per
     *  pixel. */
    bool convolutionFirst = false;
};

class GradientMaps : public QWidget
{
    Q_OBJECT
public:
    explicit GradientMaps(QWidget *parent = nullptr);

    void setMaps(const QVector<GradientMap> &maps);

    /** The colour scale's top, shared by every map: the largest of the maps' 99.5th percentiles
     *  (a few larger values take the darkest colour). 0 when no map has values. */
    double scaleTop() const { return m_top; }
    /** The colour of t = value / scaleTop(): white at 0, darkest blue from 1 on. */
    static QColor colorOf(double t);
    /** Tiles across one run's mosaic of `neurons` tiles: about twice as many across as down. */
    static int tilesAcross(int neurons);
    /** Where run i's mosaic is drawn (empty when it has no values). */
    QRect mosaicRect(int i) const;
    /** "Mean |dL/dW1| over the last epoch. ReLU: mean 0.0012, largest 0.031; sigmoid: ...". */
    QString summary() const;

    QSize minimumSizeHint() const override { return {320, 200}; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Entry
    {
        GradientMap map;
        QImage image; // one pixel per weight, tiles with a one-pixel gap
        double mean = 0, largest = 0;
    };
    void rebuildImages();
    void layoutMosaics();
    int titleHeight() const;
    int barHeight() const;

    QVector<Entry> m_entries;
    QVector<QRect> m_rects; // each mosaic
    QVector<QRect> m_cells; // the space each run has, its title included
    double m_top = 0;
};

} // namespace bplab
