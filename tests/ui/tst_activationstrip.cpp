// The hidden activations strip: one cell per neuron, shaded by a / max(a), blank for a = 0; its
// line, its table for a screen reader and its CSV hold exactly the values it was given. For
// another activation than ReLU it gives the range, and negative values have their own colour.

#include <activationstrip.h>

#include <QImage>
#include <QTest>

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
        QCOMPARE(strip.accessibleCell(17, 0), QStringLiteral("18"));
        QCOMPARE(strip.accessibleCell(17, 1), QStringLiteral("4.250"));
        QCOMPARE(strip.accessibleCell(4, 1), QStringLiteral("0.000"));
        const QList<QByteArray> lines = strip.csv().split('\n');
        QCOMPARE(lines.at(0), QByteArray("neuron,a"));
        QCOMPARE(lines.at(18), QByteArray("18,4.25"));
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
        strip.setCountsActive(false);
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
};

QTEST_MAIN(TestActivationStrip)
#include "tst_activationstrip.moc"
