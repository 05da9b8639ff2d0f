// The conv panels of the Train view: each shows exactly the values it was given. The kernels on the
// diverging scale (red positive, blue negative) beside their gradients, the feature maps dark where
// a value is large, the dropout mask's cells filled where a neuron was off, the weights' norm as a
// line with its numbers; their titles, tables for a screen reader and CSV hold those numbers.

#include <conv/convfilterpanel.h>
#include <conv/dropoutmaskpanel.h>
#include <conv/featuremappanel.h>
#include <conv/weightnormpanel.h>

#include <QAbstractButton>
#include <QImage>
#include <QLocale>
#include <QTest>

using namespace bplab;

namespace {

ConvFilterBank twoKernels()
{
    // conv 2 3x3 on one input channel: kernel 1 all +0.5 but one -1 corner, kernel 2 all 0.
    ConvFilterBank b;
    b.name = "conv 2 3x3";
    b.layer = 1;
    b.outChannels = 2;
    b.inChannels = 1;
    b.kernel = 3;
    b.weights.assign(18, 0.0f);
    for (int i = 0; i < 9; ++i)
        b.weights[std::size_t(i)] = 0.5f;
    b.weights[0] = -1.0f;
    b.gradients.assign(18, 0.0f);
    b.gradients[9] = 0.25f;
    b.biases = {0.1f, -0.1f};
    return b;
}

/** The number of pixels of `image` in `rect` that are clearly red or clearly blue. */
std::pair<int, int> redAndBlue(const QImage &image, const QRect &rect)
{
    int red = 0, blue = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            red += c.red() > c.blue() + 60;
            blue += c.blue() > c.red() + 60;
        }
    return {red, blue};
}

} // namespace

class TestConvPanels : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void filtersShowTheirWeightsAndGradients()
    {
        ConvFilterPanel panel;
        QVERIFY(panel.csv().isEmpty());
        panel.setFilters({twoKernels()});
        QCOMPARE(panel.bankTitle(0), QStringLiteral("conv 2 3x3 (layer 1): 2 kernels of 1 x 3 x 3"));
        QCOMPARE(panel.weightsCaption(0), QStringLiteral("W from -1 to 0.5"));
        QCOMPARE(panel.gradientsCaption(0), QStringLiteral("dL/dW from 0 to 0.25"));
        // A row per kernel; its weights row by row, and its gradient.
        QCOMPARE(panel.accessibleRows(), 2);
        QCOMPARE(panel.accessibleCell(0, 3), QStringLiteral("-1 0.5 0.5; 0.5 0.5 0.5; 0.5 0.5 0.5"));
        QCOMPARE(panel.accessibleCell(1, 4), QStringLiteral("0.25 0 0; 0 0 0; 0 0 0"));
        QCOMPARE(panel.accessibleCell(1, 1), QStringLiteral("2"));
        QVERIFY(panel.accessibleSummary().contains(QStringLiteral("W from -1 to 0.5")));
        const QList<QByteArray> lines = panel.csv().split('\n');
        QCOMPARE(lines.at(0), QByteArray("layer,out_channel,in_channel,row,column,w,dw"));
        QCOMPARE(lines.at(1), QByteArray("1,1,1,1,1,-1,0"));
        QCOMPARE(lines.at(10), QByteArray("1,2,1,1,1,0,0.25"));
        QCOMPARE(lines.size(), 1 + 18 + 1);

        // Kernel 1 is mostly red (positive) with one blue block; the W grid is on the left half.
        panel.resize(600, 240);
        const QImage image = panel.grab().toImage();
        const auto [red, blue] = redAndBlue(image, QRect(0, 0, 300, 240));
        QVERIFY2(red > 5 * blue && blue > 0, qPrintable(QStringLiteral("red %1 blue %2").arg(red).arg(blue)));
        // The gradients' grid: only kernel 2's first weight is not 0, red.
        const auto [gRed, gBlue] = redAndBlue(image, QRect(300, 0, 300, 240));
        QVERIFY2(gRed > 0 && gBlue == 0, qPrintable(QStringLiteral("red %1 blue %2").arg(gRed).arg(gBlue)));
    }

    void featureMapsShowTheSamplesValues()
    {
        FeatureMapPanel panel;
        FeatureMapSet m;
        m.name = "pool 2";
        m.layer = 2;
        m.channels = 2;
        m.height = 2;
        m.width = 2;
        m.values = {0, 1, 2, 3, 0, 0, 0, 4};
        panel.setMaps({m});
        QCOMPARE(panel.mapTitle(0), QStringLiteral("pool 2 (layer 2): 2 maps of 2 x 2, from 0 to 4"));
        QCOMPARE(panel.accessibleRows(), 2);
        QCOMPARE(panel.accessibleCell(0, 3), QStringLiteral("3"));   // channel 1's largest
        QCOMPARE(panel.accessibleCell(0, 4), QStringLiteral("1.5")); // and its mean
        QCOMPARE(panel.accessibleCell(1, 4), QStringLiteral("1"));
        const QList<QByteArray> lines = panel.csv().split('\n');
        QCOMPARE(lines.at(8), QByteArray("2,pool 2,2,2,2,4"));
        // The largest value is the darkest block.
        panel.resize(400, 200);
        const QImage image = panel.grab().toImage();
        int darkest = 255;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                darkest = std::min(darkest, qGray(image.pixel(x, y)));
        QVERIFY2(darkest < 60, qPrintable(QString::number(darkest)));
    }

    // On screen one layer at a time, as large as the panel allows; the chooser in the corner
    // moves between them, and the screen reader's table still has every layer's rows.
    void aLayerAtATime()
    {
        FeatureMapPanel panel;
        FeatureMapSet blank, dark;
        blank.name = "conv 1 3x3";
        blank.layer = 1;
        blank.channels = blank.height = blank.width = 1;
        blank.values = {0};
        dark = blank;
        dark.name = "pool 2";
        dark.layer = 2;
        dark.values = {4};
        panel.setMaps({blank});
        auto *chooser = panel.findChild<QWidget *>(QStringLiteral("featureMapLayer"));
        QVERIFY(chooser);
        QVERIFY(chooser->isHidden()); // one layer: nothing to choose
        panel.setMaps({blank, dark});
        panel.resize(400, 200);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(chooser->isVisible());
        QCOMPARE(panel.accessibleRows(), 2);
        // The share of the panel below its title line that is dark: layer 1's map is white,
        // layer 2's dark and most of the panel's height.
        const auto darkShare = [&panel] {
            const QImage image = panel.grab().toImage();
            int dark = 0, all = 0;
            for (int y = 40; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x, ++all)
                    dark += qGray(image.pixel(x, y)) < 60;
            return double(dark) / all;
        };
        QCOMPARE(panel.shownLayer(), 0);
        QVERIFY2(darkShare() < 0.01, qPrintable(QString::number(darkShare())));
        QAbstractButton *next = nullptr;
        for (QAbstractButton *b : chooser->findChildren<QAbstractButton *>())
            if (b->accessibleName() == QStringLiteral("Next layer"))
                next = b;
        QVERIFY(next && next->isEnabled());
        next->click();
        QCOMPARE(panel.shownLayer(), 1);
        QVERIFY(!next->isEnabled());
        QVERIFY2(darkShare() > 0.25, qPrintable(QString::number(darkShare())));
        // The kernels too: one bank at a time, every kernel in the table.
        ConvFilterPanel filters;
        ConvFilterBank second = twoKernels();
        second.layer = 3;
        filters.setFilters({twoKernels(), second});
        QCOMPARE(filters.accessibleRows(), 4);
        QCOMPARE(filters.shownLayer(), 0);
        filters.showLayer(1);
        QCOMPARE(filters.shownLayer(), 1);
        filters.showLayer(5);
        QCOMPARE(filters.shownLayer(), 1);
    }

    void dropoutMaskCountsTheNeuronsOff()
    {
        DropoutMaskPanel panel;
        DropoutMask m;
        m.name = "dropout 0.25";
        m.layer = 6;
        m.rate = 0.25;
        m.channels = 8;
        m.dropped = {1, 0, 0, 1, 0, 0, 0, 0};
        panel.setMasks({m});
        QCOMPARE(panel.droppedCount(0), 2);
        QCOMPARE(panel.maskTitle(0), QStringLiteral("dropout 0.25 (layer 6): 2 of 8 neurons off (25.0 %), the others x 1.33"));
        QCOMPARE(panel.shortTitle(0), QStringLiteral("dropout 0.25: 2 of 8 off (25.0 %)"));
        QCOMPARE(panel.accessibleRows(), 8);
        QCOMPARE(panel.accessibleCell(3, 2), QStringLiteral("off"));
        QCOMPARE(panel.accessibleCell(4, 2), QStringLiteral("on"));
        QCOMPARE(panel.csv().split('\n').at(4), QByteArray("6,4,1"));
    }

    void weightNormDrawsItsSeries()
    {
        WeightNormPanel panel;
        panel.setSeries({{0, 20.0}, {50, 18.0}, {100, 17.5}}, 0.0005);
        QCOMPARE(panel.title(), QStringLiteral("‖w‖₂ = 17.5 after batch 100 (weight decay λ = 0.0005; 20 at batch 0)"));
        QCOMPARE(panel.accessibleRows(), 3);
        QCOMPARE(panel.accessibleCell(1, 1), QStringLiteral("18"));
        QCOMPARE(panel.csv(), QByteArray("batch,norm\n0,20\n50,18\n100,17.5\n"));
        // The line is drawn in the panel's blue.
        panel.resize(400, 160);
        const QImage image = panel.grab().toImage();
        int blue = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                blue += c.blue() > c.red() + 60;
            }
        QVERIFY2(blue > 50, qPrintable(QString::number(blue)));
    }

    void panelsExportPictures()
    {
        ConvFilterPanel panel;
        panel.setFilters({twoKernels()});
        const PanelExport e = panel.panelExport();
        QVERIFY(e.render && e.renderSize);
        QImage image(e.renderSize(), QImage::Format_ARGB32);
        QVERIFY(e.render(&image, e.renderSize()));
        QCOMPARE(e.name, QStringLiteral("filters"));
    }
};

QTEST_MAIN(TestConvPanels)
#include "tst_convpanels.moc"
