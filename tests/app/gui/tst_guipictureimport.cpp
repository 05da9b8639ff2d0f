// File > Open data folder's import (PictureImportDialog): a folder of pictures becomes the test
// set of a folder in the application data folder, beside the open data's training set; an IDX
// test set alone is linked the same way; Cancel writes nothing.

#include "guifixtures.h"

#include <data/dataset.h>
#include <pictureimport.h>
#include <pictureimportdialog.h>

#include <QDir>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace bplab;
using namespace bplab::test;

class TestGuiPictureImport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void kinds();
    void picturesBecomeTheTestSet();
    void picturesBecomeTheTrainingSet();
    void testSetAlone();
    void cancelWritesNothing();

private:
    /** count pictures of a dark bar on white paper, 200x200, in folders 0-9 under folder. */
    void writePictures(const QString &folder, int count);

    QTemporaryDir m_tmp;
    QString m_data;
};

void TestGuiPictureImport::writePictures(const QString &folder, int count)
{
    for (int i = 0; i < count; ++i) {
        const int label = i % 10;
        QImage page(200, 200, QImage::Format_Grayscale8);
        page.fill(255);
        for (int y = 30; y < 170; ++y)
            for (int x = 20 + 15 * label; x < 40 + 15 * label; ++x)
                page.scanLine(y)[x] = uchar(i % 7);
        const QString file = QStringLiteral("%1/%2/%3.png")
                                     .arg(folder)
                                     .arg(label)
                                     .arg(i, 4, 10, QLatin1Char('0'));
        QVERIFY(QDir().mkpath(QFileInfo(file).path()));
        QVERIFY(page.save(file));
    }
}

void TestGuiPictureImport::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    qputenv("XDG_DATA_HOME", m_tmp.filePath(QStringLiteral("xdg")).toUtf8());
    m_data = m_tmp.filePath(QStringLiteral("data"));
    QVERIFY(QDir().mkpath(m_data));
    QCOMPARE(writeSyntheticDataset(m_data, 50, 20), QString());
}

void TestGuiPictureImport::kinds()
{
    QCOMPARE(PictureImportDialog::kindOf(m_data), PictureImportDialog::FolderKind::Data);
    const QString pictures = m_tmp.filePath(QStringLiteral("kinds"));
    writePictures(pictures, 3);
    QCOMPARE(PictureImportDialog::kindOf(pictures), PictureImportDialog::FolderKind::Pictures);
    QVERIFY(PictureImportDialog::cacheFolderFor(pictures).startsWith(
            m_tmp.filePath(QStringLiteral("xdg/backprop-lab/imported/"))));
    QVERIFY(PictureImportDialog::cacheFolderFor(pictures).endsWith(QStringLiteral("/kinds")));
}

void TestGuiPictureImport::picturesBecomeTheTestSet()
{
    const QString pictures = m_tmp.filePath(QStringLiteral("mine"));
    writePictures(pictures, 30);
    QFile text(pictures + QStringLiteral("/3/notes.png"));
    QVERIFY(text.open(QIODevice::WriteOnly) && text.write("not a picture") > 0);
    text.close();
    PictureImportDialog dialog(pictures, m_data);
    QSignalSpy ready(&dialog, &PictureImportDialog::ready);
    QSignalSpy failed(&dialog, &PictureImportDialog::failed);
    dialog.start();
    QVERIFY(ready.wait(30000));
    QCOMPARE(failed.count(), 0);
    const QString folder = ready.first().at(0).toString();
    QCOMPARE(folder, PictureImportDialog::cacheFolderFor(pictures));
    const QString summary = ready.first().at(1).toString();
    QVERIFY2(summary.contains(QStringLiteral("as the test set: 30."))
                     && summary.contains(QStringLiteral("1 not a picture")),
             qPrintable(summary));
    const auto split = loadDataFolder(folder.toStdString());
    QVERIFY2(split.ok(), split.error().c_str());
    QCOMPARE(split->train.size(), std::size_t(50)); // the open data's training set, linked
    QCOMPARE(split->test.size(), std::size_t(30));
    QCOMPARE(split->test.label(0), 0);
    QCOMPARE(split->name, std::string("mine"));
    QVERIFY(QFileInfo(folder + QStringLiteral("/train-images-idx3-ubyte")).isSymLink());

    // Again, now with the imported folder as the open data: its training set stays the real one.
    PictureImportDialog again(pictures, folder);
    QSignalSpy readyAgain(&again, &PictureImportDialog::ready);
    again.start();
    QVERIFY(readyAgain.wait(30000));
    const auto reloaded = loadDataFolder(folder.toStdString());
    QVERIFY2(reloaded.ok(), reloaded.error().c_str());
    QCOMPARE(reloaded->train.size(), std::size_t(50));
}

// As the training set: the pictures become the training set of their own folder, beside the
// open data's test set; a test set alone (the Draw view's collection) is copied as one too.
void TestGuiPictureImport::picturesBecomeTheTrainingSet()
{
    const QString pictures = m_tmp.filePath(QStringLiteral("ours"));
    writePictures(pictures, 20);
    PictureImportDialog dialog(pictures, m_data);
    dialog.setTarget(ImportTarget::Train);
    QSignalSpy ready(&dialog, &PictureImportDialog::ready);
    dialog.start();
    QVERIFY(ready.wait(30000));
    const QString folder = ready.first().at(0).toString();
    QCOMPARE(folder, PictureImportDialog::cacheFolderFor(pictures, ImportTarget::Train));
    QVERIFY(folder != PictureImportDialog::cacheFolderFor(pictures));
    QVERIFY2(ready.first().at(1).toString().contains(QStringLiteral("as the training set: 20.")),
             qPrintable(ready.first().at(1).toString()));
    const auto split = loadDataFolder(folder.toStdString());
    QVERIFY2(split.ok(), split.error().c_str());
    QCOMPARE(split->train.size(), std::size_t(20));
    const auto open = loadDataFolder(m_data.toStdString());
    QCOMPARE(split->test.size(), open->test.size()); // the open data's test set, linked
    QVERIFY(QFileInfo(folder + QStringLiteral("/t10k-images-idx3-ubyte")).isSymLink());

    const QString testOnly = m_tmp.filePath(QStringLiteral("collected"));
    QVERIFY(QDir().mkpath(testOnly));
    const std::string t = testOnly.toStdString();
    QVERIFY(writeIdxImages(t + "/t10k-images-idx3-ubyte", syntheticImages(9, 5)).ok());
    QVERIFY(writeIdxLabels(t + "/t10k-labels-idx1-ubyte", syntheticLabels(9)).ok());
    PictureImportDialog collected(testOnly, m_data);
    collected.setTarget(ImportTarget::Train);
    QSignalSpy readyCollected(&collected, &PictureImportDialog::ready);
    collected.start();
    QVERIFY(readyCollected.wait(30000));
    const auto asTrain = loadDataFolder(readyCollected.first().at(0).toString().toStdString());
    QVERIFY2(asTrain.ok(), asTrain.error().c_str());
    QCOMPARE(asTrain->train.size(), std::size_t(9));
    QCOMPARE(asTrain->test.size(), open->test.size());
}

void TestGuiPictureImport::testSetAlone()
{
    const QString testOnly = m_tmp.filePath(QStringLiteral("test-only"));
    QVERIFY(QDir().mkpath(testOnly));
    const std::string t = testOnly.toStdString();
    QVERIFY(writeIdxImages(t + "/t10k-images-idx3-ubyte", syntheticImages(7, 3)).ok());
    QVERIFY(writeIdxLabels(t + "/t10k-labels-idx1-ubyte", syntheticLabels(7)).ok());
    QCOMPARE(PictureImportDialog::kindOf(testOnly), PictureImportDialog::FolderKind::TestSet);
    PictureImportDialog dialog(testOnly, m_data);
    QSignalSpy ready(&dialog, &PictureImportDialog::ready);
    dialog.start();
    QVERIFY(ready.wait(30000));
    const auto split = loadDataFolder(ready.first().at(0).toString().toStdString());
    QVERIFY2(split.ok(), split.error().c_str());
    QCOMPARE(split->train.size(), std::size_t(50));
    QCOMPARE(split->test.size(), std::size_t(7));
}

void TestGuiPictureImport::cancelWritesNothing()
{
    const QString pictures = m_tmp.filePath(QStringLiteral("many"));
    writePictures(pictures, 200);
    PictureImportDialog dialog(pictures, m_data);
    QSignalSpy ready(&dialog, &PictureImportDialog::ready);
    QSignalSpy failed(&dialog, &PictureImportDialog::failed);
    dialog.start();
    emit dialog.canceled(); // what the Cancel button sends
    // The worker stops after its current picture and writes nothing.
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning(), 30000);
    QCoreApplication::processEvents();
    const QString cache = PictureImportDialog::cacheFolderFor(pictures);
    QVERIFY(QDir(cache)
                    .entryList({QStringLiteral("*idx*")}, QDir::Files | QDir::Hidden | QDir::System)
                    .isEmpty());
    QCOMPARE(ready.count(), 0);
    QCOMPARE(failed.count(), 0);
}

QTEST_MAIN(TestGuiPictureImport)
#include "tst_guipictureimport.moc"
