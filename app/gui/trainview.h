#pragma once
// The Train view: the digit being learned, the SoftMax outputs, the loss curves and the heatmaps
// of weights, gradients and adjustments, in splitters. Applies the worker's snapshots to the panels.

#include "snapshots.h"

#include <panelexport.h>
#include <train/runhistory.h>

#include <QElapsedTimer>
#include <QPoint>
#include <QRect>
#include <QVector>
#include <QWidget>

#include <cstdint>
#include <functional>
#include <memory>

class QSplitter;

namespace bplab {

class BatchMosaic;
class ClassAccuracyPanel;
class DigitPanel;
class SoftmaxPanel;
class LossPlot;
class HeatmapPanel;
class FrameCounter;
class PanelRegistry;
class ActivationStrip;
class ConvFilterPanel;
class FeatureMapPanel;
class DropoutMaskPanel;
class WeightNormPanel;

class TrainView : public QWidget
{
    Q_OBJECT
public:
    explicit TrainView(QWidget *parent = nullptr);

    void setClassNames(const QStringList &names);
    /** The images the batch mosaic draws its digits from. */
    void setDataset(DataSplitPtr data);
    void applyVisual(const VisualSnapshot &snapshot);
    /** The run's history the loss plot and the per-class panel draw (its owner's). */
    void setHistory(std::shared_ptr<const RunHistory> history);
    /** The history changed: losses or an epoch added (the panel shows the new epoch), a branch
     *  cut, or it was cleared (a new run: the batch mosaic empties too). */
    void historyChanged();
    /** Presentation mode: the panels' thicker lines, and the splitters fitted to the projector's
     *  size (the user's own proportions come back when it ends). */
    void setPresentation(bool on);
    void setShowPixelValues(bool show);
    void setSelectedHiddenNeuron(int neuron);
    /** Gives the registry this view's panels (their ids are rows of panelregistry.cpp). */
    void bindPanels(PanelRegistry &registry);

    /** The splitters' state and whether it is the user's (a fitted layout is not restored). */
    QByteArray saveLayout() const;
    void restoreLayout(const QByteArray &state);
    /** True once the user moved a splitter or their saved layout was restored. */
    bool userLayout() const { return !m_autoFit; }

    DigitPanel *digitPanel() const { return m_digit; }
    SoftmaxPanel *softmaxPanel() const { return m_softmax; }
    LossPlot *lossPlot() const { return m_loss; }
    HeatmapPanel *heatmapPanel() const { return m_heatmap; }
    ClassAccuracyPanel *classAccuracyPanel() const { return m_classAccuracy; }
    BatchMosaic *batchMosaic() const { return m_mosaic; }
    /** A convolutional network's panels (shown in place of the activations and the heatmaps). */
    ConvFilterPanel *convFilterPanel() const { return m_filters; }
    FeatureMapPanel *featureMapPanel() const { return m_maps; }
    DropoutMaskPanel *dropoutMaskPanel() const { return m_dropout; }
    WeightNormPanel *weightNormPanel() const { return m_norm; }
    /** The right column: the loss plot's row above the heatmaps. */
    QSplitter *rightColumn() const { return m_right; }
    FrameCounter *frameCounter() const { return m_frames; }
    /** While running the heatmaps (the costliest panel to draw) follow at most this often. */
    static constexpr int kHeatmapIntervalMs = 200;

    /** Snapshots applied since construction (tests, report). */
    qint64 appliedSnapshots() const { return m_applied; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /** The right column's split: the heatmaps as tall as their width lets the mosaic grow, the
     *  loss plot the rest (at least its minimum); the columns share the width. Until the user
     *  moves a splitter or a saved layout is restored, and always in presentation mode. */
    void fitRightColumn();
    /** The left column: a panel that gives way gets its preferred height from the others' spare. */
    void fitLeftColumn();
    /** The per-class accuracies of the last epoch finished at batch `step`. */
    void showClassAccuracyAt(std::uint64_t step, int batchesPerEpoch);
    void queueFit();
    void updateMinimumSizes();
    /** The conv panels for a layer-list network's visual (`conv` not null), the dense panels
     *  otherwise; the dropout mask and the weights' norm only where the network has them. */
    void applyConvVisual(const VisualSnapshot &s);

    /** What each panel of the sample takes from a visual (applyVisual() calls them in order). */
    QList<std::function<void(const VisualSnapshot &)>> m_sampleFeeds;
    /** The view's panels as bindPanels() gives them to the registry: id, widget, export. */
    struct Panel
    {
        const char *id;
        QWidget *widget;
        std::function<PanelExport()> exporter;
    };
    QList<Panel> m_panels;
    DigitPanel *m_digit = nullptr;
    SoftmaxPanel *m_softmax = nullptr;
    LossPlot *m_loss = nullptr;
    HeatmapPanel *m_heatmap = nullptr;
    ClassAccuracyPanel *m_classAccuracy = nullptr;
    BatchMosaic *m_mosaic = nullptr;
    ActivationStrip *m_activations = nullptr;
    ConvFilterPanel *m_filters = nullptr;
    FeatureMapPanel *m_maps = nullptr;
    DropoutMaskPanel *m_dropout = nullptr;
    WeightNormPanel *m_norm = nullptr;
    QSplitter *m_convArea = nullptr;   ///< the kernels above the dropout mask and the norm
    QSplitter *m_convBottom = nullptr; ///< the dropout mask beside the weights' norm
    QVector<WeightNormPoint> m_normSeries; ///< the norm after each batch shown, by batch
    int m_convShown = -1; ///< which panels are shown: bit 0 conv, 1 dropout, 2 weight decay
    DataSplitPtr m_data;
    std::shared_ptr<const RunHistory> m_history;
    std::uint64_t m_historyRevision = 0;
    std::size_t m_historyEpochs = 0; // epochs of m_history when last seen
    int m_classEpoch = 0;            // the epoch the per-class panel shows (0: none)
    QSplitter *m_lossRow = nullptr;
    QSplitter *m_heatRow = nullptr; // the heatmaps, and the mosaic beside them on a projector
    QSplitter *m_columns = nullptr;
    QSplitter *m_left = nullptr;
    QSplitter *m_right = nullptr;
    FrameCounter *m_frames = nullptr;
    QStringList m_classNames;
    qint64 m_applied = 0;
    QElapsedTimer m_heatmapClock;
    bool m_liveHeatmap = false;       ///< the heatmaps show a live picture (their drawing is its cost)
    std::int64_t m_replotCpuNs = -1;  ///< the GUI thread's CPU time as the heatmaps' replot began
    bool m_presentation = false;
    bool m_autoFit = true;      ///< false once the user moved a splitter or a layout was restored
    QVector<QRect> m_heatmapChrome; // the heatmaps' layout at the last fit
    bool m_fitQueued = false;
    QPoint m_fitColumns, m_fitRight; ///< the last sizes asked of the splitters, with their total
    QByteArray m_normalLayout;  ///< the splitters before presentation mode
};

} // namespace bplab
