// The one panel export: the format comes from the file's suffix, a suffix the panel does not
// offer or empty data is refused with a message, and a picture that fails to draw leaves the good
// file that was there untouched (no temporary file either).

#include "panelexport.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QXmlStreamReader>
#include <QTemporaryDir>
#include <QTest>

using namespace bplab;

namespace {

QByteArray readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

PanelExport panel(bool pictureWorks, QByteArray data)
{
    PanelExport e;
    e.name = QStringLiteral("thing");
    e.title = QStringLiteral("the thing");
    e.formats = {ExportFormat::Png, ExportFormat::Csv};
    e.picture = [pictureWorks](const QString &file, ExportFormat) {
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return false;
        f.write("half a picture");
        return pictureWorks;
    };
    e.data = [data](ExportFormat) { return data; };
    return e;
}

} // namespace

class TestPanelExport : public QObject
{
    Q_OBJECT

private slots:
    void formatFromSuffix()
    {
        QCOMPARE(exportFormatOf(QStringLiteral("/a/b.PNG")), std::optional(ExportFormat::Png));
        QCOMPARE(exportFormatOf(QStringLiteral("x.json")), std::optional(ExportFormat::Json));
        QVERIFY(!exportFormatOf(QStringLiteral("x.svgz")).has_value());
    }

    void writesDataAndRefusesWhatItCannot()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("t.csv"));
        QCOMPARE(writePanel(panel(true, "a,b\n1,2\n"), csv), QString());
        QCOMPARE(readAll(csv), QByteArray("a,b\n1,2\n"));
        const QString pdf = writePanel(panel(true, "x"), dir.filePath(QStringLiteral("t.pdf")));
        QVERIFY2(pdf.contains(QStringLiteral("can be written as .png, .csv")), qPrintable(pdf));
        const QString empty = writePanel(panel(true, {}), csv);
        QVERIFY2(empty.startsWith(QStringLiteral("Nothing to export yet")), qPrintable(empty));
        QCOMPARE(readAll(csv), QByteArray("a,b\n1,2\n"));
        const QString missing = writePanel(panel(true, "x"), dir.filePath(QStringLiteral("no/such/t.csv")));
        QVERIFY2(missing.contains(QStringLiteral("Could not write")), qPrintable(missing));
    }

    void failedPictureKeepsTheGoodFile()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("t.png"));
        QCOMPARE(writePanel(panel(true, {}), png), QString());
        QCOMPARE(readAll(png), QByteArray("half a picture"));
        QFile(png).remove();
        {
            QFile good(png);
            QVERIFY(good.open(QIODevice::WriteOnly));
            good.write("the good picture");
        }
        const QString error = writePanel(panel(false, {}), png);
        QVERIFY2(error.contains(QStringLiteral("could not be drawn")), qPrintable(error));
        QCOMPARE(readAll(png), QByteArray("the good picture"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    /** A panel drawn by render(): PNG at twice its size, SVG with its words as <text>, a PDF. */
    void rendersEveryPictureFormat()
    {
        PanelExport e;
        e.name = QStringLiteral("drawn");
        e.title = QStringLiteral("the drawn panel");
        e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf};
        e.renderSize = [] { return QSize(400, 300); };
        e.render = [](QPaintDevice *device, const QSize &size) {
            QPainter p(device);
            p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
            p.fillRect(QRect(0, 0, size.width() / 2, size.height()), Qt::black);
            p.setPen(Qt::black);
            p.drawText(QRect(size.width() / 2, 0, size.width() / 2, size.height()), Qt::AlignCenter,
                       QStringLiteral("Panel words"));
            return true;
        };
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("d.png"));
        QCOMPARE(writePanel(e, png), QString());
        const QImage image(png);
        QCOMPARE(image.size(), QSize(800, 600));
        QCOMPARE(image.pixelColor(10, 300), QColor(Qt::black));   // the left half, at 2x
        QCOMPARE(image.pixelColor(790, 10), QColor(Qt::white));

        const QString svg = dir.filePath(QStringLiteral("d.svg"));
        QCOMPARE(writePanel(e, svg), QString());
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svgFile);
        QStringList texts;
        QString title;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QLatin1String("text"))
                texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified();
            else if (xml.isStartElement() && xml.name() == QLatin1String("title"))
                title = xml.readElementText();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(texts.contains(QStringLiteral("Panel words")), qPrintable(texts.join(QLatin1Char('|'))));
        QCOMPARE(title, QStringLiteral("the drawn panel"));

        const QString pdf = dir.filePath(QStringLiteral("d.pdf"));
        QCOMPARE(writePanel(e, pdf), QString());
        QVERIFY(readAll(pdf).startsWith("%PDF-"));
        const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
        if (!pdfinfo.isEmpty()) {
            QProcess info;
            info.start(pdfinfo, {pdf});
            QVERIFY(info.waitForFinished(30000));
            QCOMPARE(info.exitCode(), 0);
            const QByteArray out = info.readAllStandardOutput();
            QVERIFY2(out.contains("Pages:           1"), out.constData());
            QVERIFY2(out.contains("Title:           the drawn panel"), out.constData());
        }
        // A panel with a picture writer of its own keeps it for PNG and draws SVG with render().
        e.picture = [](const QString &file, ExportFormat) { return QImage(2, 2, QImage::Format_RGB32).save(file, "PNG"); };
        QCOMPARE(writePanel(e, png), QString());
        QCOMPARE(QImage(png).size(), QSize(2, 2));
        QCOMPARE(writePanel(e, svg), QString());
        QVERIFY(readAll(svg).contains("Panel words"));
    }
};

QTEST_MAIN(TestPanelExport)
#include "tst_panelexport.moc"
