// The digit panel shows the given image pixel for pixel, the label, the one-hot vector and the
// prediction.

#include "digitpanel.h"

#include <QtTest>

using namespace bplab;

class TestDigitPanel : public QObject
{
    Q_OBJECT

private slots:
    void labelOneHotAndPrediction();
    void rightPrediction();
    void classNames();
    void pixelsAreDrawnAsGiven();
    void pixelValuesWhenLargeEnough();
    void otherFormatsAreConverted();
    void clearShowsNothing();
    void jsonKeepsItsOrder();
};

// A 28x28 test image: a diagonal ramp with a few known values.
static QImage testImage()
{
    QImage image(28, 28, QImage::Format_Grayscale8);
    for (int y = 0; y < 28; ++y)
        for (int x = 0; x < 28; ++x)
            image.scanLine(y)[x] = uchar((x * 9 + y * 3) % 256);
    image.scanLine(0)[0] = 0;
    image.scanLine(5)[7] = 255;
    image.scanLine(20)[13] = 128;
    return image;
}

void TestDigitPanel::labelOneHotAndPrediction()
{
    DigitPanel panel;
    panel.setSample(testImage(), 7, 2);
    QVERIFY(panel.hasSample());
    QCOMPARE(panel.label(), 7);
    QCOMPARE(panel.predicted(), 2);
    QCOMPARE(panel.labelText(), QStringLiteral("Label: 7 → neuron 8"));
    const QVector<int> y = panel.oneHot();
    QCOMPARE(y.size(), 10);
    for (int k = 0; k < 10; ++k)
        QCOMPARE(y[k], k == 7 ? 1 : 0);
    QCOMPARE(panel.predictionText(), QStringLiteral("Predicted: 2  ✗ wrong"));
}

void TestDigitPanel::rightPrediction()
{
    DigitPanel panel;
    panel.setSample(testImage(), 0, 0);
    QCOMPARE(panel.labelText(), QStringLiteral("Label: 0 → neuron 1"));
    QCOMPARE(panel.oneHot().first(), 1);
    QCOMPARE(panel.predictionText(), QStringLiteral("Predicted: 0  ✓ right"));
    panel.setSample(testImage(), -1, 4); // no label: no one-hot, no verdict
    QCOMPARE(panel.oneHot(), QVector<int>(10, 0));
    QCOMPARE(panel.predictionText(), QStringLiteral("Predicted: 4"));
}

void TestDigitPanel::classNames()
{
    DigitPanel panel;
    const QStringList names = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                               "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
    panel.setSample(testImage(), 9, 7, names);
    QCOMPARE(panel.labelText(), QStringLiteral("Label: 9 Ankle boot → neuron 10"));
    QCOMPARE(panel.predictionText(), QStringLiteral("Predicted: 7 Sneaker  ✗ wrong"));
}

void TestDigitPanel::pixelsAreDrawnAsGiven()
{
    DigitPanel panel;
    panel.resize(640, 420);
    const QImage image = testImage();
    panel.setSample(image, 3, 3);
    const QRect r = panel.imageRect();
    QVERIFY2(r.width() >= 28 * 8,
             qPrintable(QStringLiteral("image drawn only %1 px wide").arg(r.width())));
    QCOMPARE(r.width(), r.height());
    QCOMPARE(r.width() % 28, 0); // whole pixels per image pixel: crisp
    const QImage shot = panel.grab().toImage();
    const double dpr = shot.devicePixelRatio();
    const double cell = r.width() / 28.0;
    for (const QPoint &p :
         {QPoint(0, 0), QPoint(7, 5), QPoint(13, 20), QPoint(27, 27), QPoint(10, 3)}) {
        const QPointF centre(r.left() + (p.x() + 0.5) * cell, r.top() + (p.y() + 0.5) * cell);
        const QColor shown = shot.pixelColor(int(centre.x() * dpr), int(centre.y() * dpr));
        const int expected = image.pixelColor(p).red();
        QCOMPARE(shown.red(), expected);
        QCOMPARE(shown.green(), expected);
    }
}

void TestDigitPanel::pixelValuesWhenLargeEnough()
{
    DigitPanel panel;
    panel.setSample(testImage(), 1, 1);
    panel.setShowPixelValues(true);
    panel.resize(1200, 900);
    panel.grab();
    QVERIFY(panel.pixelValuesDrawn());
    panel.resize(300, 300);
    panel.grab();
    QVERIFY(!panel.pixelValuesDrawn());
    panel.resize(1200, 900);
    panel.setShowPixelValues(false);
    panel.grab();
    QVERIFY(!panel.pixelValuesDrawn());
}

void TestDigitPanel::otherFormatsAreConverted()
{
    DigitPanel panel;
    QImage rgb(28, 28, QImage::Format_RGB32);
    rgb.fill(QColor(200, 200, 200));
    panel.setSample(rgb, 5, 5);
    QCOMPARE(panel.image().format(), QImage::Format_Grayscale8);
    QCOMPARE(panel.image().pixelColor(3, 3).red(), 200);
}

void TestDigitPanel::clearShowsNothing()
{
    DigitPanel panel;
    panel.setSample(testImage(), 7, 7);
    panel.clear();
    QVERIFY(!panel.hasSample());
    QCOMPARE(panel.label(), -1);
    QCOMPARE(panel.oneHot(), QVector<int>(10, 0));
    QVERIFY(panel.imageRect().isNull());
}

void TestDigitPanel::jsonKeepsItsOrder()
{
    // What the picture is first, then its size, then the pixels row after row.
    DigitPanel panel;
    QImage image(3, 2, QImage::Format_Grayscale8);
    const uchar values[6] = {0, 9, 255, 128, 1, 2};
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x)
            image.scanLine(y)[x] = values[y * 3 + x];
    panel.setSample(image, 7, 2);
    QCOMPARE(panel.panelExport().data(ExportFormat::Json),
             QByteArray(R"({"label":7,"predicted":2,"width":3,"height":2,"pixels":[0,9,255,128,1,2]})" "\n"));
    panel.clear();
    QVERIFY(panel.panelExport().data(ExportFormat::Json).isEmpty());
}

QTEST_MAIN(TestDigitPanel)
#include "tst_digitpanel.moc"
