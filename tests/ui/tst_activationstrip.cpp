// The hidden activations strip: a strip per hidden layer, one cell per neuron, shaded by a / max(a),
// blank for a = 0; its line, its table for a screen reader and its CSV hold exactly the values it
// was given. For another activation than ReLU it gives the range, negative values have their own
// colour, and its titles and tooltip name that activation.

#include <activationstrip.h>

#include <QImage>
#include <QLocale>
#include <QTest>

#include <cmath>

using namespace bplab;

class TestActivationStrip : public QObject
{
    Q_OBJECT

private slots:
    void countsAndNamesTheActiveNeurons()
    {
        ActivationStrip strip;
        QCOMPARE(strip.summary(), QStringLiteral("No sample yet."));
        QVERIFY(strip.csv().isEmpty());
        Vec<float> a = Vec<float>::Zero(128);
        a[3] = 0.5f;
        a[17] = 4.25f;
        a[100] = 1.0f;
        strip.setActivations(a);
        QCOMPARE(strip.activeCount(), 3);
        QCOMPARE(strip.summary(), QStringLiteral("3 of 128 neurons active, the largest a = 4.25 (neuron 18)"));
        QCOMPARE(strip.accessibleRows(), 128);
        // Numbered from 1, as the heatmaps, the Step view and the SoftMax table number neurons.
        QCOMPARE(strip.accessibleCell(17, 0), QStringLiteral("1"));
        QCOMPARE(strip.accessibleCell(17, 1), QStringLiteral("18"));
        QCOMPARE(strip.accessibleCell(17, 2), QStringLiteral("4.250"));
        QCOMPARE(strip.accessibleCell(4, 2), QStringLiteral("0.000"));
        QCOMPARE(strip.layerTitle(0), QStringLiteral("Hidden layer 1: 3 of 128 ReLU neurons active, largest a1 = 4.25"));
        QVERIFY2(strip.toolTip().contains(QStringLiteral("a1 = ReLU(z1)")), qPrintable(strip.toolTip()));
        const QList<QByteArray> lines = strip.csv().split('\n');
        QCOMPARE(lines.at(0), QByteArray("layer,neuron,a"));
        QCOMPARE(lines.at(18), QByteArray("1,18,4.25"));
        QCOMPARE(lines.size(), 1 + 128 + 1); // header, rows, the empty piece after the last '\n'

        // Any width: a network of 8 hidden neurons, none active.
        strip.setActivations(Vec<float>::Zero(8));
        QCOMPARE(strip.summary(), QStringLiteral("None of 8 neurons active"));
    }

    void shadesByTheActivation()
    {
        ActivationStrip strip;
        Vec<float> a = Vec<float>::Zero(4);
        a[1] = 2.0f; // the largest: the full data colour
        a[2] = 1.0f; // half of it
        strip.setActivations(a);
        strip.resize(400, 80); // four cells in one row after the row's label
        const QImage image = strip.grab().toImage();
        const int y = 60;
        // The cells' centres: the last quarter of the width holds cell 3, and so on to the left.
        const int cellW = (400 - 8 - strip.fontMetrics().horizontalAdvance(QStringLiteral("4")) - 6) / 4;
        const auto lightness = [&](int cell) { return image.pixelColor(400 - 4 - (3 - cell) * cellW - cellW / 2, y).lightness(); };
        const int silent = lightness(0), half = lightness(2), full = lightness(1);
        QVERIFY2(silent > half && half > full,
                 qPrintable(QStringLiteral("lightness %1, %2, %3").arg(silent).arg(half).arg(full)));
        QCOMPARE(lightness(3), silent);
    }

    void tanhIsNeverOff()
    {
        ActivationStrip strip;
        strip.setActivation(Activation::Tanh);
        Vec<float> a(4);
        a << -0.9f, 0.0f, 0.45f, 0.9f;
        strip.setActivations(a);
        QCOMPARE(strip.summary(), QStringLiteral("4 neurons, a from -0.90 to 0.90 (the largest: neuron 4)"));
        strip.resize(400, 80);
        const QImage image = strip.grab().toImage();
        const int cellW = (400 - 8 - strip.fontMetrics().horizontalAdvance(QStringLiteral("4")) - 6) / 4;
        const auto colour = [&](int cell) { return image.pixelColor(400 - 4 - (3 - cell) * cellW - cellW / 2, 60); };
        // -0.9 as strong as 0.9, in another hue; 0 blank; 0.45 in between.
        QVERIFY(std::abs(colour(0).hue() - colour(3).hue()) > 90); // orange against blue
        QVERIFY(colour(1).lightness() > colour(2).lightness() && colour(2).lightness() > colour(3).lightness());
        QVERIFY(colour(0).lightness() < colour(1).lightness());
    }

    // 784-256-128-10 tanh: a strip per hidden layer, each titled with its layer, its width and its
    // activation; the values of both in the table and the CSV, layer by layer; never "ReLU".
    void aStripPerHiddenLayer()
    {
        ActivationStrip strip;
        strip.setActivation(Activation::Tanh);
        Vec<float> a1(256), a2(128);
        for (int j = 0; j < 256; ++j)
            a1[j] = std::tanh(float(j - 100) / 50.0f);
        for (int j = 0; j < 128; ++j)
            a2[j] = -std::tanh(float(j - 30) / 20.0f);
        strip.setLayers({a1, a2});
        QCOMPARE(strip.layerCount(), 2);
        QCOMPARE(strip.activations(0), a1);
        QCOMPARE(strip.activations(1), a2);
        QCOMPARE(strip.layerTitle(1), QStringLiteral("Hidden layer 2: 128 tanh neurons, a2 from %1 to %2")
                                               .arg(QLocale().toString(double(a2.minCoeff()), 'f', 2),
                                                    QLocale().toString(double(a2.maxCoeff()), 'f', 2)));
        QVERIFY(strip.layerTitle(0).startsWith(QStringLiteral("Hidden layer 1: 256 tanh neurons")));
        const QString tip = strip.toolTip();
        QVERIFY2(tip.contains(QStringLiteral("a1 = tanh(z1), a2 = tanh(z2)")), qPrintable(tip));
        QVERIFY(!tip.contains(QStringLiteral("ReLU")));
        QVERIFY(strip.summary().contains(QStringLiteral("Hidden layer 2: 128 neurons")));
        // A row per neuron of both layers: 384 and the header.
        QCOMPARE(strip.accessibleRows(), 384);
        QCOMPARE(strip.accessibleCell(256 + 4, 0), QStringLiteral("2"));
        QCOMPARE(strip.accessibleCell(256 + 4, 1), QStringLiteral("5"));
        QCOMPARE(strip.accessibleCell(256 + 4, 2), QLocale().toString(double(a2[4]), 'f', 3));
        const QList<QByteArray> lines = strip.csv().trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 384);
        QCOMPARE(lines.at(0), QByteArray("layer,neuron,a"));
        QCOMPARE(lines.at(1 + 255), QByteArray("1,256,") + QByteArray::number(double(a1[255]), 'g', 9));
        QCOMPARE(lines.at(1 + 256 + 4), QByteArray("2,5,") + QByteArray::number(double(a2[4]), 'g', 9));
        // Each strip drawn in its half: the second layer's first cell (a2 = 0.905, blue-ish) in
        // the lower half, and the upper half's first cell (a1 = -0.96) orange.
        strip.resize(600, 240);
        const QImage image = strip.grab().toImage();
        const QColor top = image.pixelColor(strip.width() - 20, 40), bottom = image.pixelColor(strip.width() - 20, 160);
        QVERIFY(top != bottom);

        // Back to one layer, then none: 784-10 says why there is nothing to show.
        strip.setActivations(a2);
        QCOMPARE(strip.layerCount(), 1);
        QVERIFY2(strip.toolTip().contains(QStringLiteral("a1 = tanh(z1)")) && !strip.toolTip().contains(QStringLiteral("a2")),
                 qPrintable(strip.toolTip()));
        strip.setEmptyText(QStringLiteral("No hidden layer"));
        strip.setLayers({});
        QCOMPARE(strip.layerCount(), 0);
        QCOMPARE(strip.summary(), QStringLiteral("No hidden layer"));
        QVERIFY(strip.csv().isEmpty());
    }
};

QTEST_MAIN(TestActivationStrip)
#include "tst_activationstrip.moc"
