// The Draw page driven like a user: strokes through QTest mouse events on the canvas, the
// preprocessed input, live probabilities, undo/clear, pictures, step-through and kept digits.

#include "drawcanvas.h"
#include "drawnstore.h"
#include "drawview.h"
#include "probabilitybars.h"
#include "stagestrip.h"
#include "uiformat.h"
#include "strokefixtures.h"

#include <data/idx.h>
#include <nn/mlp.h>
#include <nn/network.h>
#include <nn/networkeval.h>

#include <QElapsedTimer>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace bplab;
using namespace bplab::test;

namespace {

/** Draws the unit strokes at (x, y) with side `size` (canvas units) by mouse press, moves and
 *  release, as a user would. */
void drawWithMouse(DrawCanvas *canvas, const std::vector<UnitStroke> &unit, double x, double y, double size)
{
    for (const UnitStroke &s : unit) {
        auto at = [&](const UnitPoint &p) {
            return canvas->canvasToWidget({x + p.x * size, y + p.y * size}).toPoint();
        };
        QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, at(s.front()));
        for (std::size_t i = 1; i < s.size(); ++i)
            QTest::mouseMove(canvas, at(s[i]));
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, at(s.back()));
    }
}

// 784-128-10 ReLU with He weights, as the layers every network is given by.
std::shared_ptr<const MlpParamsF> someModel()
{
    return std::make_shared<const MlpParamsF>(initMlp(Architecture::source(), Init::He, 7));
}

} // namespace

class TestDrawView : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<DrawView> m_view;

private slots:
    void initTestCase()
    {
        // The steps' animation stays off in tests (one test turns it on for itself).
        StageStrip::setAnimationsEnabled(false);
    }
    void init()
    {
        m_view = std::make_unique<DrawView>();
        m_view->resize(1100, 720);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }
    void cleanup()
    {
        m_view.reset();
        StageStrip::setAnimationsEnabled(false);
    }

    void tenRowsFitAtAProjectorFont()
    {
        // Presentation mode: 1.5x fonts in a 1280 x 800 window leave the page about 1110 x 690.
        // The ten probability rows must all be there (the last one was cut off before).
        auto *bars = m_view->findChild<ProbabilityBars *>();
        QVERIFY(bars);
        const int normalMin = bars->minimumSizeHint().height();
        QFont big = m_view->font();
        big.setPointSizeF(big.pointSizeF() * 1.5);
        m_view->setFont(big);
        m_view->resize(1110, 690);
        QVERIFY(bars->minimumSizeHint().height() > normalMin * 11 / 10); // grows with the font
        QVERIFY2(m_view->minimumSizeHint().height() <= 690,
                 qPrintable(QString::number(m_view->minimumSizeHint().height())));
        QTRY_VERIFY2(bars->height() >= bars->minimumSizeHint().height(),
                     qPrintable(QStringLiteral("%1 px of %2").arg(bars->height()).arg(bars->minimumSizeHint().height())));
        // The minimum holds the head and ten rows of one line each at this font.
        const QFontMetrics fm(readableFont(bars->font()));
        QVERIFY(bars->minimumSizeHint().height() >= 10 * fm.height() + 2 * fm.height());
    }

    void stepsAnimateAndCanBeSkipped()
    {
        drawWithMouse(m_view->canvas(), sevenStrokes(), 40, 40, 250);
        StageStrip *strip = m_view->stages();
        const QImage still = strip->grab().toImage();
        // off: nothing moves
        m_view->playStepsButton()->click();
        QVERIFY(!strip->isAnimating());
        QCOMPARE(strip->animationPosition(), 3.0);

        StageStrip::setAnimationsEnabled(true);
        QSignalSpy finished(strip, &StageStrip::animationFinished);
        m_view->playStepsButton()->click();
        QVERIFY(strip->isAnimating());
        QVERIFY(strip->animationPosition() < 1);
        QTRY_VERIFY_WITH_TIMEOUT(strip->animationPosition() > 0.2, 3000);
        // mid-way the strip differs from the still picture (later stages not there yet)
        QVERIFY(strip->grab().toImage() != still);
        QTest::mouseClick(strip, Qt::LeftButton); // skips
        QVERIFY(!strip->isAnimating());
        QCOMPARE(strip->animationPosition(), 3.0);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(strip->grab().toImage(), still);

        // a new stroke ends a running animation and shows the new stages at once
        QTest::mouseClick(strip, Qt::LeftButton); // plays again
        QVERIFY(strip->isAnimating());
        drawWithMouse(m_view->canvas(), {{{0.1, 0.9}, {0.9, 0.9}}}, 40, 40, 250);
        QVERIFY(!strip->isAnimating());
        // it also plays to its end by itself
        m_view->playStepsButton()->click();
        QVERIFY(finished.wait(8000));
        QCOMPARE(strip->animationPosition(), 3.0);
    }

    void mouseStrokesAreCentredAndFitted_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::addColumn<double>("size");
        QTest::addRow("small, top left") << 10.0 << 12.0 << 90.0;
        QTest::addRow("large") << 20.0 << 15.0 << 360.0;
        QTest::addRow("medium, bottom right") << 200.0 << 210.0 << 170.0;
    }
    void mouseStrokesAreCentredAndFitted()
    {
        QFETCH(double, x);
        QFETCH(double, y);
        QFETCH(double, size);
        DrawCanvas *canvas = m_view->canvas();
        QSignalSpy changed(canvas, &DrawCanvas::strokesChanged);
        drawWithMouse(canvas, sevenStrokes(), x, y, size);
        QCOMPARE(canvas->strokes().size(), std::size_t(1));
        QVERIFY(canvas->strokes()[0].size() > 30); // the moves were recorded as points
        QVERIFY(changed.count() > 30);            // and each one refreshed the view
        const PreprocessResult &r = m_view->result();
        QVERIFY(!r.empty);
        QVERIFY2(std::abs(r.centre.x - 14) <= 0.5 && std::abs(r.centre.y - 14) <= 0.5,
                 qPrintable(QString("centre of mass (%1, %2)").arg(r.centre.x).arg(r.centre.y)));
        const PixelRect box = inkBounds(r.centred);
        QVERIFY2(box.width <= 20 && box.height <= 20, qPrintable(QString("%1x%2").arg(box.width).arg(box.height)));
        QCOMPARE(box.height, 20); // the 7 is taller than wide: its height fills the box
        QVERIFY(!m_view->stages()->stage(0).isNull());
        QCOMPARE(m_view->stages()->stage(3).size(), QSize(28, 28));
    }

    void sameDigitAtThreeSizesGivesNearlyTheSameInput()
    {
        // Bound: the inputs of a 7 drawn 90, 360 and 170 units large at three places differ by
        // at most 6 grey levels per pixel on average (mouse positions are whole widget pixels,
        // so the small drawing's corners move by up to 1/90 of its size; measured: 1.0 and 1.1).
        std::vector<std::array<std::uint8_t, kInputs>> inputs;
        const double placements[3][3] = {{10, 12, 90}, {20, 15, 360}, {200, 210, 170}};
        for (const auto &pl : placements) {
            m_view->canvas()->clear();
            drawWithMouse(m_view->canvas(), sevenStrokes(), pl[0], pl[1], pl[2]);
            inputs.push_back(m_view->result().input);
        }
        for (int k = 1; k < 3; ++k) {
            double mean = 0;
            for (int i = 0; i < kInputs; ++i)
                mean += std::abs(int(inputs[0][std::size_t(i)]) - int(inputs[std::size_t(k)][std::size_t(i)]));
            mean /= kInputs;
            qInfo("drawing %d vs drawing 1: mean difference %.2f grey levels", k + 1, mean);
            QVERIFY2(mean <= 6, qPrintable(QString::number(mean)));
        }
    }

    void probabilitiesFollowThePen()
    {
        auto model = someModel();
        m_view->setNetwork(Architecture::source(), model, Normalize::None);
        QVERIFY(!m_view->bars()->hasProbabilities()); // nothing drawn yet
        DrawCanvas *canvas = m_view->canvas();
        const QPoint a = canvas->canvasToWidget({200, 60}).toPoint();
        QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, a);
        QVERIFY(m_view->bars()->hasProbabilities());
        std::array<float, 10> before{};
        for (int k = 0; k < 10; ++k)
            before[std::size_t(k)] = m_view->bars()->probability(k);
        // While the pen moves (before release) the bars change.
        for (int i = 1; i <= 20; ++i)
            QTest::mouseMove(canvas, canvas->canvasToWidget({200.0 + 6 * i, 60.0 + 12 * i}).toPoint());
        const auto expected = networkProbabilities(Architecture::source(), *model, m_view->result().input.data(), Normalize::None);
        float sum = 0, change = 0;
        for (int k = 0; k < 10; ++k) {
            QCOMPARE(m_view->bars()->probability(k), expected[std::size_t(k)]);
            sum += m_view->bars()->probability(k);
            change += std::abs(m_view->bars()->probability(k) - before[std::size_t(k)]);
        }
        QVERIFY(std::abs(sum - 1) < 1e-5f);
        QVERIFY(change > 1e-4f);
        QCOMPARE(m_view->bars()->topClass(),
                 int(std::max_element(expected.begin(), expected.end()) - expected.begin()));
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, canvas->canvasToWidget({320, 300}).toPoint());
        // Standard scaling predicts differently from the same input.
        m_view->setNetwork(Architecture::source(), model, Normalize::Standard);
        QCOMPARE(m_view->bars()->probability(3),
                 networkProbabilities(Architecture::source(), *model, m_view->result().input.data(), Normalize::Standard)[3]);
        // Without a model the bars say so.
        m_view->setNetwork(Architecture::source(), nullptr, Normalize::None);
        QVERIFY(!m_view->bars()->hasProbabilities());
        QVERIFY(m_view->bars()->emptyText().contains("No model"));
    }

    // An example's caption goes when the user draws over it: it would name a picture no longer there.
    void drawingOverAnExampleReplacesItsCaption()
    {
        QImage example(28, 28, QImage::Format_Grayscale8);
        example.fill(0);
        for (int y = 6; y < 22; ++y)
            example.setPixel(14, y, 255);
        m_view->setPicture(example, QStringLiteral("Example: test image 0 (label 1). Draw to replace it."));
        QVERIFY(m_view->statusText().startsWith(QStringLiteral("Example: test image 0")));
        DrawCanvas *canvas = m_view->canvas();
        QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, canvas->canvasToWidget({100, 100}).toPoint());
        QTest::mouseMove(canvas, canvas->canvasToWidget({160, 200}).toPoint());
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, canvas->canvasToWidget({160, 200}).toPoint());
        QVERIFY2(!m_view->statusText().contains(QStringLiteral("Example")), qPrintable(m_view->statusText()));
        QVERIFY(m_view->statusText().startsWith(QStringLiteral("Your drawing")));
    }

    // Clear takes the example away with its caption, and the next stroke is the user's drawing.
    void clearingAnExampleClearsItsCaption()
    {
        QImage example(28, 28, QImage::Format_Grayscale8);
        example.fill(0);
        for (int y = 6; y < 22; ++y)
            example.setPixel(14, y, 255);
        m_view->setPicture(example, QStringLiteral("Example: test image 0 (label 9). Draw to replace it."));
        auto *clear = m_view->findChild<QPushButton *>(QStringLiteral("clearButton"));
        QVERIFY(clear);
        QTest::mouseClick(clear, Qt::LeftButton);
        QVERIFY(!m_view->canvas()->hasPicture());
        QVERIFY2(!m_view->statusText().contains(QStringLiteral("Example")), qPrintable(m_view->statusText()));
        DrawCanvas *canvas = m_view->canvas();
        QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, canvas->canvasToWidget({100, 100}).toPoint());
        QTest::mouseMove(canvas, canvas->canvasToWidget({160, 200}).toPoint());
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, canvas->canvasToWidget({160, 200}).toPoint());
        QVERIFY2(m_view->statusText().startsWith(QStringLiteral("Your drawing")), qPrintable(m_view->statusText()));
    }

    // The latency runs from the input event to the end of the first paint of the bars that shows
    // that input's probabilities: work between the two counts, a later paint without new input
    // does not move it, and nothing is reported before the first input.
    void latencyIsMeasured()
    {
        m_view->setNetwork(Architecture::source(), someModel(), Normalize::None);
        DrawCanvas *canvas = m_view->canvas();
        m_view->bars()->repaint();
        QCOMPARE(m_view->lastLatencyMs(), -1.0);
        QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, canvas->canvasToWidget({100, 100}).toPoint());
        m_view->bars()->repaint();
        double previous = m_view->lastLatencyMs();
        QVERIFY(previous >= 0);
        constexpr int kDelayMs = 20;
        for (int i = 1; i <= 5; ++i) {
            QElapsedTimer whole;
            whole.start();
            QTest::mouseMove(canvas,
                             canvas->canvasToWidget({100.0 + 20 * i, 100.0 + 15 * i}).toPoint());
            QThread::msleep(kDelayMs); // between the input and the frame that shows it
            QCOMPARE(m_view->lastLatencyMs(), previous); // not painted yet: still the last one
            m_view->bars()->repaint();
            const double outer = whole.nsecsElapsed() / 1e6;
            const double ms = m_view->lastLatencyMs();
            QVERIFY2(ms >= kDelayMs && ms <= outer,
                     qPrintable(
                             QStringLiteral("%1 ms measured, %2 ms around it").arg(ms).arg(outer)));
            m_view->bars()->repaint(); // the same probabilities again: not a new measurement
            QCOMPARE(m_view->lastLatencyMs(), ms);
            previous = ms;
        }
        QTest::mouseRelease(canvas, Qt::LeftButton);
    }

    void undoAndClear()
    {
        DrawCanvas *canvas = m_view->canvas();
        drawWithMouse(canvas, fourStrokes(), 50, 50, 300);
        QCOMPARE(canvas->strokes().size(), std::size_t(2));
        const auto both = m_view->result().input;
        canvas->undoStroke();
        QCOMPARE(canvas->strokes().size(), std::size_t(1));
        QVERIFY(m_view->result().input != both);
        QTest::mouseClick(canvas, Qt::RightButton); // right click undoes too
        QVERIFY(canvas->isEmpty());
        QVERIFY(m_view->result().empty);
        drawWithMouse(canvas, zeroStrokes(), 50, 50, 300);
        canvas->clear();
        QVERIFY(canvas->isEmpty() && m_view->result().empty);
        QVERIFY(m_view->stages()->stage(3).isNull());
    }

    void penWidthChangesTheInk()
    {
        DrawCanvas *canvas = m_view->canvas();
        drawWithMouse(canvas, sevenStrokes(), 40, 40, 300);
        const auto thin = m_view->result().input;
        canvas->clear();
        canvas->setPenWidth(40);
        drawWithMouse(canvas, sevenStrokes(), 40, 40, 300);
        const auto thick = m_view->result().input;
        QVERIFY(std::accumulate(thick.begin(), thick.end(), 0) > 1.3 * std::accumulate(thin.begin(), thin.end(), 0));
    }

    void stepThroughSendsTheInput()
    {
        QSignalSpy spy(m_view.get(), &DrawView::stepThroughRequested);
        drawWithMouse(m_view->canvas(), zeroStrokes(), 60, 30, 280);
        auto *button = m_view->findChild<QPushButton *>();
        QVERIFY(button);
        for (QPushButton *b : m_view->findChildren<QPushButton *>())
            if (b->text().startsWith("Step through"))
                QTest::mouseClick(b, Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const auto pixels = spy.at(0).at(0).value<QVector<quint8>>();
        QCOMPARE(pixels.size(), 784);
        QVERIFY(std::equal(pixels.begin(), pixels.end(), m_view->result().input.begin()));
    }

    // Collecting: the page asks for the digit kept least often, Enter keeps the drawing as that
    // digit (IDX and picture), clears the canvas and asks for the next; the pictures import back.
    void collectingAsksForEachDigitInTurn()
    {
        QTemporaryDir dir;
        const QString folder = dir.path() + "/drawn";
        m_view->setKeepFolder(folder);
        QVERIFY(appendDrawnDigit(folder, std::array<std::uint8_t, kInputs> {}, 0).ok()); // one 0 kept before
        m_view->collectButton()->click();
        QVERIFY(m_view->collecting());
        QCOMPARE(m_view->collectedCounts()[0], 1);
        QCOMPARE(m_view->askedDigit(), 1); // 0 has one already
        QCOMPARE(m_view->askText(), QStringLiteral("Draw a 1"));
        QVERIFY(!m_view->keepCollected().ok()); // nothing drawn: nothing kept, still asking for 1
        QCOMPARE(m_view->askedDigit(), 1);

        drawWithMouse(m_view->canvas(), sevenStrokes(), 60, 30, 280);
        const auto drawn = m_view->result().input;
        QTest::keyClick(m_view->canvas(), Qt::Key_Return);
        QVERIFY(m_view->canvas()->isEmpty());
        QCOMPARE(m_view->collectedCounts()[1], 1);
        QCOMPARE(m_view->askedDigit(), 2);
        const Result<IdxLabels> labels = readIdxLabels((folder + "/t10k-labels-idx1-ubyte").toStdString());
        QVERIFY(labels.ok());
        QCOMPARE(labels->labels, (std::vector<std::uint8_t> {0, 1}));
        const Result<IdxImages> images = readIdxImages((folder + "/t10k-images-idx3-ubyte").toStdString());
        QVERIFY(std::equal(drawn.begin(), drawn.end(), images->pixels.begin() + kInputs));
        // The drawing itself, dark ink on white, in a folder of its label.
        const QImage picture(folder + "/pictures/1/1_00002.png");
        QVERIFY(!picture.isNull());
        QCOMPARE(QColor(picture.pixel(0, 0)), QColor(Qt::white));
        // Off again: the Keep button asks for a label as before.
        m_view->setCollecting(false);
        QVERIFY(!m_view->collectButton()->isChecked());
        QVERIFY(!m_view->keepCollected().ok());
    }

    void keptDigitsAreAppendedToIdxFiles()
    {
        QTemporaryDir dir;
        m_view->setKeepFolder(dir.path() + "/drawn");
        QVERIFY(!m_view->keepForTesting(3).ok()); // nothing drawn
        drawWithMouse(m_view->canvas(), sevenStrokes(), 60, 30, 280);
        const auto seven = m_view->result().input;
        Result<std::size_t> kept = m_view->keepForTesting(7);
        QVERIFY2(kept.ok(), kept.error().c_str());
        QCOMPARE(*kept, std::size_t(1));
        QVERIFY2(m_view->statusText().contains("Kept as 7: 1 digit in"), qPrintable(m_view->statusText()));
        m_view->canvas()->clear();
        drawWithMouse(m_view->canvas(), zeroStrokes(), 60, 30, 280);
        kept = m_view->keepForTesting(0);
        QCOMPARE(*kept, std::size_t(2));
        QVERIFY(m_view->statusText().contains("2 digits"));
        const Result<IdxImages> images = readIdxImages((dir.path() + "/drawn/t10k-images-idx3-ubyte").toStdString());
        const Result<IdxLabels> labels = readIdxLabels((dir.path() + "/drawn/t10k-labels-idx1-ubyte").toStdString());
        QVERIFY(images.ok() && labels.ok());
        QCOMPARE(images->count, std::size_t(2));
        QCOMPARE(images->rows, 28);
        QVERIFY(std::equal(seven.begin(), seven.end(), images->pixels.begin()));
        QCOMPARE(labels->labels, (std::vector<std::uint8_t>{7, 0}));
        QVERIFY(!appendDrawnDigit(dir.path() + "/drawn", seven, 12).ok());
    }

    void picturesGoThroughThePicturePipeline()
    {
        QTemporaryDir dir;
        // A black 0 on white paper, 300x200, off-centre.
        QImage picture(300, 200, QImage::Format_RGB32);
        picture.fill(Qt::white);
        {
            QPainter p(&picture);
            p.setRenderHint(QPainter::Antialiasing);
            p.setPen(QPen(Qt::black, 9));
            p.drawEllipse(QRectF(180, 30, 70, 120));
        }
        const QString path = dir.path() + "/zero.png";
        QVERIFY(picture.save(path));
        QVERIFY(m_view->openPicture(path));
        QVERIFY(m_view->canvas()->hasPicture());
        const PreprocessResult &r = m_view->result();
        QVERIFY(!r.empty);
        QVERIFY(std::abs(r.centre.x - 14) <= 0.5 && std::abs(r.centre.y - 14) <= 0.5);
        QCOMPARE(inkBounds(r.centred).height, 20);
        QCOMPARE(int(r.centred.at(14, 14)), 0); // the 0's hole is in the middle
        QCOMPARE(int(r.raw.at(2, 2)), 0);        // paper became black
        // Drawing replaces the picture.
        drawWithMouse(m_view->canvas(), sevenStrokes(), 60, 30, 280);
        QVERIFY(!m_view->canvas()->hasPicture());
        QCOMPARE(m_view->canvas()->strokes().size(), std::size_t(1));
        // A file that is no picture is refused with its name.
        const QString bad = dir.path() + "/bad.png";
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a picture");
        f.close();
        QVERIFY(!m_view->openPicture(bad));
        QVERIFY(m_view->statusText().contains("bad.png"));
    }
};

QTEST_MAIN(TestDrawView)
#include "tst_drawview.moc"
