// Augmentation: transforms that are a pure function of (seed, epoch, index) and stay in their
// ranges, the identity copies exactly, shifts, rotations and scalings move the ink as they say
// (the digit keeps its shape), the mean intensity is kept, and the trainer uses it deterministically.

#include "data/augment.h"
#include "synthetic.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <QTest>

#include <array>
#include <cmath>

using namespace bplab;
using namespace bplab::test;

namespace {

using Image = std::array<std::uint8_t, kInputs>;

/** A digit-like picture: a "7" drawn as two thick strokes inside the 20x20 MNIST box. */
Image seven()
{
    Image im{};
    for (int x = 7; x <= 20; ++x)
        for (int y = 6; y <= 8; ++y)
            im[std::size_t(y * 28 + x)] = 255;
    for (int y = 9; y <= 22; ++y) {
        const int x = 20 - (y - 9) / 2;
        for (int dx = -1; dx <= 1; ++dx)
            im[std::size_t(y * 28 + x + dx)] = 200;
    }
    return im;
}

struct Moments {
    double mass = 0, x = 0, y = 0;
};

/** Ink mass and centre of mass (x right, y down). */
Moments moments(const Image &im)
{
    Moments m;
    for (int y = 0; y < 28; ++y)
        for (int x = 0; x < 28; ++x) {
            const double v = im[std::size_t(y * 28 + x)];
            m.mass += v;
            m.x += v * x;
            m.y += v * y;
        }
    m.x /= m.mass;
    m.y /= m.mass;
    return m;
}

Image transformed(const Image &in, const Affine &t)
{
    Image out{};
    applyAffine(in.data(), t, out.data());
    return out;
}

} // namespace

class TestAugment : public QObject {
    Q_OBJECT

private slots:
    void transformsAreDeterministicAndInRange()
    {
        const Affine a = augmentTransform(7, 3, 1234), b = augmentTransform(7, 3, 1234);
        QCOMPARE(a.dx, b.dx);
        QCOMPARE(a.dy, b.dy);
        QCOMPARE(a.degrees, b.degrees);
        QCOMPARE(a.scale, b.scale);
        // Each of seed, epoch and index gives another transform.
        QVERIFY(augmentTransform(8, 3, 1234).dx != a.dx);
        QVERIFY(augmentTransform(7, 4, 1234).dx != a.dx);
        QVERIFY(augmentTransform(7, 3, 1235).dx != a.dx);
        // Over many samples: inside the ranges, reaching near both ends, centred on no change.
        double lo[4] = {1e9, 1e9, 1e9, 1e9}, hi[4] = {-1e9, -1e9, -1e9, -1e9}, sum[4] = {};
        const int n = 20000;
        for (int i = 0; i < n; ++i) {
            const Affine t = augmentTransform(1, i % 7, std::uint32_t(i));
            const double v[4] = {t.dx, t.dy, t.degrees, t.scale};
            for (int k = 0; k < 4; ++k) {
                lo[k] = std::min(lo[k], v[k]);
                hi[k] = std::max(hi[k], v[k]);
                sum[k] += v[k];
            }
        }
        const double bound[4] = {2, 2, 10, 0.1}, middle[4] = {0, 0, 0, 1};
        for (int k = 0; k < 4; ++k) {
            QVERIFY2(lo[k] >= middle[k] - bound[k] && hi[k] <= middle[k] + bound[k], qPrintable(QString::number(k)));
            QVERIFY(lo[k] < middle[k] - 0.99 * bound[k] && hi[k] > middle[k] + 0.99 * bound[k]);
            QVERIFY(std::abs(sum[k] / n - middle[k]) < 0.02 * bound[k]);
        }
    }

    void identityCopiesExactly()
    {
        Image noise{};
        Rng rng(3);
        for (auto &v : noise)
            v = std::uint8_t(rng.below(256));
        QVERIFY(transformed(noise, Affine{}) == noise);
        QVERIFY(transformed(seven(), Affine{}) == seven());
    }

    void wholePixelShiftMovesPixels()
    {
        const Image in = seven();
        const Image out = transformed(in, Affine{2, -1, 0, 1});
        for (int y = 0; y < 28; ++y)
            for (int x = 0; x < 28; ++x) {
                const int sx = x - 2, sy = y + 1;
                const int expected = sx < 0 || sy >= 28 ? 0 : in[std::size_t(sy * 28 + sx)];
                QCOMPARE(int(out[std::size_t(y * 28 + x)]), expected);
            }
    }

    void shapeIsKept_data()
    {
        QTest::addColumn<double>("dx");
        QTest::addColumn<double>("dy");
        QTest::addColumn<double>("degrees");
        QTest::addColumn<double>("scale");
        QTest::newRow("half-pixel shift") << 1.5 << -0.5 << 0.0 << 1.0;
        QTest::newRow("rotate +10") << 0.0 << 0.0 << 10.0 << 1.0;
        QTest::newRow("rotate -10") << 0.0 << 0.0 << -10.0 << 1.0;
        QTest::newRow("scale 0.9") << 0.0 << 0.0 << 0.0 << 0.9;
        QTest::newRow("scale 1.1") << 0.0 << 0.0 << 0.0 << 1.1;
        QTest::newRow("all at their limits") << -2.0 << 2.0 << 10.0 << 1.1;
    }
    void shapeIsKept()
    {
        QFETCH(double, dx);
        QFETCH(double, dy);
        QFETCH(double, degrees);
        QFETCH(double, scale);
        const Image in = seven();
        const Image out = transformed(in, Affine{dx, dy, degrees, scale});
        const Moments a = moments(in), b = moments(out);
        // Ink scales with the area (s^2); bilinear sampling keeps it otherwise (rounding aside).
        QVERIFY2(std::abs(b.mass / a.mass - scale * scale) < 0.03 * scale * scale,
                 qPrintable(QString::number(b.mass / a.mass)));
        // The centre of mass goes where the map sends it: c + R S (m - c) + d.
        const double rad = degrees * 3.14159265358979323846 / 180, c = 13.5;
        const double ux = a.x - c, uy = a.y - c;
        const double ex = c + scale * (std::cos(rad) * ux + std::sin(rad) * uy) + dx;
        const double ey = c + scale * (-std::sin(rad) * ux + std::cos(rad) * uy) + dy;
        QVERIFY2(std::abs(b.x - ex) < 0.15 && std::abs(b.y - ey) < 0.15,
                 qPrintable(QString("(%1, %2) vs (%3, %4)").arg(b.x).arg(b.y).arg(ex).arg(ey)));
    }

    void rotationTurnsCounterClockwise()
    {
        // A horizontal bar through the centre, turned +10 degrees: its right end rises (y down).
        Image bar{};
        for (int x = 4; x <= 23; ++x)
            bar[std::size_t(13 * 28 + x)] = bar[std::size_t(14 * 28 + x)] = 255;
        const Image out = transformed(bar, Affine{0, 0, 10, 1});
        Image right{}, left{};
        for (int y = 0; y < 28; ++y)
            for (int x = 0; x < 28; ++x)
                (x >= 14 ? right : left)[std::size_t(y * 28 + x)] = out[std::size_t(y * 28 + x)];
        QVERIFY(moments(right).y < 13.5 - 0.8);
        QVERIFY(moments(left).y > 13.5 + 0.8);
    }

    void meanIntensityIsKept()
    {
        // Over many samples and transforms the mean pixel stays within a few percent (E[s^2] = 1.003).
        const auto data = syntheticSplit(2000, 1, 4);
        const std::string shared = sharedMnistFolder();
        std::shared_ptr<DataSplit> real;
        if (!shared.empty()) {
            auto loaded = loadDataFolder(shared);
            QVERIFY(loaded.ok());
            real = std::make_shared<DataSplit>(std::move(*loaded));
        }
        const Dataset &set = real ? real->train : data->train;
        // Synthetic images fill the frame, so their border loses ink when shifted out: MNIST's
        // digits sit inside a 20x20 box and keep theirs.
        const double tolerance = real ? 0.02 : 0.10;
        double before = 0, after = 0;
        Image out{};
        for (std::uint32_t i = 0; i < 2000; ++i) {
            applyAffine(set.image(i), augmentTransform(5, 0, i), out.data());
            for (int p = 0; p < kInputs; ++p) {
                before += set.image(i)[p];
                after += out[std::size_t(p)];
            }
        }
        QVERIFY2(std::abs(after / before - 1) < tolerance, qPrintable(QString::number(after / before)));
    }

    void trainerAugmentsDeterministically()
    {
        const auto data = syntheticSplit(300, 100, 6);
        TrainConfig config = sourceRecipe();
        config.epochs = 2;
        config.augment = true;
        Trainer a(data, config), b(data, config);
        a.run({}, {});
        b.run({}, {});
        QVERIFY(a.params() == b.params());
        config.augment = false;
        Trainer plain(data, config);
        plain.run({}, {});
        QVERIFY(!(plain.params() == a.params()));
    }
};

QTEST_MAIN(TestAugment)
#include "tst_augment.moc"
