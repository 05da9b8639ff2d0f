// Every image's answer and the views of the mistakes: the counts are evaluate()'s, a gallery
// holds exactly the images of its cell (checked against one forward pass per image), most
// confident first, and the confident mistakes are wrong answers in falling confidence.

#include "train/confusion.h"
#include "nn/networkeval.h"
#include "train/networktrainer.h"

#include <QtTest>

#include <cmath>

using namespace bplab;

namespace {

/** count images of random pixels, labels 0-9 in turn. */
Dataset noiseSet(int count, std::uint32_t seed)
{
    Dataset d;
    d.pixels.resize(std::size_t(count) * kInputs);
    d.labels.resize(std::size_t(count));
    std::uint64_t s = 0x9E3779B97F4A7C15ull ^ seed;
    for (auto &p : d.pixels) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        p = std::uint8_t(s >> 56);
    }
    for (int i = 0; i < count; ++i)
        d.labels[std::size_t(i)] = std::uint8_t(i % 10);
    return d;
}

} // namespace

class TestConfusion : public QObject
{
    Q_OBJECT

private:
    // 2,345 images: two full chunks of evaluate() and a part one.
    Dataset m_data = noiseSet(2345, 7);
    MlpParamsF m_params = initMlp(Architecture::source(), Init::He, 11);
    SetAnswers m_answers = answerSet(Architecture::source(), m_params, m_data, Normalize::Standard);

private slots:
    void countsAreEvaluates()
    {
        const Evaluation ev = evaluateNetwork(Architecture::source(), m_params, m_data, Normalize::Standard);
        QCOMPARE(m_answers.summary.confusion, ev.confusion);
        QCOMPARE(m_answers.summary.loss, ev.loss);
        QCOMPARE(m_answers.size(), m_data.size());
        // The per-image answers add up to the matrix.
        std::array<std::array<int, kOutputs>, kOutputs> counted {};
        for (std::size_t i = 0; i < m_answers.size(); ++i)
            ++counted[std::size_t(m_answers.label(i))][std::size_t(m_answers.predicted(i))];
        QCOMPARE(counted, ev.confusion);
        // Random weights on noise: mistakes in many cells, so that the galleries below are tested.
        int filledCells = 0;
        for (const auto &row : ev.confusion)
            for (int n : row)
                filledCells += n > 0;
        QVERIFY2(filledCells >= 10, qPrintable(QString::number(filledCells)));
    }

    void answersMatchOneForwardPassEach()
    {
        for (std::size_t i : {std::size_t(0), std::size_t(999), std::size_t(1000), std::size_t(2344)}) {
            const auto p = networkProbabilities(Architecture::source(), m_params, m_data.image(i), Normalize::Standard);
            for (int k = 0; k < kOutputs; ++k)
                QVERIFY(std::abs(p[std::size_t(k)] - m_answers.p(i, k)) <= 1e-5f);
            const float loss = -std::log(m_answers.p(i, m_answers.label(i)));
            QVERIFY(std::abs(m_answers.loss(i) - loss) <= 1e-4f * std::max(1.0f, loss));
        }
    }

    void galleryHoldsExactlyItsCell()
    {
        std::size_t total = 0;
        for (int t = 0; t < kOutputs; ++t) {
            for (int j = 0; j < kOutputs; ++j) {
                const std::vector<GalleryItem> g = galleryOf(m_answers, t, j);
                QCOMPARE(int(g.size()), m_answers.summary.confusion[std::size_t(t)][std::size_t(j)]);
                total += g.size();
                for (std::size_t n = 0; n < g.size(); ++n) {
                    const std::size_t i = g[n].index;
                    QCOMPARE(int(m_data.label(i)), t);
                    // argmax of an independent forward pass of the same image
                    const auto p = networkProbabilities(Architecture::source(), m_params, m_data.image(i), Normalize::Standard);
                    QCOMPARE(int(std::max_element(p.begin(), p.end()) - p.begin()), j);
                    QCOMPARE(g[n].pPredicted, m_answers.p(i, j));
                    QCOMPARE(g[n].pTrue, m_answers.p(i, t));
                    if (n > 0)
                        QVERIFY(g[n - 1].pPredicted > g[n].pPredicted ||
                                (g[n - 1].pPredicted == g[n].pPredicted && g[n - 1].index < g[n].index));
                }
            }
        }
        QCOMPARE(total, m_data.size());
        // Out-of-range classes have no images.
        QVERIFY(galleryOf(m_answers, 10, 0).empty());
    }

    void confidentMistakesAreWrongAndOrdered()
    {
        const std::vector<GalleryItem> all = confidentMistakes(m_answers, m_data.size());
        long long wrong = 0;
        for (int t = 0; t < kOutputs; ++t)
            for (int j = 0; j < kOutputs; ++j)
                wrong += t == j ? 0 : m_answers.summary.confusion[std::size_t(t)][std::size_t(j)];
        QCOMPARE((long long)all.size(), wrong);
        for (std::size_t n = 0; n < all.size(); ++n) {
            QVERIFY(all[n].trueClass != all[n].predicted);
            QVERIFY(all[n].pPredicted > all[n].pTrue);
            if (n > 0)
                QVERIFY(all[n - 1].pPredicted >= all[n].pPredicted);
        }
        const std::vector<GalleryItem> top = confidentMistakes(m_answers, 5);
        QCOMPARE(top.size(), std::size_t(5));
        QCOMPARE(top[4], all[4]);
    }

    void anotherNetworkAnswersAsItsForwardPass()
    {
        // Another network: its per-image answers add up to its own evaluation, and each is one
        // forward pass of that network.
        Architecture two;
        two.hidden = {24, 12};
        two.activation = Activation::Tanh;
        const MlpParamsF params = initMlp(two, 5);
        const SetAnswers a = answerSet(two, params, m_data, Normalize::Standard);
        const Evaluation ev = evaluateNetwork(two, params, m_data, Normalize::Standard);
        QCOMPARE(a.summary.confusion, ev.confusion);
        QCOMPARE(a.summary.loss, ev.loss);
        std::array<std::array<int, kOutputs>, kOutputs> counted {};
        for (std::size_t i = 0; i < a.size(); ++i)
            ++counted[std::size_t(a.label(i))][std::size_t(a.predicted(i))];
        QCOMPARE(counted, ev.confusion);
        for (std::size_t i : {std::size_t(0), std::size_t(1000), std::size_t(2344)}) {
            const auto p = networkProbabilities(two, params, m_data.image(i), Normalize::Standard);
            for (int k = 0; k < kOutputs; ++k)
                QVERIFY(std::abs(p[std::size_t(k)] - a.p(i, k)) <= 1e-6f);
        }
    }

    void emptySetHasNoAnswers()
    {
        const SetAnswers a = answerSet(Architecture::source(), m_params, Dataset {}, Normalize::None);
        QCOMPARE(a.size(), std::size_t(0));
        QVERIFY(confidentMistakes(a, 10).empty());
    }
};

QTEST_MAIN(TestConfusion)
#include "tst_confusion.moc"
