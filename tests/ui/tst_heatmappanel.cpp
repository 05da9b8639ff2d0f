// The heatmap panel shows, under the mouse, exactly the matrix entry it was given; clicking a tile
// selects that hidden neuron; the quantity switch changes what is shown. Every network goes
// through setLayers(), 784-128-10 too; each matrix after the first has a map of its own, tall
// enough to read.

#include "heatmaplayers.h"
#include "heatmapmosaic.h"
#include "heatmappanel.h"
#include "heatmapshrink.h"
#include "uiformat.h"

#include <QComboBox>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>

using namespace bplab;
using Quantity = HeatmapPanel::Quantity;

class TestHeatmapPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void mosaicGeometry();
    void hoverValueOfHiddenWeights_data();
    void hoverValueOfHiddenWeights();
    void hoverValueOfOutputWeights();
    void gapsShowNothing();
    void symmetricColourRange();
    void quantitySwitch();
    void clickSelectsHiddenNeuron();
    void missingValues();
    void mouseMoveShowsHoverText();
    void hoverDoesNotMoveTheLayout();
    void exports();
    void titlesOnOneLine_data();
    void titlesOnOneLine();
    void colourBarTicksStayApart();
    void preferredHeightFitsTheMosaic();
    void summaryOfZeroGradients();
    void anyNetworksLayers();
    void linearModelHasNoLaterLayer();
    void laterMatricesAreLegible_data();
    void shrinkKeepsTheStrongestValue();
    void largeMatricesAreSetAtMostAPixelACell();
    void laterMatricesAreLegible();

private:
    QPoint hiddenCellPos(int j, int r, int c) const;
    QPoint outputCellPos(int k, int j) const;

    std::shared_ptr<MlpParamsF> m_weights, m_gradients, m_adjustments;
    std::unique_ptr<HeatmapPanel> m_panel;
};

// Distinct, known values: every entry differs from every other, signs alternate.
static std::shared_ptr<MlpParamsF> knownParams(float scale)
{
    auto p = std::make_shared<MlpParamsF>(MlpParamsF::zeros(Architecture::source()));
    for (int j = 0; j < kHidden; ++j)
        for (int i = 0; i < kInputs; ++i)
            p->layers[0].W(j, i) = scale * float(((j * kInputs + i) % 2 ? -1 : 1) * (1 + j * kInputs + i))
                          * 1e-6f;
    for (int k = 0; k < kOutputs; ++k)
        for (int j = 0; j < kHidden; ++j)
            p->layers[1].W(k, j) = scale * float(k * 0.01 - j * 1e-4 + 1e-5);
    return p;
}

// 784-128-10's parameters as the layers every network is shown by.
static std::shared_ptr<const MlpParamsF> layersOf(const std::shared_ptr<MlpParamsF> &p)
{
    return p ? std::make_shared<const MlpParamsF>(*p) : nullptr;
}

static void showSource(HeatmapPanel &panel, const std::shared_ptr<MlpParamsF> &w, const std::shared_ptr<MlpParamsF> &g,
                       const std::shared_ptr<MlpParamsF> &a)
{
    panel.setLayers(Architecture::source(), layersOf(w), layersOf(g), layersOf(a));
}

void TestHeatmapPanel::initTestCase()
{
    m_weights = knownParams(1.0f);
    m_gradients = knownParams(-3.0f);
    m_adjustments = knownParams(0.3f);
    m_panel = std::make_unique<HeatmapPanel>();
    m_panel->resize(1000, 760);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    showSource(*m_panel, m_weights, m_gradients, m_adjustments);
    m_panel->plot()->replot();
    QCOMPARE(m_panel->quantity(), Quantity::Gradients);
}

// Independent of the panel's own mapping: tile j sits at column j % 16, row j / 16, 29 cells
// apart (28 + 1 gap); the colour map's axes turn that cell into a pixel.
QPoint TestHeatmapPanel::hiddenCellPos(int j, int r, int c) const
{
    const QCPColorMap *map = m_panel->hiddenMap();
    const double x = (j % 16) * 29 + c;
    const double y = (j / 16) * 29 + r;
    const QPoint plotPos(int(std::lround(map->keyAxis()->coordToPixel(x))),
                         int(std::lround(map->valueAxis()->coordToPixel(y))));
    return m_panel->plot()->mapTo(m_panel.get(), plotPos);
}

QPoint TestHeatmapPanel::outputCellPos(int k, int j) const
{
    const QCPColorMap *map = m_panel->layerMap(1);
    const QPoint plotPos(int(std::lround(map->keyAxis()->coordToPixel(j))),
                         int(std::lround(map->valueAxis()->coordToPixel(k))));
    return m_panel->plot()->mapTo(m_panel.get(), plotPos);
}

void TestHeatmapPanel::mosaicGeometry()
{
    QCOMPARE(mosaic::kWidth, 463);
    QCOMPARE(mosaic::kHeight, 231);
    const mosaic::Cell first = mosaic::cellAt(0, 0);
    QCOMPARE(first.neuron, 0);
    QVERIFY(!mosaic::cellAt(28, 0).valid()); // the gap after tile 0
    const mosaic::Cell second = mosaic::cellAt(29, 1);
    QCOMPARE(second.neuron, 1);
    QCOMPARE(second.row, 1);
    QCOMPARE(second.col, 0);
    const mosaic::Cell last = mosaic::cellAt(462, 230);
    QCOMPARE(last.neuron, 127);
    QCOMPARE(last.row, 27);
    QCOMPARE(last.col, 27);
    QCOMPARE(mosaic::cellAt(mosaic::mosaicX(77, 13), mosaic::mosaicY(77, 26)).neuron, 77);
}

void TestHeatmapPanel::hoverValueOfHiddenWeights_data()
{
    QTest::addColumn<int>("j");
    QTest::addColumn<int>("r");
    QTest::addColumn<int>("c");
    QTest::newRow("first neuron, first pixel") << 0 << 0 << 0;
    QTest::newRow("first neuron, last pixel") << 0 << 27 << 27;
    QTest::newRow("neuron 18") << 17 << 3 << 26;
    QTest::newRow("neuron 78") << 77 << 14 << 9;
    QTest::newRow("last neuron") << 127 << 27 << 27;
    QTest::newRow("last row, first tile") << 112 << 0 << 1;
}

void TestHeatmapPanel::hoverValueOfHiddenWeights()
{
    QFETCH(int, j);
    QFETCH(int, r);
    QFETCH(int, c);
    m_panel->setQuantity(Quantity::Gradients);
    const QPoint pos = hiddenCellPos(j, r, c);
    const float expected = m_gradients->layers[0].W(j, r * 28 + c);
    QCOMPARE(m_panel->valueAt(pos), double(expected));
    QCOMPARE(m_panel->hoverTextAt(pos),
             QStringLiteral("hidden neuron %1, pixel (%2, %3): dL/dW1 = %4")
                     .arg(j + 1)
                     .arg(r)
                     .arg(c)
                     .arg(formatExact(expected)));
}

void TestHeatmapPanel::hoverValueOfOutputWeights()
{
    m_panel->setQuantity(Quantity::Gradients);
    for (auto [k, j] :
         {std::pair {0, 0}, std::pair {9, 127}, std::pair {4, 63}, std::pair {7, 1}}) {
        const QPoint pos = outputCellPos(k, j);
        QCOMPARE(m_panel->valueAt(pos), double(m_gradients->layers[1].W(k, j)));
        QCOMPARE(m_panel->hoverTextAt(pos),
                 QStringLiteral("output neuron %1 ← hidden neuron %2: dL/dW2 = %3")
                         .arg(k + 1)
                         .arg(j + 1)
                         .arg(formatExact(m_gradients->layers[1].W(k, j))));
    }
}

void TestHeatmapPanel::gapsShowNothing()
{
    const QCPColorMap *map = m_panel->hiddenMap();
    const QPoint gap = m_panel->plot()->mapTo(
            m_panel.get(), QPoint(int(std::lround(map->keyAxis()->coordToPixel(28))),
                                  int(std::lround(map->valueAxis()->coordToPixel(10)))));
    QVERIFY(std::isnan(m_panel->valueAt(gap)));
    QCOMPARE(m_panel->hoverTextAt(gap), QString());
    QVERIFY(std::isnan(m_panel->valueAt(QPoint(1, 1)))); // the quantity box corner
}

void TestHeatmapPanel::symmetricColourRange()
{
    m_panel->setQuantity(Quantity::Gradients);
    const float maxW1 = m_gradients->layers[0].W.cwiseAbs().maxCoeff();
    const float maxW2 = m_gradients->layers[1].W.cwiseAbs().maxCoeff();
    QCOMPARE(m_panel->hiddenRange(), double(maxW1));
    QCOMPARE(m_panel->hiddenMap()->dataRange().lower, -double(maxW1));
    QCOMPARE(m_panel->layerRange(1), double(maxW2));
    QCOMPARE(m_panel->layerMap(1)->dataRange().lower, -double(maxW2));
}

void TestHeatmapPanel::quantitySwitch()
{
    m_panel->setQuantity(Quantity::Gradients);
    QSignalSpy spy(m_panel.get(), &HeatmapPanel::quantityChanged);
    // The cell's place is read again after each switch: a new colour scale's labels can move
    // the mosaic by a few pixels.
    QPoint pos = hiddenCellPos(42, 7, 11);
    const int i = 7 * 28 + 11;
    QCOMPARE(m_panel->valueAt(pos), double(m_gradients->layers[0].W(42, i)));

    m_panel->setQuantity(Quantity::Weights);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.last().at(0).value<Quantity>(), Quantity::Weights);
    pos = hiddenCellPos(42, 7, 11);
    QCOMPARE(m_panel->valueAt(pos), double(m_weights->layers[0].W(42, i)));
    QVERIFY(m_panel->hoverTextAt(pos).endsWith(QStringLiteral("W1 = ")
                                               + formatExact(m_weights->layers[0].W(42, i))));
    QVERIFY(m_panel->hiddenTitle().startsWith(QStringLiteral("W1")));
    QCOMPARE(m_panel->quantityBox()->currentIndex(), 1);
    QCOMPARE(m_panel->hiddenRange(), double(m_weights->layers[0].W.cwiseAbs().maxCoeff()));

    // The combo box drives the panel as the user would.
    m_panel->quantityBox()->setCurrentIndex(2);
    QCOMPARE(m_panel->quantity(), Quantity::Adjustments);
    QCOMPARE(spy.count(), 2);
    pos = hiddenCellPos(42, 7, 11);
    QCOMPARE(m_panel->valueAt(pos), double(m_adjustments->layers[0].W(42, i)));
    QVERIFY(m_panel->hiddenTitle().startsWith(QStringLiteral("ΔW1 = −lr · dL/dW1")));

    m_panel->setQuantity(Quantity::Adjustments); // no change: no signal
    QCOMPARE(spy.count(), 2);
    m_panel->setQuantity(Quantity::Gradients);
    QVERIFY(m_panel->hiddenTitle().startsWith(QStringLiteral("dL/dW1 = δ1 xᵀ")));
}

void TestHeatmapPanel::clickSelectsHiddenNeuron()
{
    QSignalSpy spy(m_panel.get(), &HeatmapPanel::hiddenNeuronSelected);
    QCustomPlot *plot = m_panel->plot();
    const auto toPlot = [&](QPoint widgetPos) { return plot->mapFrom(m_panel.get(), widgetPos); };

    QTest::mouseClick(plot, Qt::LeftButton, {}, toPlot(hiddenCellPos(37, 5, 5)));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.last().at(0).toInt(), 37);
    QCOMPARE(m_panel->selectedHiddenNeuron(), 37);

    QTest::mouseClick(plot, Qt::LeftButton, {}, toPlot(hiddenCellPos(127, 27, 0)));
    QCOMPARE(spy.last().at(0).toInt(), 127);

    // A column of W2 is hidden neuron j's outgoing weights: it selects j too.
    QTest::mouseClick(plot, Qt::LeftButton, {}, toPlot(outputCellPos(3, 12)));
    QCOMPARE(spy.count(), 3);
    QCOMPARE(spy.last().at(0).toInt(), 12);

    // A gap or the right button selects nothing.
    const QCPColorMap *map = m_panel->hiddenMap();
    const QPoint gap(int(std::lround(map->keyAxis()->coordToPixel(57))),
                     int(std::lround(map->valueAxis()->coordToPixel(3))));
    QTest::mouseClick(plot, Qt::LeftButton, {}, gap);
    QTest::mouseClick(plot, Qt::RightButton, {}, toPlot(hiddenCellPos(3, 3, 3)));
    QCOMPARE(spy.count(), 3);
    QCOMPARE(m_panel->selectedHiddenNeuron(), 12);

    // Setting the selection from outside does not emit.
    m_panel->setSelectedHiddenNeuron(5);
    QCOMPARE(m_panel->selectedHiddenNeuron(), 5);
    QCOMPARE(spy.count(), 3);
}

void TestHeatmapPanel::missingValues()
{
    HeatmapPanel panel;
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    showSource(panel, m_weights, nullptr, nullptr);
    panel.plot()->replot();
    QVERIFY(panel.hiddenTitle().contains(QStringLiteral("no values yet")));
    const QCPColorMap *map = panel.hiddenMap();
    const auto cellPos = [&] {
        return panel.plot()->mapTo(&panel, QPoint(int(std::lround(map->keyAxis()->coordToPixel(5))),
                                                  int(std::lround(map->valueAxis()->coordToPixel(5)))));
    };
    QVERIFY(std::isnan(panel.valueAt(cellPos())));
    panel.setQuantity(Quantity::Weights);
    QCOMPARE(panel.valueAt(cellPos()), double(m_weights->layers[0].W(0, 5 * 28 + 5)));
    QVERIFY(!panel.hiddenTitle().contains(QStringLiteral("no values yet")));
}

void TestHeatmapPanel::mouseMoveShowsHoverText()
{
    m_panel->setQuantity(Quantity::Weights);
    const QPoint pos = hiddenCellPos(64, 20, 3);
    QTest::mouseMove(m_panel->plot(), m_panel->plot()->mapFrom(m_panel.get(), pos));
    QTRY_COMPARE(m_panel->hoverText(), m_panel->hoverTextAt(pos));
    QVERIFY(m_panel->hoverText().startsWith(
            QStringLiteral("hidden neuron 65, pixel (20, 3): W1 = ")));
}

// The hover line under the maps changes with the mouse; the panel's size hints and its maps'
// places do not (the Train view's layout would jump by the text's width).
void TestHeatmapPanel::hoverDoesNotMoveTheLayout()
{
    HeatmapPanel panel;
    panel.resize(420, 560);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    showSource(panel, m_weights, m_gradients, m_adjustments);
    panel.plot()->replot();
    QCoreApplication::processEvents();
    auto *hover = panel.findChild<QLabel *>(QStringLiteral("heatmapHover"));
    QVERIFY(hover);
    QVERIFY(!hover->accessibleName().trimmed().isEmpty()); // never a label of a single space
    const QSize minimum = panel.minimumSizeHint(), hint = panel.sizeHint();
    const QRect plot = panel.plot()->geometry();
    const QCPColorMap *map = panel.hiddenMap();
    const QPoint cell(int(map->keyAxis()->coordToPixel(3)), int(map->valueAxis()->coordToPixel(3))); // neuron 1's
    QMouseEvent move(QEvent::MouseMove, QPointF(cell), QPointF(panel.plot()->mapToGlobal(cell)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(panel.plot(), &move);
    QTRY_VERIFY(!panel.hoverText().isEmpty());
    QVERIFY(hover->fontMetrics().horizontalAdvance(hover->text()) > 200);
    QCoreApplication::processEvents();
    QCOMPARE(panel.minimumSizeHint(), minimum);
    QCOMPARE(panel.sizeHint().height(), hint.height());
    QVERIFY(panel.sizeHint().width() <= hint.width());
    QCOMPARE(panel.plot()->geometry(), plot);
}

void TestHeatmapPanel::exports()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    HeatmapPanel panel; // never shown: exports at a page size
    showSource(panel, m_weights, m_gradients, m_adjustments);
    // One value per cell, as CSV: every weight of W1 and W2 of the chosen quantity.
    panel.setQuantity(HeatmapPanel::Quantity::Weights);
    const QString csv = dir.filePath(QStringLiteral("heatmaps.csv"));
    QCOMPARE(writePanel(panel.panelExport(), csv), QString());
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csvFile.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 128 * 784 + 10 * 128);
    QCOMPARE(lines[1 + 5 * 784 + 300], QByteArray("weight,W1,5,300,") + QByteArray::number(double(m_weights->layers[0].W(5, 300)), 'g', 9));
    QCOMPARE(lines.last(), QByteArray("weight,W2,9,127,") + QByteArray::number(double(m_weights->layers[1].W(9, 127)), 'g', 9));
    const QString svg = dir.filePath(QStringLiteral("heatmaps.svg"));
    QCOMPARE(writePanel(panel.panelExport(), svg), QString());
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    QVERIFY(svgFile.readAll().contains("<svg"));
    panel.setQuantity(HeatmapPanel::Quantity::Gradients);
    QSignalSpy spy(&panel, &HeatmapPanel::exported);
    const QString png = dir.filePath(QStringLiteral("heatmaps.png"));
    QVERIFY(panel.exportTo(png));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(2400, 1600));
    // The diverging colours are there: some strongly red and some strongly blue pixels.
    int red = 0, blue = 0;
    for (int y = 0; y < image.height(); y += 5)
        for (int x = 0; x < image.width(); x += 5) {
            const QColor c = image.pixelColor(x, y);
            red += c.red() > 150 && c.blue() < 100;
            blue += c.blue() > 150 && c.red() < 100;
        }
    QVERIFY2(red > 100 && blue > 100,
             qPrintable(QStringLiteral("red %1, blue %2").arg(red).arg(blue)));
    const QString pdf = dir.filePath(QStringLiteral("heatmaps.pdf"));
    QVERIFY(panel.exportTo(pdf));
    QFile file(pdf);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.read(5) == "%PDF-");
    QCOMPARE(spy.count(), 2);
}

void TestHeatmapPanel::titlesOnOneLine_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<double>("points");
    QTest::addColumn<QString>("expected");
    QTest::newRow("wide") << 1000 << 11.0 << QStringLiteral("dL/dW1 = δ1 xᵀ   (a 28×28 tile per hidden neuron)");
    QTest::newRow("projector") << 620 << 16.5 << QStringLiteral("dL/dW1 = δ1 xᵀ   (a tile per neuron)");
    QTest::newRow("narrow projector") << 330 << 16.5 << QStringLiteral("dL/dW1 = δ1 xᵀ");
}

// Each title on one line, the longest form that fits: never wrapped or cut.
void TestHeatmapPanel::titlesOnOneLine()
{
    QFETCH(int, width);
    QFETCH(double, points);
    QFETCH(QString, expected);
    HeatmapPanel panel;
    QFont font = panel.font();
    font.setPointSizeF(points);
    panel.setFont(font);
    panel.resize(width, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    showSource(panel, m_weights, m_gradients, m_adjustments);
    panel.plot()->replot();
    panel.plot()->replot(); // the title chosen after the first layout
    QCOMPARE(panel.hiddenTitle(), expected);
    for (QCPTextElement *title : {panel.hiddenTitleElement(), panel.layerTitleElement(1)}) {
        QVERIFY(!title->text().contains(QLatin1Char('\n')));
        QVERIFY2(QFontMetrics(title->font()).horizontalAdvance(title->text()) <= title->outerRect().width(),
                 qPrintable(title->text()));
    }
    QVERIFY(panel.plot()->toolTip().contains(QStringLiteral("(a 28×28 tile per hidden neuron)")));
}

// Each colour bar shows -s, 0, s (s the largest 1, 2, 2.5, 5 x 10^k within the range), the 0 left
// out when the bar is too short for three labels a line apart.
void TestHeatmapPanel::colourBarTicksStayApart()
{
    HeatmapPanel panel;
    panel.resize(1000, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    showSource(panel, m_weights, m_gradients, m_adjustments); // gradients: max |W1| 0.301, |W2| 0.270
    for (const QSize size : {QSize(1000, 760), QSize(1000, 330)}) {
        panel.resize(size);
        panel.plot()->replot();
        panel.plot()->replot(); // ticks chosen after the layout
        for (QCPColorMap *map : {panel.hiddenMap(), panel.layerMap(1)}) {
            QCPAxis *axis = map->colorScale()->axis();
            QVector<double> ticks = axis->tickVector();
            QVector<QString> labels = axis->tickVectorLabels();
            QVERIFY(ticks.size() == 2 || ticks.size() == 3);
            QCOMPARE(ticks.first(), -0.25);
            QCOMPARE(ticks.last(), 0.25);
            QCOMPARE(labels.first(), QStringLiteral("−0.25"));
            QCOMPARE(labels.last(), QStringLiteral("0.25"));
            const int line = QFontMetrics(axis->tickLabelFont()).height();
            for (int i = 1; i < ticks.size(); ++i)
                QVERIFY(std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1])) >= line);
        }
        // The tall W1 bar always has its 0; the short W2 bar of the low panel has no room for it.
        QCOMPARE(panel.hiddenMap()->colorScale()->axis()->tickVector().size(), 3);
        if (size.height() < 400)
            QCOMPARE(panel.layerMap(1)->colorScale()->axis()->tickVector().size(), 2);
    }
}

// At its preferred height for a width the mosaic fills its rect both ways (width- and
// height-limited at once): nothing left unused, nothing squeezed.
void TestHeatmapPanel::preferredHeightFitsTheMosaic()
{
    HeatmapPanel panel;
    panel.resize(700, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.plot()->replot();
    for (int width : {500, 700, 900}) {
        panel.resize(width, panel.preferredHeight(width));
        panel.plot()->replot();
        const QRect r = panel.hiddenMap()->keyAxis()->axisRect()->rect();
        QCPAxis *x = panel.hiddenMap()->keyAxis(), *y = panel.hiddenMap()->valueAxis();
        const double mosaicW = std::abs(x->coordToPixel(mosaic::kWidth - 0.5) - x->coordToPixel(-0.5));
        const double mosaicH = std::abs(y->coordToPixel(mosaic::kHeight - 0.5) - y->coordToPixel(-0.5));
        QVERIFY2(std::abs(mosaicW - r.width()) <= 3 && std::abs(mosaicH - r.height()) <= 3,
                 qPrintable(QStringLiteral("width %1: mosaic %2 x %3 in %4 x %5").arg(width).arg(mosaicW)
                                    .arg(mosaicH).arg(r.width()).arg(r.height())));
    }
}

// Before the first batch the gradients are all 0: the summary says so rather than listing
// three "largest" zeros.
void TestHeatmapPanel::summaryOfZeroGradients()
{
    HeatmapPanel panel;
    auto zeros = std::make_shared<MlpParamsF>(MlpParamsF::zeros(Architecture::source()));
    showSource(panel, m_weights, zeros, zeros);
    panel.setQuantity(Quantity::Gradients);
    const QString summary = panel.accessibleSummary();
    QVERIFY2(summary.endsWith(QStringLiteral(": every value is 0.")), qPrintable(summary));
    QVERIFY(!summary.contains(QStringLiteral("largest")));
    panel.setQuantity(Quantity::Weights);
    QVERIFY(panel.accessibleSummary().contains(QStringLiteral("largest")));
}

// Distinct values in arch's shapes: W_l(r, c) = (l + 1) + r / 1000 + c / 1e6, signs alternating.
static std::shared_ptr<const MlpParamsF> knownLayers(const Architecture &arch)
{
    auto p = std::make_shared<MlpParamsF>(MlpParamsF::zeros(arch));
    for (std::size_t l = 0; l < p->layers.size(); ++l)
        for (Eigen::Index r = 0; r < p->layers[l].W.rows(); ++r)
            for (Eigen::Index c = 0; c < p->layers[l].W.cols(); ++c)
                p->layers[l].W(r, c) = float(((r + c) % 2 ? -1 : 1) * (double(l + 1) + r * 1e-3 + c * 1e-6));
    return p;
}

// 784-24-12-10 tanh: 24 tiles (7 across, independently ceil(sqrt(48))), and below W2 (12 x 24)
// and W3 (10 x 12) in maps of their own, each on its own colour scale; hover names each weight, a
// click in W3 selects nothing.
void TestHeatmapPanel::anyNetworksLayers()
{
    Architecture a;
    a.hidden = {24, 12};
    a.activation = Activation::Tanh;
    const auto w = knownLayers(a);
    HeatmapPanel panel;
    panel.resize(1000, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setLayers(a, w, w, w);
    panel.plot()->replot();
    QCOMPARE(panel.mosaicLayout().tiles, 24);
    QCOMPARE(panel.mosaicLayout().across, 7);
    QCOMPARE(panel.hiddenMap()->data()->keySize(), 7 * 29 - 1);
    QCOMPARE(panel.hiddenMap()->data()->valueSize(), 4 * 29 - 1);
    QCOMPARE(panel.layerMap(1)->data()->keySize(), 24);
    QCOMPARE(panel.layerMap(1)->data()->valueSize(), 12);
    QCOMPARE(panel.layerMap(2)->data()->keySize(), 12);
    QCOMPARE(panel.layerMap(2)->data()->valueSize(), 10);
    QCOMPARE(panel.layerMap(3), nullptr);
    QCOMPARE(panel.hiddenRange(), double(w->layers[0].W.cwiseAbs().maxCoeff()));
    QCOMPARE(panel.layerRange(1), double(w->layers[1].W.cwiseAbs().maxCoeff())); // 2.x
    QCOMPARE(panel.layerRange(2), double(w->layers[2].W.cwiseAbs().maxCoeff())); // 3.x
    QVERIFY2(panel.layerTitle(1).startsWith(QStringLiteral("dL/dW2 = δ2 a1ᵀ")), qPrintable(panel.layerTitle(1)));
    QVERIFY2(panel.layerTitle(2).startsWith(QStringLiteral("dL/dW3 = δ3 a2ᵀ")), qPrintable(panel.layerTitle(2)));
    QVERIFY2(panel.plot()->toolTip().contains(QStringLiteral("(W3: 10 outputs × 12 of hidden layer 2)")),
             qPrintable(panel.plot()->toolTip()));

    const auto cellPos = [&panel](const QCPColorMap *map, double x, double y) {
        const QPoint plotPos(int(std::lround(map->keyAxis()->coordToPixel(x))),
                             int(std::lround(map->valueAxis()->coordToPixel(y))));
        return panel.plot()->mapTo(&panel, plotPos);
    };
    // Tile 9: row 1, column 2 of the mosaic; its pixel (4, 5).
    const QPoint tile = cellPos(panel.hiddenMap(), 2 * 29 + 5, 1 * 29 + 4);
    QCOMPARE(panel.valueAt(tile), double(w->layers[0].W(9, 4 * 28 + 5)));
    QVERIFY2(panel.hoverTextAt(tile).startsWith(QStringLiteral("neuron 10 of hidden layer 1, pixel (4, 5): dL/dW1 = ")),
             qPrintable(panel.hoverTextAt(tile)));
    // W2(7, 20) and W3(3, 11), each in its own map.
    const QPoint w2 = cellPos(panel.layerMap(1), 20, 7);
    QCOMPARE(panel.valueAt(w2), double(w->layers[1].W(7, 20)));
    QVERIFY2(panel.hoverTextAt(w2).startsWith(QStringLiteral("neuron 8 of hidden layer 2 ← neuron 21 of hidden layer 1: dL/dW2 = ")),
             qPrintable(panel.hoverTextAt(w2)));
    const QPoint w3 = cellPos(panel.layerMap(2), 11, 3);
    QCOMPARE(panel.valueAt(w3), double(w->layers[2].W(3, 11)));
    QVERIFY2(panel.hoverTextAt(w3).startsWith(QStringLiteral("output neuron 4 ← neuron 12 of hidden layer 2: dL/dW3 = ")),
             qPrintable(panel.hoverTextAt(w3)));
    QVERIFY(std::isnan(panel.valueAt(cellPos(panel.hiddenMap(), 3 * 29 + 5, 3 * 29 + 5)))); // tile 24 of 28: empty

    QSignalSpy selected(&panel, &HeatmapPanel::hiddenNeuronSelected);
    QTest::mouseClick(panel.plot(), Qt::LeftButton, {}, panel.plot()->mapFrom(&panel, w3));
    QCOMPARE(selected.count(), 0); // a column of W3 is no first-layer neuron
    QTest::mouseClick(panel.plot(), Qt::LeftButton, {}, panel.plot()->mapFrom(&panel, w2));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.front().front().toInt(), 20);

    const QString summary = panel.accessibleSummary();
    for (const char *layer : {"W1 from", "W2 from", "W3 from"})
        QVERIFY2(summary.contains(QLatin1String(layer)), qPrintable(summary));
    const QByteArray csv = panel.panelExport().data(ExportFormat::Csv);
    QCOMPARE(csv.count('\n'), 1 + 24 * 784 + 12 * 24 + 10 * 12);
    QVERIFY(csv.contains("gradient,W3,3,11,"));

    // Back to 784-128-10: its 16 x 8 tiles and W2 alone below them.
    showSource(panel, m_weights, m_gradients, m_adjustments);
    QVERIFY(panel.network() == Architecture::source());
    QCOMPARE(panel.mosaicLayout().tiles, 128);
    QCOMPARE(panel.hiddenMap()->data()->keySize(), mosaic::kWidth);
    QCOMPARE(panel.layerMap(1)->data()->valueSize(), 10);
    QCOMPARE(panel.layerMap(2), nullptr);
}

// 784-10: ten tiles, the output neurons' templates; no later layer, no selection.
void TestHeatmapPanel::linearModelHasNoLaterLayer()
{
    Architecture a;
    a.hidden = {};
    const auto w = knownLayers(a);
    HeatmapPanel panel;
    panel.resize(800, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setLayers(a, w, w, w);
    panel.plot()->replot();
    QCOMPARE(panel.mosaicLayout().tiles, 10);
    QCOMPARE(panel.mosaicLayout().across, 5);
    QCOMPARE(panel.layerMap(1), nullptr);
    QVERIFY2(panel.hiddenTitle().contains(QStringLiteral("tile per output neuron")), qPrintable(panel.hiddenTitle()));
    // One colour scale: there is no later layer to scale.
    int scales = 0;
    for (QCPLayoutElement *e : panel.plot()->plotLayout()->elements(true))
        if (qobject_cast<QCPColorScale *>(e) && e->visible())
            ++scales;
    QCOMPARE(scales, 1);
    panel.setSelectedHiddenNeuron(3);
    QCOMPARE(panel.selectedHiddenNeuron(), -1);
    const QCPColorMap *map = panel.hiddenMap();
    const QPoint tile = panel.plot()->mapTo(&panel, QPoint(int(std::lround(map->keyAxis()->coordToPixel(29 + 2))),
                                                             int(std::lround(map->valueAxis()->coordToPixel(29 + 1)))));
    QVERIFY2(panel.hoverTextAt(tile).startsWith(QStringLiteral("output neuron 7, pixel (1, 2)")), qPrintable(panel.hoverTextAt(tile)));
}

void TestHeatmapPanel::laterMatricesAreLegible_data()
{
    QTest::addColumn<QString>("hidden");
    QTest::addColumn<int>("height");
    for (const char *hidden : {"128", "256,128", "1024,1024", "64"})
        for (int height : {760, 480}) // a whole right column, and a short one
            QTest::addRow("784-%s-10 at %d px", hidden, height) << QString::fromLatin1(hidden) << height;
}

// Each matrix after the first has its own map, at least 8 pixels per row for the 10 rows of an
// output layer (and 128 pixels for a wide hidden layer): rows a person sees and points at; the
// title names it with its shape and hover reads its last rows.
void TestHeatmapPanel::laterMatricesAreLegible()
{
    QFETCH(QString, hidden);
    QFETCH(int, height);
    const Architecture a = *parseArchitecture(hidden.toStdString(), "tanh");
    const auto w = knownLayers(a);
    HeatmapPanel panel;
    panel.resize(1000, height);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setLayers(a, w, w, w);
    panel.setQuantity(Quantity::Weights);
    panel.plot()->replot();
    panel.plot()->replot();
    for (int l = 1; l < a.layerCount(); ++l) {
        const QCPColorMap *map = panel.layerMap(l);
        QVERIFY(map);
        const int rows = a.layerOutputs(l);
        const int shown = map->keyAxis()->axisRect()->rect().height();
        // 8 pixels a row (16 rows' worth for a wide layer) where the mosaic keeps tiles of 20
        // pixels, else 5 (10 rows' worth); a few pixels of rounding where the panel has none to spare.
        const QRect mosaic = panel.hiddenMap()->keyAxis()->axisRect()->rect();
        const bool room = mosaic.height() >= 20.0 / 28 * panel.mosaicLayout().height() - 2;
        QVERIFY2(shown >= (room ? heatmapLegibleHeight(rows) : heatmapLeastHeight(rows)) - 4,
                 qPrintable(QStringLiteral("W%1 (%2 rows): %3 px").arg(l + 1).arg(rows).arg(shown)));
        if (height >= 760 && a.hidden.front() <= 256) // (1,024 tiles of 20 pixels need more room)
            QVERIFY2(room && shown >= 8 * std::min(rows, 16), qPrintable(QStringLiteral("%1 px").arg(shown)));
        QVERIFY2(panel.layerTitle(l).startsWith(QStringLiteral("W%1   (").arg(l + 1)), qPrintable(panel.layerTitle(l)));
        QVERIFY2(panel.layerTitle(l).contains(QStringLiteral("(%1 ").arg(rows))
                         && panel.layerTitle(l).contains(QStringLiteral("× %1").arg(a.layerInputs(l))),
                 qPrintable(panel.layerTitle(l)));
        // Near the bottom, in the middle: the last rows (a row or column of 1,024 is narrower than
        // a pixel: the one under that pixel).
        const QRect rect = map->keyAxis()->axisRect()->rect();
        const QPoint plotPos(rect.center().x(), rect.bottom() - 2);
        const int col = int(std::lround(map->keyAxis()->pixelToCoord(plotPos.x())));
        const int row = int(std::lround(map->valueAxis()->pixelToCoord(plotPos.y())));
        QVERIFY2(row >= rows - std::max(3, 3 * rows / rect.height()) && row < rows, qPrintable(QString::number(row)));
        QCOMPARE(panel.valueAt(panel.plot()->mapTo(&panel, plotPos)), double(w->layers[std::size_t(l)].W(row, col)));
    }
    QCOMPARE(panel.layerMap(a.layerCount()), nullptr);
    // The panel asks for room for them.
    QVERIFY(panel.preferredHeight(1000) >= panel.hiddenMap()->keyAxis()->axisRect()->outerRect().height());
}

void TestHeatmapPanel::shrinkKeepsTheStrongestValue()
{
    const double nan = std::nan("");
    // 5 x 2 into 2 x 2: columns 0-2 in cell 0, 3-4 in cell 1.
    const std::vector<double> z{0.1, -0.9, nan, 0.2, 0.3, //
                                0.5, 0.4, 0.0, nan, nan};
    const ShrunkCells s = shrinkCells(z, 5, 2, 2, 2);
    QCOMPARE(s.width, 2);
    QCOMPARE(s.height, 2);
    QCOMPARE(s.z[0], -0.9); // the largest magnitude, its sign kept
    QCOMPARE(s.z[1], 0.3);
    QCOMPARE(s.z[2], 0.5);
    QVERIFY(std::isnan(s.z[3])); // only gaps
    // 4 rows into 2: rows 0-1 and 2-3.
    const ShrunkCells r = shrinkCells({1, -3, 2, 0.5}, 1, 4, 10, 2);
    QCOMPARE(r.height, 2);
    QCOMPARE(r.z[0], -3.0);
    QCOMPARE(r.z[1], 2.0);
    // All NaN stays NaN (a gap); a side within its maximum keeps its cells.
    const ShrunkCells gaps = shrinkCells({nan, nan, nan, nan}, 4, 1, 2, 10);
    QCOMPARE(gaps.height, 1);
    QVERIFY(std::isnan(gaps.z[0]) && std::isnan(gaps.z[1]));
    const ShrunkCells same = shrinkCells(z, 5, 2, 5, 2);
    QCOMPARE(same.width, 5);
    QCOMPARE(same.z[1], -0.9);
    QCOMPARE(shrunkSide(1024, 300), 300);
    QCOMPARE(shrunkSide(10, 300), 10);
    QCOMPARE(shrunkSide(10, 0), 10); // no pixels known: every cell
}

// A 1024 x 1024 matrix in a map a few hundred pixels wide: its cells are at most the map's device
// pixels (set once per new value, not coloured and scaled down at every replot), the hover still
// reads the exact weight, and a larger plot gets more cells again.
void TestHeatmapPanel::largeMatricesAreSetAtMostAPixelACell()
{
    Architecture a;
    a.hidden = {1024, 1024};
    const auto w = knownLayers(a);
    HeatmapPanel panel;
    panel.resize(700, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setLayers(a, w, w, w);
    panel.plot()->replot();
    const QCPColorMap *w2 = panel.layerMap(1);
    const double dpr = panel.plot()->bufferDevicePixelRatio();
    const QRect rect = w2->keyAxis()->axisRect()->rect();
    QVERIFY(w2->data()->keySize() < 1024);
    QVERIFY(w2->data()->keySize() <= int(rect.width() * dpr));
    QVERIFY(w2->data()->valueSize() <= std::max(2, int(rect.height() * dpr)));
    QVERIFY(panel.hiddenMap()->data()->keySize() < panel.mosaicLayout().width());
    // The hover names the weight under the point, whatever cell holds it.
    const QPoint centre = panel.plot()->mapTo(&panel, rect.center());
    QVERIFY(!std::isnan(panel.valueAt(centre)));
    const int j = int(std::lround(w2->keyAxis()->pixelToCoord(rect.center().x())));
    const int k = int(std::lround(w2->valueAxis()->pixelToCoord(rect.center().y())));
    QCOMPARE(panel.valueAt(centre), double(w->layers[1].W(k, j)));
    // The cells cover the whole map: the first and last cells' centres half a cell inside it.
    const double cw = 1024.0 / w2->data()->keySize();
    QCOMPARE(w2->data()->keyRange().lower, -0.5 + cw / 2);
    QCOMPARE(w2->data()->keyRange().upper, 1023.5 - cw / 2);
    const int before = w2->data()->keySize();
    panel.resize(1400, 1400);
    QTest::qWait(50);
    panel.plot()->replot();
    QVERIFY2(w2->data()->keySize() > before, qPrintable(QString::number(w2->data()->keySize())));
}

QTEST_MAIN(TestHeatmapPanel)
#include "tst_heatmappanel.moc"
