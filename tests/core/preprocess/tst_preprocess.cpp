// The preprocessing's pieces on values worked out by hand, and the whole pipeline on synthetic
// strokes and pictures: centre of mass, 20x20 box, and independence of size and place.

#include "preprocess.h"
#include "strokefixtures.h"

#include <QTest>

#include <cmath>
#include <numeric>

using namespace bplab;
using namespace bplab::test;

namespace {

double inkSum(const GreyImage &g)
{
    return std::accumulate(g.pixels.begin(), g.pixels.end(), 0.0);
}

struct Difference {
    int maxAbs = 0;
    double meanAbs = 0;
};
Difference difference(const std::array<std::uint8_t, kInputs> &a, const std::array<std::uint8_t, kInputs> &b)
{
    Difference d;
    for (int i = 0; i < kInputs; ++i) {
        const int e = std::abs(int(a[std::size_t(i)]) - int(b[std::size_t(i)]));
        d.maxAbs = std::max(d.maxAbs, e);
        d.meanAbs += e;
    }
    d.meanAbs /= kInputs;
    return d;
}

/** A dark digit on light paper: the unit strokes drawn into a w x h picture. */
GreyImage darkOnLight(const std::vector<UnitStroke> &unit, int w, int h, double x, double y, double size,
                      float pen, std::uint8_t paper, std::uint8_t ink)
{
    const GreyImage white = renderStrokes(place(unit, x, y, size, pen), w, h, 0, 0, 1, 0, 0, 1, 4);
    GreyImage out(w, h);
    for (std::size_t i = 0; i < out.pixels.size(); ++i)
        out.pixels[i] = std::uint8_t(std::lround(paper + (ink - paper) * (white.pixels[i] / 255.0)));
    return out;
}

} // namespace

class TestPreprocess : public QObject
{
    Q_OBJECT
private slots:
    void centreOfMassUsesIndexCoordinates()
    {
        GreyImage g(5, 4);
        g.at(3, 1) = 200;
        CentreOfMass c = centreOfMass(g);
        QVERIFY(c.valid);
        QCOMPARE(c.x, 3.0);
        QCOMPARE(c.y, 1.0);
        g.at(1, 3) = 100; // (3*200 + 1*100)/300, (1*200 + 3*100)/300
        c = centreOfMass(g);
        QCOMPARE(c.x, 700.0 / 300);
        QCOMPARE(c.y, 500.0 / 300);
        QVERIFY(!centreOfMass(GreyImage(3, 3)).valid);
    }

    void inkBoundsAndCrop()
    {
        GreyImage g(10, 8);
        g.at(2, 3) = 5;
        g.at(6, 5) = 9;
        const PixelRect r = inkBounds(g);
        QCOMPARE(r.x, 2);
        QCOMPARE(r.y, 3);
        QCOMPARE(r.width, 5);
        QCOMPARE(r.height, 3);
        const GreyImage c = cropImage(g, r);
        QCOMPARE(c.width, 5);
        QCOMPARE(c.at(0, 0), std::uint8_t(5));
        QCOMPARE(c.at(4, 2), std::uint8_t(9));
        QVERIFY(inkBounds(GreyImage(4, 4)).isEmpty());
    }

    void areaAverageWeighsPartialPixels()
    {
        GreyImage g(3, 1);
        g.pixels = {0, 90, 180};
        const GreyImage h = resampleArea(g, 2, 1);
        // column 0 covers [0, 1.5): (0*1 + 90*0.5)/1.5 = 30; column 1 covers [1.5, 3): (90*0.5 + 180)/1.5 = 150
        QCOMPARE(int(h.at(0, 0)), 30);
        QCOMPARE(int(h.at(1, 0)), 150);
        GreyImage b(4, 4);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                b.at(c, r) = std::uint8_t(r < 2 && c < 2 ? 200 : 0);
        const GreyImage q = resampleArea(b, 2, 2);
        QCOMPARE(int(q.at(0, 0)), 200);
        QCOMPARE(int(q.at(1, 0)), 0);
        QCOMPARE(int(q.at(1, 1)), 0);
    }

    void shiftIsExactForWholePixelsAndAveragesHalves()
    {
        GreyImage g(2, 1);
        g.pixels = {100, 200};
        GreyImage f = placeShifted(g, 5, 3, 2, 1);
        QCOMPARE(int(f.at(2, 1)), 100);
        QCOMPARE(int(f.at(3, 1)), 200);
        QCOMPARE(inkSum(f), 300.0);
        f = placeShifted(g, 5, 1, 1.5, 0); // each pixel half in two neighbours
        QCOMPARE(int(f.at(0, 0)), 0);
        QCOMPARE(int(f.at(1, 0)), 50);
        QCOMPARE(int(f.at(2, 0)), 150);
        QCOMPARE(int(f.at(3, 0)), 100);
        QCOMPARE(int(f.at(4, 0)), 0);
    }

    void capsuleCoverageMatchesItsArea()
    {
        // A horizontal segment of length 40, width 6: area = 40*6 + pi*3^2 (the two half discs).
        const std::vector<Stroke> s{{{10, 20, 6}, {50, 20, 6}}};
        const GreyImage g = renderStrokes(s, 64, 40, 0, 0, 1, 0, 0, 1, 8);
        const double area = 40 * 6 + M_PI * 9;
        QVERIFY2(std::abs(inkSum(g) / 255 - area) < 0.01 * area, qPrintable(QString::number(inkSum(g) / 255)));
        // Ink is a union: the same stroke twice adds nothing.
        const GreyImage twice = renderStrokes({s[0], s[0]}, 64, 40, 0, 0, 1, 0, 0, 1, 8);
        QVERIFY(twice.pixels == g.pixels);
        // A pixel well inside is full, one well outside empty, one on the edge partial.
        QCOMPARE(int(g.at(30, 20)), 255);
        QCOMPARE(int(g.at(30, 10)), 0);
        QCOMPARE(int(g.at(30, 23)), 0); // the edge y = 23 is row 23's top
        // Width 5 ends at y = 22.5: half of row 22's sample rows are inside.
        const GreyImage half = renderStrokes({{{10, 20, 5}, {50, 20, 5}}}, 64, 40, 0, 0, 1, 0, 0, 1, 8);
        QCOMPARE(int(half.at(30, 22)), 128);
    }

    void emptyInput()
    {
        const PreprocessResult r = preprocessStrokes({}, 300, 300);
        QVERIFY(r.empty);
        QCOMPARE(r.centred.width, 28);
        QCOMPARE(std::accumulate(r.input.begin(), r.input.end(), 0), 0);
        QVERIFY(preprocessPicture(GreyImage(50, 40, 255)).empty);
        QVERIFY(preprocessPicture(GreyImage()).empty);
    }

    void strokesAreCentredAndFitted_data()
    {
        QTest::addColumn<int>("digit");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::addColumn<double>("size");
        for (int digit : {0, 4, 7}) {
            QTest::addRow("%d small top-left", digit) << digit << 10.0 << 15.0 << 60.0;
            QTest::addRow("%d large", digit) << digit << 30.0 << 20.0 << 360.0;
            QTest::addRow("%d medium bottom-right", digit) << digit << 220.0 << 240.0 << 150.0;
        }
    }
    void strokesAreCentredAndFitted()
    {
        QFETCH(int, digit);
        QFETCH(double, x);
        QFETCH(double, y);
        QFETCH(double, size);
        const auto unit = digit == 0 ? zeroStrokes() : digit == 4 ? fourStrokes() : sevenStrokes();
        const PreprocessResult r = preprocessStrokes(place(unit, x, y, size, 24), 400, 400);
        QVERIFY(!r.empty);
        QVERIFY2(std::abs(r.centre.x - 14) <= 0.5 && std::abs(r.centre.y - 14) <= 0.5,
                 qPrintable(QString("centre of mass (%1, %2)").arg(r.centre.x).arg(r.centre.y)));
        const PixelRect box = inkBounds(r.centred);
        QVERIFY2(box.width <= 20 && box.height <= 20, qPrintable(QString("%1x%2").arg(box.width).arg(box.height)));
        QCOMPARE(std::max(box.width, box.height), 20); // the larger side fills the box
        QCOMPARE(r.fitted.width, 20);
        QVERIFY(!r.raw.isNull() && !r.cropped.isNull());
        QVERIFY(r.raw.width <= 140);
        QVERIFY(std::equal(r.centred.pixels.begin(), r.centred.pixels.end(), r.input.begin()));
        // where each stage came from (for showing the steps)
        QCOMPARE(cropImage(r.raw, r.cropBox).pixels, r.cropped.pixels);
        QCOMPARE(placeShifted(r.fitted, 28, 28, r.shiftX, r.shiftY).pixels, r.centred.pixels);
        const PixelRect ink = inkBounds(r.fitted);
        QCOMPARE(r.fittedInk.x, ink.x);
        QCOMPARE(r.fittedInk.width, ink.width);
    }

    void sizeAndPlaceDoNotMatter()
    {
        // Bound: the three drawings' 28x28 inputs differ by at most 48 grey levels in a pixel
        // (an edge crossing one of the 8x8 sample points differently: 32 per sample row) and by
        // at most 1 grey level on average (measured: 0.48 at most).
        for (const auto &unit : {sevenStrokes(), zeroStrokes(), fourStrokes()}) {
            const PreprocessResult a = preprocessStrokes(place(unit, 5, 8, 70, 24), 400, 400);
            const PreprocessResult b = preprocessStrokes(place(unit, 40, 30, 330, 24), 400, 400);
            const PreprocessResult c = preprocessStrokes(place(unit, 190, 170, 180, 24), 400, 400);
            for (const PreprocessResult *o : {&b, &c}) {
                const Difference d = difference(a.input, o->input);
                QVERIFY2(d.maxAbs <= 48 && d.meanAbs <= 1,
                         qPrintable(QString("max %1 mean %2").arg(d.maxAbs).arg(d.meanAbs)));
            }
        }
    }

    void penWidthIsMnistsWhateverTheSize()
    {
        // A vertical bar: ink per row in the middle of the 28x28 field = the pen's width.
        for (double size : {50.0, 300.0}) {
            const std::vector<Stroke> bar{{{200, 50, 24}, {200, float(50 + size), 24}}};
            const PreprocessResult r = preprocessStrokes(bar, 400, 400);
            double row = 0;
            for (int c = 0; c < 28; ++c)
                row += r.centred.at(c, 14) / 255.0;
            QVERIFY2(std::abs(row - kMnistPenWidth) < 0.1, qPrintable(QString::number(row)));
        }
        // A pen twice the reference width gives twice MNIST's width.
        const std::vector<Stroke> thick{{{200, 50, 48}, {200, 350, 48}}};
        const PreprocessResult r = preprocessStrokes(thick, 400, 400);
        double row = 0;
        for (int c = 0; c < 28; ++c)
            row += r.centred.at(c, 14) / 255.0;
        QVERIFY2(std::abs(row - 2 * kMnistPenWidth) < 0.1, qPrintable(QString::number(row)));
    }

    void darkOnLightPictureIsInvertedAndCentred_data()
    {
        QTest::addColumn<int>("paper");
        QTest::addColumn<int>("ink");
        QTest::addRow("black on white") << 255 << 0;
        QTest::addRow("pencil on grey paper") << 200 << 60;
        QTest::addRow("white on black") << 0 << 255;
    }
    void darkOnLightPictureIsInvertedAndCentred()
    {
        QFETCH(int, paper);
        QFETCH(int, ink);
        const GreyImage pic = darkOnLight(sevenStrokes(), 640, 480, 380, 60, 220, 20, std::uint8_t(paper),
                                          std::uint8_t(ink));
        const PreprocessResult r = preprocessPicture(pic);
        QVERIFY(!r.empty);
        QCOMPARE(int(r.raw.at(5, 5)), 0); // paper became black
        QCOMPARE(*std::max_element(r.raw.pixels.begin(), r.raw.pixels.end()), std::uint8_t(255));
        QVERIFY(std::abs(r.centre.x - 14) <= 0.5 && std::abs(r.centre.y - 14) <= 0.5);
        const PixelRect box = inkBounds(r.centred);
        QCOMPARE(std::max(box.width, box.height), 20);
        QVERIFY(box.width <= 20);
        // The cropped stage is the ink's box in the picture.
        QVERIFY(std::abs(r.cropped.height - 0.8 * 220 - 20) <= 2);
    }

    void componentsAreEightConnectedAndSmallFarOnesStray()
    {
        GreyImage g(40, 30);
        for (int y = 5; y < 25; ++y) // a 3-wide bar, 60 pixels
            for (int x = 10; x < 13; ++x)
                g.at(x, y) = 255;
        g.at(13, 25) = 40; // diagonal neighbour: same component
        g.at(36, 2) = 200; // 2 pixels, 23 px from the bar's box: far (> 0.25 * 21)
        g.at(37, 2) = 200;
        g.at(15, 10) = 90; // 1 pixel, 2 px from the bar: near
        std::vector<int> labels;
        const std::vector<InkComponent> c = inkComponents(g, labels);
        QCOMPARE(int(c.size()), 3);
        QCOMPARE(labels[std::size_t(25 * 40 + 13)], labels[std::size_t(5 * 40 + 10)]);
        QCOMPARE(labels[0], -1);
        const InkComponent &bar = c[std::size_t(labels[std::size_t(5 * 40 + 10)])];
        QCOMPARE(bar.pixels, 61L);
        QCOMPARE(bar.box.width, 4);
        QCOMPARE(bar.box.height, 21);
        QVERIFY(!bar.stray);
        QVERIFY(c[std::size_t(labels[std::size_t(2 * 40 + 36)])].stray);
        QVERIFY(!c[std::size_t(labels[std::size_t(10 * 40 + 15)])].stray);
        const GreyImage clean = dropStrayInk(g);
        QCOMPARE(int(clean.at(36, 2)), 0);
        QCOMPARE(int(clean.at(15, 10)), 90);
        const PixelRect box = inkBounds(clean);
        QCOMPARE(box.x, 10);
        QCOMPARE(box.width, 6);
        // a rule that keeps everything
        StrayRule keepAll;
        keepAll.keepFraction = 0;
        QCOMPARE(dropStrayInk(g, keepAll).pixels, g.pixels);
    }

    void speckFarAwayDoesNotChangeThePicture()
    {
        // A dark "7" photographed with a 2-pixel speck of dirt far to its left gives exactly the
        // 28x28 input of the digit alone.
        const GreyImage digit = darkOnLight(sevenStrokes(), 640, 480, 380, 60, 220, 20, 255, 0);
        GreyImage specked = digit;
        specked.at(40, 400) = 0;
        specked.at(41, 400) = 0;
        const PreprocessResult a = preprocessPicture(digit);
        const PreprocessResult b = preprocessPicture(specked);
        QVERIFY(!a.empty);
        QCOMPARE(b.cropped.width, a.cropped.width);
        QVERIFY(a.input == b.input);
        // Without the rule the speck widens the box and shrinks the digit.
        PictureOptions keepAll;
        keepAll.stray.keepFraction = 0;
        const PreprocessResult c = preprocessPicture(specked, keepAll);
        QVERIFY(c.cropped.width > 300);
        QVERIFY(c.input != a.input);
    }

    void speckFarAwayDoesNotChangeTheStrokes()
    {
        // The same with a dot tapped on the canvas far below the drawn digit.
        for (const auto &unit : {sevenStrokes(), zeroStrokes()}) {
            const std::vector<Stroke> digit = place(unit, 40, 30, 200, 24);
            std::vector<Stroke> specked = digit;
            specked.push_back({{360, 370, 8}});
            const PreprocessResult a = preprocessStrokes(digit, 400, 400);
            const PreprocessResult b = preprocessStrokes(specked, 400, 400);
            QVERIFY(a.input == b.input);
            QCOMPARE(b.cropped.width, a.cropped.width);
            QVERIFY(b.raw.pixels != a.raw.pixels); // the raw stage still shows what was drawn
        }
    }

    void separatePartsOfADigitAreKept_data()
    {
        QTest::addColumn<int>("digit");
        QTest::addRow("4 in two strokes") << 4;
        QTest::addRow("5 with its bar apart") << 5;
    }
    void separatePartsOfADigitAreKept()
    {
        QFETCH(int, digit);
        const auto unit = digit == 4 ? openFourStrokes() : fiveStrokes();
        StrokeOptions keepAll;
        keepAll.stray.keepFraction = 0;
        const std::vector<Stroke> strokes = place(unit, 60, 50, 260, 24);
        const PreprocessResult r = preprocessStrokes(strokes, 400, 400);
        // the parts do not touch: two components, neither stray
        std::vector<int> labels;
        const std::vector<InkComponent> parts = inkComponents(r.raw, labels);
        QCOMPARE(int(parts.size()), 2);
        QVERIFY(!parts[0].stray && !parts[1].stray);
        QVERIFY(r.input == preprocessStrokes(strokes, 400, 400, keepAll).input);
        // and as a picture
        const GreyImage pic = darkOnLight(unit, 400, 400, 60, 50, 260, 24, 255, 0);
        PictureOptions pictureKeepAll;
        pictureKeepAll.stray.keepFraction = 0;
        QVERIFY(preprocessPicture(pic).input == preprocessPicture(pic, pictureKeepAll).input);
    }

    void smallPartNearTheDigitIsKept()
    {
        // A short dash just right of a "7" (a serif drawn apart) is small but near (15 px from
        // the 7's box, 0.25 * 232 = 58 would be far): kept, and it widens the box.
        std::vector<Stroke> strokes = place(sevenStrokes(), 60, 50, 260, 24);
        strokes.push_back({{320, 120, 24}, {330, 120, 24}});
        StrokeOptions keepAll;
        keepAll.stray.keepFraction = 0;
        const PreprocessResult r = preprocessStrokes(strokes, 400, 400);
        QVERIFY(r.input == preprocessStrokes(strokes, 400, 400, keepAll).input);
        QVERIFY(r.input != preprocessStrokes(place(sevenStrokes(), 60, 50, 260, 24), 400, 400).input);
    }

    void pictureAndStrokesAgree()
    {
        // The same "0" drawn as strokes and as a picture gives nearly the same input (the
        // picture's area averaging blurs a little more than the re-rendered strokes).
        // Pen 43 px: the ink's height 0.84 * 360 + 43 scaled to 20 makes it 20 * 43 / 345 = 2.5 px.
        const PreprocessResult s = preprocessStrokes(place(zeroStrokes(), 20, 20, 360, 24), 400, 400);
        const PreprocessResult p = preprocessPicture(darkOnLight(zeroStrokes(), 400, 400, 20, 20, 360, 43, 255, 0));
        const Difference d = difference(s.input, p.input);
        QVERIFY2(d.meanAbs < 12, qPrintable(QString("max %1 mean %2").arg(d.maxAbs).arg(d.meanAbs)));
    }
};

QTEST_MAIN(TestPreprocess)
#include "tst_preprocess.moc"
