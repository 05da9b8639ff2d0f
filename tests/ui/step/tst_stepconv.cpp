// Step through a convolutional network: its stages follow the layer list, the convolution's page
// writes one output value as its bias plus the k x k x C_in terms shown (their sum is the value
// the page and the trace give), the arrow keys select within a feature map, pooling names its
// window's maximum, and the backward page's dL/dw is the pass's own.

#include "lesson/lesson.h"
#include "nn/mlptrace.h"
#include "stagepages.h"
#include "stepview.h"
#include "valuegrid.h"

#include <QRegularExpression>
#include <QtTest>

#include <cmath>

using namespace bplab;

namespace {

constexpr int kLabel = 3;

Architecture convNet()
{
    auto specs = parseLayers("conv 4 5x5, pool 2, conv 6 3x3, pool 2, dense 16, dropout 0.25");
    if (!specs)
        qFatal("%s", specs.error().c_str());
    return withLayers(*specs, Activation::ReLU);
}

/** Every exact value (the links' targets) of one table row's cells, per row with `links` of them. */
QVector<QVector<double>> rowsWithLinks(const QString &html, int links)
{
    QVector<QVector<double>> rows;
    static const QRegularExpression row(QStringLiteral("<tr>(.*?)</tr>"));
    static const QRegularExpression value(QStringLiteral("href=\"v:([^\"]+)\""));
    for (auto r = row.globalMatch(html); r.hasNext();) {
        QVector<double> values;
        for (auto v = value.globalMatch(r.next().captured(1)); v.hasNext();)
            values << v.next().captured(1).toDouble();
        if (values.size() == links)
            rows << values;
    }
    return rows;
}

double linkAfter(const QString &html, const QString &before)
{
    const QRegularExpression re(QRegularExpression::escape(before) + QStringLiteral("<a href=\"v:([^\"]+)\""));
    const auto m = re.match(html);
    return m.hasMatch() ? m.captured(1).toDouble() : std::nan("");
}

} // namespace

class TestStepConv : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        std::array<std::uint8_t, kInputs> px {};
        for (int r = 0; r < 28; ++r) // a ring of ink
            for (int c = 0; c < 28; ++c) {
                const double d = std::hypot(r - 13.5, c - 13.5);
                px[std::size_t(r * 28 + c)] = d > 5 && d < 10 ? std::uint8_t(60 + (r * 7 + c * 13) % 190) : 0;
            }
        m_view = new StepView;
        m_view->resize(1200, 760);
        m_view->showPixels(px.data(), kLabel, QStringLiteral("ring"));
        m_params = std::make_shared<const MlpParamsF>(initMlp(convNet(), Init::PyTorch, 11));
        m_view->model()->setNetwork(convNet(), m_params, QStringLiteral("conv test network"));
    }
    void cleanup()
    {
        delete m_view;
        m_view = nullptr;
    }

    void projectorColumnKeepsTheExportsTogether()
    {
        // A conv net has no diagram for the compact column: its exports stay under their label.
        QFont font = m_view->font();
        font.setPointSizeF(font.pointSizeF() * 1.5);
        m_view->setFont(font);
        m_view->resize(1110, 700);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view));
        QVERIFY(m_view->isCompact());
        auto *label = m_view->findChild<QLabel *>(QStringLiteral("exportLabel"));
        auto *png = m_view->findChild<QWidget *>(QStringLiteral("exportPNG"));
        QVERIFY(label && png);
        // The label's text sits in its middle: a label taller than its text floats away from them.
        QTRY_VERIFY2(label->height() <= label->sizeHint().height() + 4
                         && png->mapTo(m_view, QPoint()).y() - label->mapTo(m_view, QPoint(0, label->height())).y() < 12,
                     qPrintable(QStringLiteral("label %1 px tall (its text %2), its buttons %3 px below it")
                                    .arg(label->height()).arg(label->sizeHint().height())
                                    .arg(png->mapTo(m_view, QPoint()).y() - label->mapTo(m_view, QPoint(0, label->height())).y())));
    }

    void lessonsKnowTheStages()
    {
        // A lesson's "stage" is checked against the core's count: the view's pages must agree.
        QCOMPARE(m_view->model()->stageCount(), stageCount(convNet()));
        for (const char *hidden : {"0", "128", "256,128"}) {
            const Architecture arch = *parseArchitecture(hidden, "relu");
            m_view->model()->setNetwork(arch, std::make_shared<const MlpParamsF>(initMlp(arch, Init::He, 3)), QStringLiteral("dense"));
            QCOMPARE(m_view->model()->stageCount(), stageCount(arch));
        }
    }

    void stagesFollowTheList()
    {
        const QStringList names = stageNames(convNet());
        const QStringList expected {"Input", "Convolution 1", "Max pooling 1", "Convolution 2", "Max pooling 2", "Dense 1",
                                    "Dropout 1", "Logits", "SoftMax", "Cross-entropy", "Output gradients",
                                    "Dropout 1: gradients", "Dense 1: gradients", "Max pooling 2: gradients",
                                    "Convolution 2: gradients", "Max pooling 1: gradients", "Convolution 1: gradients",
                                    "Update and re-check"};
        QCOMPARE(names, expected);
        QCOMPARE(m_view->model()->stageCount(), int(expected.size()));
        QVERIFY(m_view->model()->hasTrace());
        // Every page is made and says something.
        for (int s = 1; s <= int(expected.size()); ++s)
            QVERIFY2(!stagePage(*m_view->model(), s).html.isEmpty(), qPrintable(expected[s - 1]));
    }

    void convolutionTermsSumToTheValue_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<int>("layer");
        QTest::newRow("conv 4 5x5") << 2 << 0;
        QTest::newRow("conv 6 3x3, 4 input channels") << 4 << 2;
    }
    void convolutionTermsSumToTheValue()
    {
        QFETCH(int, stage);
        QFETCH(int, layer);
        const StepModel &m = *m_view->model();
        for (int j : {0, 5 * 28 + 9, 2 * 28 * 28 + 13 * 28 + 4}) { // the default middle, a value near the edge, map 3
            m_view->model()->setHiddenNeuron(j);
            m_view->setStage(stage);
            const QString html = stagePage(m, stage).html;
            // The rows of the term table: w, in, w * in.
            const QVector<QVector<double>> terms = rowsWithLinks(html, 3);
            QVERIFY(!terms.isEmpty());
            double sum = 0;
            for (const QVector<double> &t : terms) {
                QCOMPARE(float(t[0] * t[1]), float(t[2]));
                sum += t[2];
            }
            const double rest = linkAfter(html, QStringLiteral("terms: "));
            if (!std::isnan(rest))
                sum += rest;
            const double bias = linkAfter(html, QStringLiteral("bias "));
            const double z = linkAfter(html, QStringLiteral("z = "));
            QVERIFY(!std::isnan(bias) && !std::isnan(z));
            QVERIFY2(std::abs(bias + sum - z) <= 1e-5 * std::max(1.0, std::abs(z)),
                     qPrintable(QStringLiteral("b %1 + terms %2 != z %3").arg(bias).arg(sum).arg(z)));
            // The value shown is the trace's, and the view shows this page.
            const HiddenTrace<float> &h = m.trace().hidden[std::size_t(layer)];
            const int shown = std::clamp(j == 0 ? h.shape.height / 2 * h.shape.width + h.shape.width / 2 : j, 0, h.shape.size() - 1);
            QCOMPARE(float(z), h.z[shown]);
            QVERIFY(m_view->pageText().contains(QStringLiteral("Feature map")));
        }
    }

    void arrowKeysMoveWithinTheMap()
    {
        m_view->model()->setHiddenNeuron(28 * 28 + 10 * 28 + 10); // map 2, row 11, column 11
        m_view->setStage(2);
        ValueGrid *map = m_view->grids().front();
        QVERIFY(map->isVisible() || !m_view->isVisible());
        map->setFocus();
        QTest::keyClick(map, Qt::Key_Right);
        QCOMPARE(m_view->model()->hiddenNeuron(), 28 * 28 + 10 * 28 + 11);
        QTest::keyClick(map, Qt::Key_Down);
        QCOMPARE(m_view->model()->hiddenNeuron(), 28 * 28 + 11 * 28 + 11);
        QVERIFY(m_view->pageText().contains(QStringLiteral("Feature map 2, row 12, column 12")));
    }

    void poolingPassesTheMaximum()
    {
        const StepModel &m = *m_view->model();
        m_view->model()->setHiddenNeuron(14 * 14 + 6 * 14 + 4);
        m_view->setStage(3);
        const HiddenTrace<float> &conv = m.trace().hidden[0];
        const HiddenTrace<float> &pool = m.trace().hidden[1];
        const int j = 14 * 14 + 6 * 14 + 4;
        float best = -1e30f;
        for (int dy = 0; dy < 2; ++dy)
            for (int dx = 0; dx < 2; ++dx)
                best = std::max(best, conv.a[(28 + 12 + dy) * 28 + 8 + dx]);
        QCOMPARE(pool.a[j], best);
        const QVector<QVector<double>> window = rowsWithLinks(stagePage(m, 3).html, 1);
        QCOMPARE(window.size(), 4);
        QCOMPARE(float(linkAfter(stagePage(m, 3).html, QStringLiteral("a = "))), best);
    }

    void kernelGradientIsTheSumOverPositions()
    {
        const StepModel &m = *m_view->model();
        m_view->setStage(17); // Convolution 1: gradients
        const QString html = stagePage(m, 17).html;
        const double sum = linkAfter(html, QStringLiteral("dL/dw = "));
        const double pass = linkAfter(html, QStringLiteral("the pass's own: "));
        QVERIFY(!std::isnan(sum) && !std::isnan(pass));
        QVERIFY2(std::abs(sum - pass) <= 1e-4 * std::max(1e-6, std::abs(pass)) + 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(pass)));
        QVERIFY(pass != 0);
        // Backwards to the pooling before the second convolution: the flipped-kernel sum is its dL/da.
        const QString second = stagePage(m, 15).html; // Convolution 2: gradients
        const double flipped = linkAfter(second, QStringLiteral("dL/d in = "));
        const double given = linkAfter(second, QStringLiteral("The layer before receives: "));
        QVERIFY(!std::isnan(flipped) && !std::isnan(given));
        QVERIFY(given != 0);
        QVERIFY2(std::abs(flipped - given) <= 1e-4 * std::abs(given) + 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(flipped).arg(given)));
    }

private:
    StepView *m_view = nullptr;
    std::shared_ptr<const MlpParamsF> m_params;
};

QTEST_MAIN(TestStepConv)
#include "tst_stepconv.moc"
