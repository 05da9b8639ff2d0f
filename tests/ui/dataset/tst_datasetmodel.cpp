// The Dataset view's model, delegate and distribution plot on a small synthetic DataSplit: row
// counts per set and under a class filter, the index map, the painted pixels, the counts shown.

#include "datasetfixture.h"
#include "datasetmodel.h"
#include "distributionplot.h"
#include "imagedelegate.h"

#include <pictureimport.h>

#include <QPainter>
#include <QTemporaryDir>
#include <QStyleOptionViewItem>
#include <QtTest>

using namespace bplab;
using namespace bplab::test;

class TestDatasetModel : public QObject
{
    Q_OBJECT

private slots:
    void rowCountsPerSet();
    void classFilterRows_data();
    void classFilterRows();
    void rowOfAndImageIndex();
    void roles();
    void countsPerClass();
    void fashionNames();
    void delegatePaintsPixels_data();
    void delegatePaintsPixels();
    void delegateCellFitsText();
    void plotShowsCounts();
    void emptyModel();
    void importedPicturesByTheirFiles();
};

void TestDatasetModel::rowCountsPerSet()
{
    DatasetModel m;
    m.setDataSplit(fixtureSplit());
    QCOMPARE(m.rowCount(), 12);
    QCOMPARE(m.setSize(), 12);
    QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
    m.setTestSet(true);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(m.rowCount(), 3);
    m.setTestSet(false);
    QCOMPARE(m.rowCount(), 12);
}

void TestDatasetModel::classFilterRows_data()
{
    QTest::addColumn<bool>("test");
    QTest::addColumn<int>("cls");
    QTest::addColumn<QList<int>>("indices");
    QTest::newRow("train, 3") << false << 3 << QList<int>{0, 7, 9, 11};
    QTest::newRow("train, 9") << false << 9 << QList<int>{4, 10};
    QTest::newRow("train, 0") << false << 0 << QList<int>{1};
    QTest::newRow("train, 5 (none)") << false << 5 << QList<int>{};
    QTest::newRow("test, 5") << true << 5 << QList<int>{0, 2};
    QTest::newRow("test, 3 (none)") << true << 3 << QList<int>{};
}

void TestDatasetModel::classFilterRows()
{
    QFETCH(bool, test);
    QFETCH(int, cls);
    QFETCH(QList<int>, indices);
    DatasetModel m;
    m.setDataSplit(fixtureSplit());
    m.setTestSet(test);
    m.setClassFilter(cls);
    QCOMPARE(m.classFilter(), cls);
    QCOMPARE(m.rowCount(), int(indices.size()));
    for (int r = 0; r < indices.size(); ++r) {
        QCOMPARE(m.imageIndex(r), indices[r]);
        QCOMPARE(m.label(r), cls);
        QCOMPARE(m.data(m.index(r), DatasetModel::IndexRole).toInt(), indices[r]);
    }
    QCOMPARE(m.imageIndex(int(indices.size())), -1);
    // The whole set again without the filter.
    m.setClassFilter(-1);
    QCOMPARE(m.rowCount(), test ? 3 : 12);
    // Out-of-range filters are ignored.
    m.setClassFilter(10);
    QCOMPARE(m.classFilter(), -1);
}

void TestDatasetModel::rowOfAndImageIndex()
{
    DatasetModel m;
    m.setDataSplit(fixtureSplit());
    QCOMPARE(m.rowOf(5), 5);
    QCOMPARE(m.rowOf(12), -1);
    QCOMPARE(m.rowOf(-1), -1);
    m.setClassFilter(2); // images 3, 6, 8
    QCOMPARE(m.rowOf(3), 0);
    QCOMPARE(m.rowOf(6), 1);
    QCOMPARE(m.rowOf(8), 2);
    QCOMPARE(m.rowOf(7), -1); // class 3: filtered out
}

void TestDatasetModel::roles()
{
    DatasetModel m;
    m.setDataSplit(fixtureSplit());
    m.setTestSet(true);
    const QModelIndex i = m.index(1);
    QCOMPARE(m.data(i, DatasetModel::LabelRole).toInt(), 7);
    QCOMPARE(m.data(i, DatasetModel::ClassNameRole).toString(), QStringLiteral("7"));
    QCOMPARE(m.data(i, Qt::DisplayRole).toString(), QStringLiteral("7"));
    QVERIFY(m.data(i, Qt::ToolTipRole).toString().contains(QStringLiteral("Test image 1")));
    // A screen reader hears the same line, not the bare label "7".
    QCOMPARE(m.data(i, Qt::AccessibleTextRole).toString(), m.data(i, Qt::ToolTipRole).toString());
    const QImage image = m.data(i, DatasetModel::ImageRole).value<QImage>();
    QCOMPARE(image.size(), QSize(kImageSide, kImageSide));
    QCOMPARE(image.format(), QImage::Format_Grayscale8);
    QCOMPARE(qGray(image.pixel(5, 2)), int(fixturePixel(1, 2, 5)));
    QCOMPARE(m.pixels(1)[27], fixturePixel(1, 0, 27));
    QVERIFY(!m.data(m.index(3), DatasetModel::LabelRole).isValid());
}

void TestDatasetModel::countsPerClass()
{
    DatasetModel m;
    m.setDataSplit(fixtureSplit());
    const DatasetModel::Counts train{1, 2, 3, 4, 0, 0, 0, 0, 0, 2};
    QCOMPARE(m.classCounts(), train);
    m.setClassFilter(3); // the counts are of the set, not of the filtered rows
    QCOMPARE(m.classCounts(), train);
    m.setTestSet(true);
    const DatasetModel::Counts test{0, 0, 0, 0, 0, 2, 0, 1, 0, 0};
    QCOMPARE(m.classCounts(), test);
}

void TestDatasetModel::fashionNames()
{
    DatasetModel m;
    QVERIFY(!m.hasNamedClasses());
    m.setDataSplit(fixtureSplit(true));
    QVERIFY(m.hasNamedClasses());
    QCOMPARE(m.classNames().value(9), QStringLiteral("Ankle boot"));
    m.setTestSet(true);
    QCOMPARE(m.data(m.index(1), DatasetModel::ClassNameRole).toString(), QStringLiteral("Sneaker"));
}

void TestDatasetModel::delegatePaintsPixels_data()
{
    QTest::addColumn<int>("scale");
    QTest::newRow("x3") << 3;
    QTest::newRow("x5") << 5;
}

void TestDatasetModel::delegatePaintsPixels()
{
    QFETCH(int, scale);
    DatasetModel m;
    m.setDataSplit(fixtureSplit());
    ImageDelegate d;
    d.setScale(scale);
    QStyleOptionViewItem option;
    option.font = QFont(QStringLiteral("DejaVu Sans"), 11);
    option.palette = QPalette(Qt::white);
    option.rect = QRect(QPoint(0, 0), d.cellSize(option.font));
    QImage canvas(option.rect.size(), QImage::Format_ARGB32);
    canvas.fill(Qt::white);
    const int row = 4; // training image 4
    {
        QPainter p(&canvas);
        d.paint(&p, option, m.index(row));
    }
    const QRect image = d.imageRect(option.rect);
    QCOMPARE(image.size(), QSize(kImageSide * scale, kImageSide * scale));
    QVERIFY(option.rect.contains(image));
    // Every image pixel is a crisp scale x scale square of its grey value: check both corners of
    // several squares (no smoothing between neighbours).
    for (const auto &[r, c] : std::initializer_list<std::pair<int, int>>{{0, 0}, {0, 27}, {13, 14}, {27, 0}, {27, 27}, {5, 9}}) {
        const int expected = fixturePixel(row, r, c);
        const QPoint tl(image.left() + c * scale, image.top() + r * scale);
        const QPoint br = tl + QPoint(scale - 1, scale - 1);
        QCOMPARE(qGray(canvas.pixel(tl)), expected);
        QCOMPARE(qGray(canvas.pixel(br)), expected);
    }
    // Below the image: the label and index were drawn (dark text on white).
    int dark = 0;
    for (int y = image.bottom() + 1; y < option.rect.bottom(); ++y)
        for (int x = 0; x < option.rect.width(); ++x)
            dark += qGray(canvas.pixel(x, y)) < 128;
    QVERIFY2(dark > 20, qPrintable(QString::number(dark)));
}

void TestDatasetModel::delegateCellFitsText()
{
    ImageDelegate d;
    d.setScale(4);
    const QFont font(QStringLiteral("DejaVu Sans"), 11);
    const QSize cell = d.cellSize(font);
    QVERIFY(cell.width() >= 4 * kImageSide);
    QVERIFY(cell.width() >= QFontMetrics(font).horizontalAdvance(QStringLiteral("#59999")));
    QVERIFY(cell.height() > 4 * kImageSide + 2 * QFontMetrics(font).height());
    d.setScale(40);
    QCOMPARE(d.scale(), 16);
}

void TestDatasetModel::plotShowsCounts()
{
    DistributionPlot plot;
    plot.resize(400, 400);
    const QVector<int> counts{5923, 6742, 5958, 6131, 5842, 5421, 5918, 6265, 5851, 5949};
    QStringList names;
    for (int k = 0; k < 10; ++k)
        names << QString::number(k);
    plot.setCounts(counts, names, QStringLiteral("Labels in the training set\n60,000 images"));
    QCOMPARE(plot.title(), QStringLiteral("Labels in the training set\n60,000 images"));
    for (int k = 0; k < 10; ++k) {
        QCOMPARE(plot.barValue(k), double(counts[k]));
        QVERIFY(!plot.isBarHighlighted(k));
    }
    QCOMPARE(plot.barText(1), QStringLiteral("%1 (11.2 %)").arg(QLocale().toString(6742)));
    plot.setHighlightedClass(7);
    QVERIFY(plot.isBarHighlighted(7));
    QVERIFY(!plot.isBarHighlighted(6));
    QCOMPARE(plot.barValue(7), 6265.0);
    QCOMPARE(plot.highlightedClass(), 7);
    plot.setHighlightedClass(12);
    QCOMPARE(plot.highlightedClass(), -1);
}

void TestDatasetModel::emptyModel()
{
    DatasetModel m;
    QCOMPARE(m.rowCount(), 0);
    QCOMPARE(m.imageIndex(0), -1);
    QVERIFY(!m.pixels(0));
    m.setClassFilter(3);
    QCOMPARE(m.rowCount(), 0);
    m.setDataSplit(fixtureSplit());
    QCOMPARE(m.rowCount(), 4); // the filter stays
    m.setDataSplit(nullptr);
    QCOMPARE(m.rowCount(), 0);
}

void TestDatasetModel::importedPicturesByTheirFiles()
{
    // A test set written by the import with its pictures' paths: each image is named by its file
    // (the grid's line under it, the tooltip, fileOf), not by "#2" alone.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string folder = dir.path().toStdString();
    const auto split = fixtureSplit();
    const std::vector<std::string> files = {"/home/anna/digits/5/5_anna_01.png", "pictures/7/seven.jpg",
                                            "/home/anna/digits/5/5_anna_02.png"};
    QVERIFY(writeImportedSet(folder, split->test, ImportTarget::Test, files).ok());
    QVERIFY(writeImportedSet(folder, split->train, ImportTarget::Train).ok());
    const Result<DataSplit> loaded = loadDataFolder(folder);
    QVERIFY2(loaded.ok(), loaded.error().c_str());
    DatasetModel m;
    m.setDataSplit(std::make_shared<const DataSplit>(*loaded));
    m.setTestSet(true);
    QVERIFY(m.hasFiles());
    QCOMPARE(m.fileOf(1), QStringLiteral("pictures/7/seven.jpg"));
    QCOMPARE(m.data(m.index(2), DatasetModel::FileRole).toString(), QStringLiteral("/home/anna/digits/5/5_anna_02.png"));
    const QString tip = m.data(m.index(0), Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("from /home/anna/digits/5/5_anna_01.png")), qPrintable(tip));
    // The training set was written without names: its images keep their index only.
    m.setTestSet(false);
    QVERIFY(!m.hasFiles());
    QCOMPARE(m.data(m.index(0), DatasetModel::FileRole).toString(), QString());

    // The delegate writes the file's name under the image.
    m.setTestSet(true);
    ImageDelegate delegate;
    QStyleOptionViewItem option;
    option.font = QApplication::font();
    option.palette = QApplication::palette();
    option.rect = QRect(QPoint(0, 0), delegate.cellSize(option.font) + QSize(200, 0));
    QImage named(option.rect.size(), QImage::Format_ARGB32), numbered = named;
    named.fill(Qt::white);
    numbered.fill(Qt::white);
    {
        QPainter p(&named);
        delegate.paint(&p, option, m.index(1));
    }
    QVERIFY(writeImportedSet(folder, split->test, ImportTarget::Test).ok()); // the list goes
    QVERIFY(readImportedFiles(folder, ImportTarget::Test, split->test.size()).empty());
    m.setDataSplit(std::make_shared<const DataSplit>(*loadDataFolder(folder)));
    m.setTestSet(true);
    QVERIFY(!m.hasFiles());
    {
        QPainter p(&numbered);
        delegate.paint(&p, option, m.index(1));
    }
    QVERIFY(named != numbered);
    // A list of another length belongs to other images: not used.
    QVERIFY(writeImportedSet(folder, split->test, ImportTarget::Test, {"a.png", "b.png"}).ok());
    QVERIFY(readImportedFiles(folder, ImportTarget::Test, split->test.size()).empty());
}

QTEST_MAIN(TestDatasetModel)
#include "tst_datasetmodel.moc"
