// The first-run page (the error page with the data choices): which choices it offers, what each
// asks for, and in the window: choosing the offline sample loads it and is remembered; a damaged
// folder's error is shown on the page as the IDX reader reports it.

#include "guifixtures.h"
#include "appsettings.h"
#include "datasetcatalog.h"
#include "errorpage.h"
#include "mainwindow.h"
#include "trainingcontroller.h"

#include <QCommandLinkButton>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab;

class TestFirstRun : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void choicesFollowWhatIsInstalled();
    void buttonsAskForTheirChoice();
    void windowLoadsAndRemembersTheSample();
    void damagedFolderErrorOnThePage();

private:
    QTemporaryDir m_home;
    QString sampleFolder() const { return m_home.filePath(QStringLiteral("backprop-lab/sample")); }
    /** Writes the offline sample unless an earlier test function has. */
    void installSample() const
    {
        if (QFileInfo::exists(QDir(sampleFolder()).filePath(QStringLiteral("train-images-idx3-ubyte"))))
            return;
        QVERIFY(QDir().mkpath(sampleFolder()));
        QVERIFY(test::writeSyntheticDataset(sampleFolder(), 40, 20).isEmpty());
    }
};

void TestFirstRun::initTestCase()
{
    QVERIFY(m_home.isValid());
    // The app's data folder (and so the offline sample) lives under XDG_DATA_HOME.
    qputenv("XDG_DATA_HOME", m_home.path().toLocal8Bit());
    qunsetenv("BPLAB_DATA");
    test::useOwnSettings(m_home.path());
    QVERIFY(QSettings().fileName().startsWith(m_home.path()));
    QCoreApplication::setOrganizationName(QStringLiteral("BackpropLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_firstrun"));
    QSettings().clear();
}

void TestFirstRun::choicesFollowWhatIsInstalled()
{
    ErrorPage page;
    QVERIFY(page.sampleButton()->isHidden());
    QVERIFY(!page.downloadButton()->isHidden());
    QVERIFY(!page.openButton()->isHidden());
    QVERIFY(page.downloadButton()->text().contains(QStringLiteral("11 MB")));
    QCOMPARE(page.fashionButton()->isHidden(), installedDataset(KnownDataset::Fashion).isEmpty());

    installSample();
    page.setError(QStringLiteral("t"), QStringLiteral("m"), QStringLiteral("a"));
    QVERIFY(!page.sampleButton()->isHidden());
}

void TestFirstRun::buttonsAskForTheirChoice()
{
    ErrorPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy chosen(&page, &ErrorPage::folderChosen);
    QSignalSpy download(&page, &ErrorPage::downloadRequested);
    QSignalSpy open(&page, &ErrorPage::openFolderRequested);
    QTest::mouseClick(page.sampleButton(), Qt::LeftButton);
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toString(), QFileInfo(sampleFolder()).canonicalFilePath());
    QTest::mouseClick(page.downloadButton(), Qt::LeftButton);
    QCOMPARE(download.count(), 1);
    QTest::mouseClick(page.openButton(), Qt::LeftButton);
    QCOMPARE(open.count(), 1);
    QCOMPARE(chosen.count(), 1);
}

void TestFirstRun::windowLoadsAndRemembersTheSample()
{
    installSample(); // the function also runs alone
    MainWindow window;
    QCOMPARE(window.loadSettings(), QString());
    window.show();
    window.showDataError(QStringLiteral("looked in: nowhere"));
    QVERIFY(window.showsError());
    QCOMPARE(window.errorPage()->title(), QStringLiteral("Choose the data to learn from"));
    QVERIFY(window.errorPage()->isVisible());
    QTest::mouseClick(window.errorPage()->sampleButton(), Qt::LeftButton);
    QTRY_COMPARE(window.controller()->state(), TrainingState::Paused);
    QVERIFY(!window.showsError());
    // The next start uses it.
    QCOMPARE(readLastDataset(QSettings()), QFileInfo(sampleFolder()).canonicalFilePath());
    window.close();
}

void TestFirstRun::damagedFolderErrorOnThePage()
{
    QTemporaryDir bad;
    QVERIFY(test::writeSyntheticDataset(bad.path(), 30, 10).isEmpty());
    QFile labels(bad.filePath(QStringLiteral("t10k-labels-idx1-ubyte")));
    QVERIFY(labels.open(QIODevice::ReadWrite));
    QVERIFY(labels.resize(8 + 4)); // the header promises 10 labels
    labels.close();
    MainWindow window;
    window.show();
    window.openData(bad.path());
    QTRY_VERIFY(window.showsError());
    const QString message = window.errorPage()->message();
    QVERIFY2(message.contains(QStringLiteral("t10k-labels-idx1-ubyte")), qPrintable(message));
    // The choices stay on the page.
    QVERIFY(window.errorPage()->openButton()->isVisible());
    QVERIFY(window.errorPage()->downloadButton()->isVisible());
}

QTEST_MAIN(TestFirstRun)
#include "tst_firstrun.moc"
