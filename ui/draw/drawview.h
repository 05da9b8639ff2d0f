#pragma once
// The Draw page: a canvas, the preprocessing's stages, and the network's ten probabilities,
// updated while the pen moves from the weights the app last gave. Pictures can be opened or
// dropped; a digit can be handed to the Step view or kept (with its label) for testing.

#include "drawcanvas.h"

#include <train/comparison.h>
#include <nn/network.h>
#include <preprocess.h>
#include <result.h>

#include <QElapsedTimer>
#include <QVector>
#include <QWidget>

#include <array>
#include <memory>

class QLabel;
class QPushButton;
class QSlider;

namespace bplab {

class ProbabilityBars;
class StageStrip;

class DrawView : public QWidget
{
    Q_OBJECT
public:
    explicit DrawView(QWidget *parent = nullptr);

    /** The network to predict with, its weights in arch's shapes (null: no model yet), and the
     *  input scaling they were trained with. Called from the GUI thread whenever newer weights are
     *  published; cheap. */
    void setNetwork(const Architecture &arch, std::shared_ptr<const MlpParamsF> params, Normalize normalize);
    /** A short line about the model shown under the bars ("weights after 1,234 batches"). */
    void setModelNote(const QString &note);
    void setClassNames(const QStringList &names);
    /** These networks answer too, one line under the bars (none: the line is hidden). */
    void setOtherNetworks(const QVector<OtherNetwork> &networks);
    /** "Compare view's networks: ReLU 7 (99.1 %), sigmoid 7 (93.0 %)"; "" when none answer. */
    QString otherAnswersText() const;

    /** Loads a PNG/JPEG/PGM/BMP and runs the picture pipeline on it; false (and the reason on
     *  the page) when it cannot be read. */
    bool openPicture(const QString &path);
    /** Runs the picture pipeline on an image (any size, dark-on-light or light-on-dark). */
    void setPicture(const QImage &image, const QString &caption);

    DrawCanvas *canvas() const { return m_canvas; }
    ProbabilityBars *bars() const { return m_bars; }
    StageStrip *stages() const { return m_stages; }
    QPushButton *playStepsButton() const { return m_playSteps; }
    /** Every stage of the current input and the 28x28 bytes the network sees. */
    const PreprocessResult &result() const { return m_result; }
    /** Input event to the end of the bars' repaint, of the last input event (ms; -1: none yet). */
    double lastLatencyMs() const { return m_lastLatencyMs; }
    QString statusText() const;

    /** Where "Keep for testing" writes (default drawnDigitsFolder()). */
    void setKeepFolder(const QString &folder) { m_keepFolder = folder; }
    QString keepFolder() const { return m_keepFolder; }
    /** Appends the current 28x28 input with this label to the IDX files in keepFolder(). */
    Result<std::size_t> keepForTesting(int label);

    /** Collecting the class's handwriting: the page asks for a digit ("Draw a 7": the one kept
     *  least often so far), Keep (Enter) keeps the drawing with that label (its 28x28 input in
     *  keepFolder()'s IDX files, the drawing itself under keepFolder()/pictures/<label>/), clears
     *  the canvas and asks for the next; the counts per digit are shown. */
    void setCollecting(bool on);
    bool collecting() const { return m_collecting; }
    int askedDigit() const { return m_asked; }
    const std::array<int, 10> &collectedCounts() const { return m_counts; }
    /** In collecting mode: keeps the drawing as the asked digit, then asks for the next. */
    Result<std::size_t> keepCollected();
    QPushButton *collectButton() const { return m_collectButton; }
    QString askText() const;

signals:
    /** "Step through this digit": the 784 bytes the network sees (row order, 0 = black). */
    void stepThroughRequested(const QVector<quint8> &pixels);
    /** A digit was kept; count is the number of kept digits now. */
    void digitKept(int label, qsizetype count);

public slots:
    /** Preprocesses the canvas again and predicts (called on every stroke change). */
    void refresh();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void predict();
    void updateActions();
    void askToKeep();
    void choosePicture();
    /** What the status line says: a picture's caption and the drawing hints follow the canvas,
     *  anything else (a kept digit, an error) stays until the next change. */
    enum class StatusKind { Caption, Empty, Drawing, Other };
    void setStatus(const QString &text, StatusKind kind = StatusKind::Other);
    /** The drawing hint when the canvas lost its picture (drawn over or cleared). */
    void followCanvasInStatus();
    void applyFonts();

    DrawCanvas *m_canvas = nullptr;
    ProbabilityBars *m_bars = nullptr;
    StageStrip *m_stages = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_modelNote = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_stagesTitle = nullptr;
    QPushButton *m_stepButton = nullptr;
    QPushButton *m_keepButton = nullptr;
    QPushButton *m_collectButton = nullptr;
    QLabel *m_askLabel = nullptr;    // "Draw a 7" (collecting)
    QLabel *m_countsLabel = nullptr; // the kept digits per class (collecting)
    bool m_collecting = false;
    int m_asked = 0;
    std::array<int, 10> m_counts {};
    void showCollecting(); // the prompt, the counts and the Keep button's text
    QPushButton *m_undoButton = nullptr;
    QPushButton *m_playSteps = nullptr;
    QSlider *m_penSlider = nullptr;

    Architecture m_networkArch;                   // setNetwork()'s
    std::shared_ptr<const MlpParamsF> m_network; // in m_networkArch's shapes; null: no model
    QVector<OtherNetwork> m_others;
    QLabel *m_othersLabel = nullptr;
    Normalize m_normalize = Normalize::None;
    PreprocessResult m_result;
    PreprocessResult m_pictureResult;
    QString m_keepFolder;
    QElapsedTimer m_sinceInput;
    bool m_latencyPending = false;
    StatusKind m_statusKind = StatusKind::Other;
    double m_lastLatencyMs = -1;
};

} // namespace bplab
