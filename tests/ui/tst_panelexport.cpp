// The one panel export: the format comes from the file's suffix, a suffix the panel does not
// offer or empty data is refused with a message, and a picture that fails to draw leaves the good
// file that was there untouched (no temporary file either).

#include "panelexport.h"

#include <QDir>
#include <QFile>
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
};

QTEST_MAIN(TestPanelExport)
#include "tst_panelexport.moc"
