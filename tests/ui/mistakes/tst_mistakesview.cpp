// The Mistakes view: the matrix shows the counts it was given and opens the cell clicked; the
// gallery holds exactly that cell's images, most confident first, and a double-click names the
// image; the exports are the panel's picture (SVG with its title as text, a PDF) and its data.
// scripts/look-at-pages writes the page and its exports for a person to look at.

#include "confusionmatrixpanel.h"
#include "mistakesview.h"
#include "gallerypanel.h"
#include "nn/networkeval.h"
#include "testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace bplab;

namespace {

/** Noise images with labels 0-9 in turn: random weights answer them in many cells. */
std::shared_ptr<DataSplit> noiseSplit(int count)
{
    auto split = std::make_shared<DataSplit>();
    split->name = "noise";
    Dataset &d = split->test;
    d.pixels.resize(std::size_t(count) * kInputs);
    d.labels.resize(std::size_t(count));
    std::uint64_t s = 12345;
    for (auto &p : d.pixels) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        p = std::uint8_t(s >> 56);
    }
    for (int i = 0; i < count; ++i)
        d.labels[std::size_t(i)] = std::uint8_t(i % 10);
    for (int c = 0; c < 10; ++c)
        split->classNames[std::size_t(c)] = std::to_string(c);
    return split;
}

QByteArray readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/** The words of an SVG's <text> elements; empty (and a failure) when it is not XML. */
QStringList svgTexts(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&f);
    QStringList texts;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("text"))
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified();
    }
    return xml.hasError() ? QStringList() : texts;
}

} // namespace

class TestMistakesView : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<DataSplit> m_split = noiseSplit(1200);
    MlpParamsF m_params = initMlp(Architecture::source(), Init::He, 4);
    std::shared_ptr<const SetAnswers> m_answers =
            std::make_shared<SetAnswers>(answerSet(Architecture::source(), m_params, m_split->test, Normalize::Standard));

    /** A cell off the diagonal with at least two images. */
    QPoint busyMistake() const
    {
        for (int t = 0; t < 10; ++t)
            for (int j = 0; j < 10; ++j)
                if (t != j && m_answers->summary.confusion[std::size_t(t)][std::size_t(j)] >= 2)
                    return {j, t};
        return {-1, -1};
    }

private slots:
    void matrixShowsCountsAndOpensTheClickedCell()
    {
        ConfusionMatrixPanel panel;
        ConfusionCounts counts {};
        counts[4][4] = 90;
        counts[4][9] = 10;
        counts[7][7] = 50;
        panel.setCounts(counts, QStringLiteral("weights after batch 7"));
        panel.resize(900, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCOMPARE(panel.classAccuracy(4), 90.0);
        QCOMPARE(panel.classAccuracy(7), 100.0);
        QCOMPARE(panel.classAccuracy(0), -1.0);
        QVERIFY(panel.title().contains(QStringLiteral("150 test images")));
        QVERIFY(panel.title().contains(QStringLiteral("93.3 %")));
        // A screen reader hears the most frequent confusion as a sentence.
        QVERIFY2(panel.accessibleSummary().endsWith(QStringLiteral("Most frequent mistake: a true 4 taken for 9, 10 times")),
                 qPrintable(panel.accessibleSummary()));

        QSignalSpy opened(&panel, &ConfusionMatrixPanel::cellActivated);
        QTest::mouseClick(&panel, Qt::LeftButton, {}, panel.cellRect(4, 9, panel.size()).center());
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.at(0).at(0).toInt(), 4);
        QCOMPARE(opened.at(0).at(1).toInt(), 9);
        QCOMPARE(panel.selectedCell(), QPoint(9, 4));
        // From the keyboard: one row down, then Enter opens (true 5, predicted 9).
        QTest::keyClick(&panel, Qt::Key_Down);
        QTest::keyClick(&panel, Qt::Key_Return);
        QCOMPARE(opened.size(), 2);
        QCOMPARE(opened.at(1).at(0).toInt(), 5);
        QCOMPARE(opened.at(1).at(1).toInt(), 9);
        // The shade darkens with the share, and stays distinct in grey.
        QVERIFY(qGray(confusionShade(0.01).rgb()) > qGray(confusionShade(0.1).rgb()));
        QVERIFY(qGray(confusionShade(0.1).rgb()) > qGray(confusionShade(0.5).rgb()) + 40);
        QVERIFY(qGray(confusionShade(0.5).rgb()) > qGray(confusionShade(1.0).rgb()) + 20);
    }

    void galleryHoldsExactlyTheCellsImages()
    {
        const QPoint cell = busyMistake();
        QVERIFY(cell.x() >= 0);
        const int t = cell.y(), j = cell.x();
        MistakesView view;
        view.resize(1280, 800);
        view.setAnswers(m_answers, m_split, QStringLiteral("weights after batch 0"));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // A click on the matrix cell opens the gallery of exactly those images.
        ConfusionMatrixPanel *matrix = view.matrix();
        QTest::mouseClick(matrix, Qt::LeftButton, {}, matrix->cellRect(t, j, matrix->size()).center());
        const QVector<GalleryEntry> &shown = view.gallery()->entries();
        QList<std::uint32_t> expected;
        for (std::size_t i = 0; i < m_split->test.size(); ++i) {
            const auto p = networkProbabilities(Architecture::source(), m_params, m_split->test.image(i), Normalize::Standard);
            const int argmax = int(std::max_element(p.begin(), p.end()) - p.begin());
            if (m_split->test.label(i) == t && argmax == j)
                expected << std::uint32_t(i);
        }
        QCOMPARE(shown.size(), expected.size());
        QCOMPARE(shown.size(), qsizetype(m_answers->summary.confusion[std::size_t(t)][std::size_t(j)]));
        QList<std::uint32_t> got;
        for (int n = 0; n < shown.size(); ++n) {
            got << shown[n].item.index;
            QCOMPARE(shown[n].item.trueClass, t);
            QCOMPARE(shown[n].item.predicted, j);
            if (n > 0)
                QVERIFY(shown[n - 1].item.pPredicted >= shown[n].item.pPredicted);
            QCOMPARE(qGray(shown[n].image.pixel(14, 14)), int(m_split->test.image(got.last())[14 * 28 + 14]));
        }
        std::sort(got.begin(), got.end());
        QCOMPARE(got, expected);
        QVERIFY(view.gallery()->title().startsWith(QStringLiteral("True %1, predicted %2: %3 images").arg(t).arg(j).arg(expected.size())));

        // Double-click the second image: its index in the test set.
        QSignalSpy activated(&view, &MistakesView::imageActivated);
        GalleryPanel *gallery = view.gallery();
        QTest::mouseDClick(gallery, Qt::LeftButton, {}, gallery->tileRect(1, gallery->width()).center());
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), int(shown[1].item.index));
        QTest::keyClick(gallery, Qt::Key_Return);
        QCOMPARE(activated.size(), 2);
        QCOMPARE(activated.at(1).at(0).toInt(), int(shown[1].item.index));
    }

    void mostConfidentMistakes()
    {
        MistakesView view;
        view.setAnswers(m_answers, m_split, QString());
        view.showMistakes();
        const QVector<GalleryEntry> &shown = view.gallery()->entries();
        const auto expected = confidentMistakes(*m_answers, MistakesView::kMistakes);
        QCOMPARE(shown.size(), qsizetype(expected.size()));
        QVERIFY(shown.size() > 10);
        for (int n = 0; n < shown.size(); ++n) {
            QCOMPARE(shown[n].item, expected[std::size_t(n)]);
            QVERIFY(shown[n].item.trueClass != shown[n].item.predicted);
        }
        // New weights keep the gallery's choice and refresh it; no answers clear the page.
        view.setAnswers(nullptr, m_split, QStringLiteral("No data loaded"));
        QVERIFY(view.gallery()->entries().isEmpty());
        QVERIFY(!view.matrix()->hasCounts());
    }

    void exportsPictureAndData()
    {
        MistakesView view;
        view.resize(1280, 800);
        view.setAnswers(m_answers, m_split, QStringLiteral("weights after batch 0"));
        view.showMistakes();
        QTemporaryDir dir;
        ConfusionMatrixPanel *matrix = view.matrix();
        const QString svg = dir.filePath(QStringLiteral("confusion.svg"));
        QCOMPARE(writePanel(matrix->panelExport(), svg), QString());
        const QStringList texts = svgTexts(svg);
        QVERIFY2(texts.contains(matrix->title()), qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(texts.contains(QStringLiteral("predicted class")));
        const QString pdf = dir.filePath(QStringLiteral("confusion.pdf"));
        QCOMPARE(writePanel(matrix->panelExport(), pdf), QString());
        QVERIFY(readAll(pdf).startsWith("%PDF-"));
        if (const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo")); !pdfinfo.isEmpty()) {
            QProcess info;
            info.start(pdfinfo, {pdf});
            QVERIFY(info.waitForFinished(30000));
            QCOMPARE(info.exitCode(), 0);
            QVERIFY(info.readAllStandardOutput().contains("Title:           the confusion matrix"));
        }
        const QString png = dir.filePath(QStringLiteral("confusion.png"));
        QCOMPARE(writePanel(matrix->panelExport(), png), QString());
        QCOMPARE(QImage(png).size(), QSize(2000, 1520)); // never shown: the slide size, at 2x

        const QString json = dir.filePath(QStringLiteral("confusion.json"));
        QCOMPARE(writePanel(matrix->panelExport(), json), QString());
        const QJsonArray rows = QJsonDocument::fromJson(readAll(json)).object().value(QStringLiteral("confusion")).toArray();
        QCOMPARE(rows.size(), 10);
        for (int t = 0; t < 10; ++t)
            for (int j = 0; j < 10; ++j)
                QCOMPARE(rows[t].toArray()[j].toInt(-1), m_answers->summary.confusion[std::size_t(t)][std::size_t(j)]);
        // Members in the order written (whose weights, how many, then the matrix), not sorted.
        const QByteArray matrixJson = readAll(json);
        QVERIFY2(matrixJson.startsWith(R"({"weights":"weights after batch 0","count":)"), matrixJson.left(80).constData());
        QVERIFY(matrixJson.indexOf(R"("correct":)") < matrixJson.indexOf(R"("class_names":)"));
        QVERIFY(matrixJson.indexOf(R"("class_names":)") < matrixJson.indexOf(R"("confusion":)"));
        QVERIFY(matrixJson.endsWith("]]}\n"));
        const QString csv = dir.filePath(QStringLiteral("confusion.csv"));
        QCOMPARE(writePanel(matrix->panelExport(), csv), QString());
        QCOMPARE(readAll(csv).count('\n'), 101);

        GalleryPanel *gallery = view.gallery();
        const QString gsvg = dir.filePath(QStringLiteral("gallery.svg"));
        QCOMPARE(writePanel(gallery->panelExport(), gsvg), QString());
        QVERIFY(svgTexts(gsvg).contains(gallery->title()));
        const QString gcsv = dir.filePath(QStringLiteral("gallery.csv"));
        QCOMPARE(writePanel(gallery->panelExport(), gcsv), QString());
        const QList<QByteArray> lines = readAll(gcsv).trimmed().split('\n');
        QCOMPARE(lines.size(), gallery->entries().size() + 1);
        QCOMPARE(lines[1].split(',').first().toUInt(), gallery->entries().first().item.index);
        // The JSON: title, subtitle, then the images with the CSV's columns in the CSV's order,
        // each probability the float's shortest decimal.
        const QString gjson = dir.filePath(QStringLiteral("gallery.json"));
        QCOMPARE(writePanel(gallery->panelExport(), gjson), QString());
        const QByteArray galleryJson = readAll(gjson);
        QVERIFY2(galleryJson.startsWith("{\"title\":\""), galleryJson.left(80).constData());
        const GalleryItem &first = gallery->entries().first().item;
        const QByteArray firstImage = R"("images":[{"index":)" + QByteArray::number(first.index) + R"(,"true_class":)" +
                                      QByteArray::number(first.trueClass) + R"(,"predicted_class":)" +
                                      QByteArray::number(first.predicted) + R"(,"p_predicted":)";
        QVERIFY2(galleryJson.contains(firstImage), galleryJson.left(300).constData());
        QVERIFY(galleryJson.indexOf(R"("subtitle":)") < galleryJson.indexOf(R"("images":)"));
        const QJsonObject image = QJsonDocument::fromJson(galleryJson).object().value(QStringLiteral("images")).toArray().first().toObject();
        QCOMPARE(float(image.value(QStringLiteral("p_predicted")).toDouble()), first.pPredicted);
        QCOMPARE(float(image.value(QStringLiteral("loss")).toDouble()), first.loss);
        const QStringList keys = {QStringLiteral("index"), QStringLiteral("true_class"), QStringLiteral("predicted_class"),
                                  QStringLiteral("p_predicted"), QStringLiteral("p_true"), QStringLiteral("loss")};
        qsizetype at = 0;
        for (const QString &k : keys) {
            const qsizetype next = galleryJson.indexOf('"' + k.toUtf8() + "\":", at);
            QVERIFY2(next > at, qPrintable(k));
            at = next;
        }
    }
};

QTEST_MAIN(TestMistakesView)
#include "tst_mistakesview.moc"
