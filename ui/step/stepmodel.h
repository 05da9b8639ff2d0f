#pragma once
// The state of the step-through view: the model, the sample, the learning rate, the stage and the
// selected neurons, and the core's trace of one SGD step computed once from them. Every number the
// view shows is read here; the widgets recompute nothing. The model is the source's 784-128-10
// network (ten stages, one image or a mini-batch) or a network of any other Architecture (one
// image; its stages follow its layers, networkStages()).

#include "nn/architecture.h"
#include "batchstep.h"
#include "data/dataset.h"
#include "nn/mlptrace.h"
#include "nn/network.h"

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
    static constexpr int kLastStage = 10; ///< the source network's last stage
    static constexpr int kDefaultHidden = 0; ///< hidden neuron 1
    static constexpr int kDefaultOutput = 8; ///< output neuron 9
    static constexpr float kDefaultLearningRate = 0.01f;

    explicit StepModel(QObject *parent = nullptr);

    // Inputs. Each setter recomputes the trace (when model and sample are both set) and emits
    // traceChanged(); setting the same value again does nothing.
    /** The weights to step through (never modified: the step works on a copy). */
    void setParams(std::shared_ptr<const ParamsF> params, const QString &description);
    /** Weights of any architecture; the source network's (784-128-10 ReLU) go to setParams(). */
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

    std::shared_ptr<const ParamsF> params() const { return m_params; }
    /** True while a network other than the source's is stepped through (setNetwork()). */
    bool showsOtherNetwork() const { return m_network != nullptr; }
    /** The network stepped through: the source's, or setNetwork()'s. */
    const Architecture &arch() const { return m_arch; }
    std::shared_ptr<const MlpParamsF> network() const { return m_network; }
    /** A model of either kind is set. */
    bool hasModel() const { return m_params || m_network; }
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
    /** 10 for the source network, 7 + 3 x hidden layers for another (networkStages()). */
    int stageCount() const;
    void next() { setStage(m_stage + 1); }
    void back() { setStage(m_stage - 1); }
    void home() { setStage(kFirstStage); }
    int hiddenNeuron() const { return m_hidden; } ///< 0-based (neuron j+1)
    int outputNeuron() const { return m_output; } ///< 0-based = class (neuron k+1)
    void setHiddenNeuron(int j); ///< clamped to 0..hiddenLimit() - 1
    /** The widest hidden layer's width (128 for the source network; 0 without hidden layers). */
    int hiddenLimit() const;
    void setOutputNeuron(int k); ///< clamped to 0..9

    // The mini-batch (valid when hasBatch(); the single-sample trace stays that of its first sample).
    bool hasBatch() const { return m_batchStep != nullptr; }
    const BatchStep &batch() const { return *m_batchStep; }
    int batchSize() const { return int(m_batchLabels.size()); } ///< 0: one sample
    QString batchSource() const { return m_batchSource; }
    /** A mini-batch is stepped through (either network's: hasBatch() or hasNetworkBatch()). */
    bool stepsBatch() const { return m_batchStep || m_networkBatch; }
    /** The name of the sample the pages spell out: the batch sample's (when named), else the image's. */
    QString shownSampleSource() const;
    /** The sample of the batch whose column the batch stages spell out (0-based). */
    int batchSample() const { return m_batchSample; }
    void setBatchSample(int s); ///< clamped to 0..B-1
    /** Sample s's bytes in the batch. */
    const std::uint8_t *batchPixels(int s) const { return m_batchPixels.data() + std::size_t(s) * kInputs; }

    // The sample the pages spell out (valid when hasTrace()): the one image, or sample
    // batchSample() of the mini-batch. The network diagram and the term lists show it.
    /** Its forward and backward trace (unscaled deltas). */
    const TraceF &shownTrace() const;
    /** Its forward pass with the stepped weights (the batch's averaged step in batch mode). */
    const TraceF &shownAfter() const;
    /** Its image's bytes (also of another network's batch sample). */
    const std::uint8_t *shownPixels() const;
    int shownLabel() const { return shownTrace().label; }
    /** The step's weight adjustments -lr * gradient (the batch average in batch mode). */
    const ParamsF &shownAdjustments() const;

    // The trace (valid when hasTrace()).
    bool hasTrace() const { return m_step != nullptr; }
    const StepTrace<float> &step() const { return *m_step; }
    const TraceF &before() const { return m_step->before; }
    const TraceF &after() const { return m_step->afterTrace; }

    // Another network's trace (valid when hasNetworkTrace()): one image, one plain SGD step; with
    // a mini-batch, sample batchSample()'s, and the batch's step.
    bool hasNetworkTrace() const { return m_networkTrace != nullptr; }
    const MlpTraceF &networkTrace() const;
    /** The step's weight adjustments -lr * dL/dw (the batch average with a mini-batch). */
    const MlpParamsF &networkAdjustments() const;
    /** Another network's mini-batch (valid when hasNetworkBatch()). */
    bool hasNetworkBatch() const { return m_networkBatch != nullptr; }
    const NetworkBatchStep &networkBatch() const { return *m_networkBatch; }

    /** The shown image's trace as what a question's true value is read from (either network;
     *  nothing without a trace). */
    void addTo(AnswerSources &sources) const;

    // Values the stages show that are not a single field of the trace (computed once per trace).
    /** One term w_ji x_i of the selected hidden neuron's weighted sum. */
    struct Term {
        int input = 0; ///< i, 0-based pixel index (row i / 28, column i % 28)
        float weight = 0;
        float x = 0;
        float product = 0;
    };
    /** The `count` terms of the selected hidden neuron with the largest |w_ji x_i|, largest first
     *  (of the shown sample, as every term function below). */
    QVector<Term> topTerms(int count) const;
    /** Sum of the selected neuron's terms not among topTerms(count) (summed in double). */
    double restOfTerms(int count) const;
    /** Sum of all 784 terms (double; z_j minus b_j up to float rounding). */
    double allTerms() const;
    /** Inputs with x_i != 0 (the other terms are 0 whatever the weight). */
    int nonZeroInputs() const;
    /** w_kj * delta_k for the selected hidden neuron j and k = 0..9 (stage 8). */
    QVector<float> backTerms() const;
    /** sum_j w_kj a_j for output neuron k (double; z_k minus b_k up to float rounding). */
    double outputWeightedSum(int k) const;
    /** Hidden neurons with z_j <= 0 (ReLU output 0). */
    int zeroedHidden() const;
    /** -log10 p_target: the base-10 cross-entropy. */
    double lossBase10() const;

    /** First test image from `from` on (wrapping) that the model gets wrong; -1 if none. */
    static int findMisclassified(const ParamsF &params, const Dataset &data, Normalize normalize,
                                 int from);
    /** The same with the model's network (either kind) at its scaling; -1 without a model. */
    int findMisclassified(const Dataset &data, int from) const;

signals:
    /** The trace was recomputed (model, sample, normalisation or learning rate changed). */
    void traceChanged();
    /** Stage or selected neuron changed. */
    void stateChanged();

private:
    void recompute();

    std::shared_ptr<const ParamsF> m_params;
    QString m_modelDescription;
    std::array<std::uint8_t, kInputs> m_pixels{};
    int m_label = -1;
    QString m_source;
    Normalize m_normalize = Normalize::None;
    float m_lr = kDefaultLearningRate;
    int m_stage = kFirstStage;
    int m_hidden = kDefaultHidden;
    int m_output = kDefaultOutput;
    std::shared_ptr<const StepTrace<float>> m_step;
    std::vector<std::uint8_t> m_batchPixels;
    std::vector<int> m_batchLabels;
    QString m_batchSource;
    QStringList m_batchNames;
    int m_batchSample = 0;
    std::shared_ptr<const BatchStep> m_batchStep;
    Architecture m_arch;
    std::shared_ptr<const MlpParamsF> m_network;
    std::shared_ptr<const MlpTraceF> m_networkTrace;
    std::shared_ptr<const MlpParamsF> m_networkAdjustments;
    std::shared_ptr<const NetworkBatchStep> m_networkBatch;
    int m_pendingStage = 0; ///< setStage() before any model (0: none)
};

} // namespace bplab
