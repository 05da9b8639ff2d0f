#pragma once
// The state of the step-through view: the model, the sample, the learning rate, the stage and the
// selected neurons, and the core's trace of one SGD step computed once from them. Every number the
// view shows is read here; the widgets recompute nothing. The model is a network of any
// Architecture, the default 784-128-10 ReLU among them (one image or a mini-batch); its stages
// follow its layers (stagesOf()).

#include "nn/architecture.h"
#include "batchstep.h"
#include "data/dataset.h"
#include "nn/mlptrace.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <array>
#include <cstdint>
#include <memory>

namespace bplab {

struct AnswerSources; // lessonanswer.h

class StepModel : public QObject
{
    Q_OBJECT
public:
    static constexpr int kFirstStage = 1;
    static constexpr int kDefaultHidden = 0; ///< hidden neuron 1
    static constexpr int kDefaultOutput = 8; ///< output neuron 9
    static constexpr float kDefaultLearningRate = 0.01f;

    explicit StepModel(QObject *parent = nullptr);

    // Inputs. Each setter recomputes the trace (when model and sample are both set) and emits
    // traceChanged(); setting the same value again does nothing.
    /** The weights of a network of any architecture to step through (never modified: the step
     *  works on a copy); ignored when they do not have arch's shapes. */
    void setNetwork(const Architecture &arch, std::shared_ptr<const MlpParamsF> params,
                    const QString &description);
    /** pixels: 784 bytes in row order; label 0-9; source e.g. "test #12", "drawn digit". A
     *  different sample ends a mini-batch. */
    void setSample(const std::uint8_t *pixels, int label, const QString &source);
    /**
     * A mini-batch around the sample: pixels holds labels.size() * 784 bytes (sample s at s * 784),
     * the first being the sample itself (setSample is called with it); source e.g. "test #12-#75",
     * names (optional) each sample's, e.g. "test #13". Fewer than 2 samples: back to the single
     * sample.
     */
    void setBatch(const std::vector<std::uint8_t> &pixels, const std::vector<int> &labels, const QString &source,
                  const QStringList &names = {});
    void setNormalize(Normalize normalize);
    void setLearningRate(float lr);

    /** The network stepped through (setNetwork()'s). */
    const Architecture &arch() const { return m_arch; }
    std::shared_ptr<const MlpParamsF> network() const { return m_network; }
    /** Whether the by-hand cells, the network diagram and mini-batches apply: a network of dense
     *  layers (a layer list is stepped one image at a time, on its own pages). */
    bool denseLayers() const { return !m_arch.layered(); }
    bool hasModel() const { return m_network != nullptr; }
    QString modelDescription() const { return m_modelDescription; }
    const std::array<std::uint8_t, kInputs> &pixels() const { return m_pixels; }
    bool hasSample() const { return m_label >= 0; }
    int label() const { return m_label; }
    QString sampleSource() const { return m_source; }
    Normalize normalize() const { return m_normalize; }
    float learningRate() const { return m_lr; }

    // Navigation and selection (stateChanged() on change).
    int stage() const { return m_stage; }
    void setStage(int stage); ///< clamped to 1..stageCount()
    /** 7 + 3 x hidden layers (stagesOf()): 10 for one hidden layer. */
    int stageCount() const;
    void next() { setStage(m_stage + 1); }
    void back() { setStage(m_stage - 1); }
    void home() { setStage(kFirstStage); }
    int hiddenNeuron() const { return m_hidden; } ///< 0-based (neuron j+1)
    int outputNeuron() const { return m_output; } ///< 0-based = class (neuron k+1)
    void setHiddenNeuron(int j); ///< clamped to 0..hiddenLimit() - 1
    /** The widest hidden layer's width (128 for the default network; 0 without hidden layers). */
    int hiddenLimit() const;
    void setOutputNeuron(int k); ///< clamped to 0..9

    // The mini-batch (valid when hasBatch(); the single-sample values are those of batchSample()).
    bool hasBatch() const { return m_batch != nullptr; }
    const BatchStep &batch() const { return *m_batch; }
    int batchSize() const { return int(m_batchLabels.size()); } ///< 0: one sample
    QString batchSource() const { return m_batchSource; }
    /** The name of the sample the pages spell out: the batch sample's (when named), else the image's. */
    QString shownSampleSource() const;
    /** The sample of the batch whose column the batch stages spell out (0-based). */
    int batchSample() const { return m_batchSample; }
    void setBatchSample(int s); ///< clamped to 0..B-1
    /** Sample s's bytes in the batch. */
    const std::uint8_t *batchPixels(int s) const { return m_batchPixels.data() + std::size_t(s) * kInputs; }

    // The sample the pages spell out (valid when hasTrace()): the one image, or sample
    // batchSample() of the mini-batch. The network diagram and the term lists show it.
    bool hasTrace() const { return m_trace != nullptr; }
    /** Its forward and backward trace (unscaled deltas; lr and lossAfter set). */
    const MlpTraceF &trace() const;
    /** Its forward pass again with the stepped weights (the batch's averaged step in batch mode). */
    const MlpTraceF &after() const;
    /** Its image's bytes. */
    const std::uint8_t *shownPixels() const;
    int shownLabel() const { return trace().label; }
    /** The step's weight adjustments -lr * dL/dw (the batch average with a mini-batch). */
    const MlpParamsF &adjustments() const;
    /** The weights after the step: network() updated by the core's SGD rule. */
    const MlpParamsF &afterWeights() const;

    /** The shown image's trace as what a question's true value is read from (nothing without a
     *  trace). */
    void addTo(AnswerSources &sources) const;

    // Values the stages show that are not a single field of the trace (of the shown sample).
    /** One term w_ji in_i of a neuron's weighted sum. */
    struct Term {
        int input = 0; ///< i, 0-based (for the first layer a pixel: row i / 28, column i % 28)
        float weight = 0;
        float x = 0;
        float product = 0;
    };
    /** The inputs of weight layer l (0-based; the last is the output layer): x, or the hidden
     *  layer before's a. */
    const Vec<float> &layerInput(int l) const;
    /** The `count` terms of neuron j of weight layer l with the largest |w_ji in_i|, largest first
     *  (ties: the lower input first). */
    QVector<Term> topTerms(int l, int j, int count) const;
    /** Sum of all the neuron's terms (double; z_j minus b_j up to float rounding). */
    double allTerms(int l, int j) const;
    /** Sum of the terms not among topTerms(l, j, count) (double). */
    double restOfTerms(int l, int j, int count) const;
    /** Inputs of weight layer l that are exactly 0 (their terms are 0 whatever the weight). */
    int zeroInputs(int l) const;
    /** w_kj * delta_k over the neurons k of the layer after hidden layer l (0-based), for its
     *  neuron j: the terms of its backward sum. */
    QVector<float> backTerms(int l, int j) const;
    /** -log10 p_target: the base-10 cross-entropy. */
    double lossBase10() const;

    /** First test image from `from` on (wrapping) that the model gets wrong; -1 if none or
     *  without a model. */
    int findMisclassified(const Dataset &data, int from) const;

signals:
    /** The trace was recomputed (model, sample, normalisation or learning rate changed). */
    void traceChanged();
    /** Stage or selected neuron changed. */
    void stateChanged();

private:
    void recompute();

    QString m_modelDescription;
    std::array<std::uint8_t, kInputs> m_pixels{};
    int m_label = -1;
    QString m_source;
    Normalize m_normalize = Normalize::None;
    float m_lr = kDefaultLearningRate;
    int m_stage = kFirstStage;
    int m_hidden = kDefaultHidden;
    int m_output = kDefaultOutput;
    std::vector<std::uint8_t> m_batchPixels;
    std::vector<int> m_batchLabels;
    QString m_batchSource;
    QStringList m_batchNames;
    int m_batchSample = 0;
    Architecture m_arch;
    std::shared_ptr<const MlpParamsF> m_network;
    std::shared_ptr<const MlpTraceF> m_trace;      ///< the one image's
    std::shared_ptr<const MlpTraceF> m_afterTrace; ///< the one image's, with m_after
    std::shared_ptr<const MlpParamsF> m_adjustments;
    std::shared_ptr<const MlpParamsF> m_after;
    std::shared_ptr<const BatchStep> m_batch;
    int m_pendingStage = 0; ///< setStage() before any model (0: none)
};

} // namespace bplab
