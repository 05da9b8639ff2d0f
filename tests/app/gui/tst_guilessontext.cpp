// Following a lesson's text gives what the text says: a step that speaks of a view shows it so
// (lesson 6's "most confident mistakes" are in the gallery before anyone clicks a cell), and a run
// the class adds beside a lesson's runs trains as long as they do (lesson 9, step 8: "it too climbs
// past the linear model" needs its 15 epochs, lesson 8, step 4 its 10). The lessons' "sample" is a
// small synthetic set.

#include "guifixtures.h"

#include <comparepage.h>
#include <compareview.h>
#include <gallerypanel.h>
#include <lessonrunner.h>
#include <mainwindow.h>
#include "lessonui.h"
#include <mistakespage.h>
#include <mistakesview.h>

#include <QDir>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace bplab;

class TestGuiLessonText : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void mistakesStepShowsTheMostConfidentMistakes();
    void addedRunTrainsAsLongAsTheLessons_data();
    void addedRunTrainsAsLongAsTheLessons();

private:
    static QString lesson(const QString &name) { return QDir(QStringLiteral(BPLAB_LESSONS_DIR)).filePath(name); }
    void waitForData();

    QTemporaryDir m_home;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiLessonText::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("XDG_DATA_HOME", m_home.path().toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", m_home.filePath(QStringLiteral("config")).toLocal8Bit());
    const QString sample = m_home.filePath(QStringLiteral("backprop-lab/sample"));
    QVERIFY(QDir().mkpath(sample));
    const QString error = test::writeSyntheticDataset(sample, 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiLessonText::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
}

void TestGuiLessonText::cleanup()
{
    m_window.reset();
}

void TestGuiLessonText::waitForData()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::NoData
                                     && m_window->controller()->state() != TrainingState::Loading,
                             10000 * BPLAB_TEST_SLOWDOWN);
}

void TestGuiLessonText::mistakesStepShowsTheMostConfidentMistakes()
{
    // Lesson 6, step 6: "The Mistakes view shows the test digits it misreads after 100 epochs, the
    // most confident mistakes first."
    QVERIFY(m_window->lessons()->open(lesson(QStringLiteral("06-overfitting.json")), 5).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    QVERIFY(QString::fromStdString(runner->lesson()->steps[5].text).contains(QStringLiteral("most confident mistakes")));
    waitForData();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->controller()->stepCount(), std::uint64_t(800), 60000 * BPLAB_TEST_SLOWDOWN);
    QTRY_COMPARE(m_window->view(), MainWindow::View::Mistakes);
    QWidget *page = m_window->page(MainWindow::View::Mistakes);
    QTRY_VERIFY_WITH_TIMEOUT(mistakesPageIsCurrent(page), 30000 * BPLAB_TEST_SLOWDOWN);
    GalleryPanel *gallery = page->findChild<MistakesView *>()->gallery();
    QTRY_COMPARE(gallery->title(), QStringLiteral("Most confident mistakes"));
}

void TestGuiLessonText::addedRunTrainsAsLongAsTheLessons_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("epochs");
    QTest::newRow("09, step 8") << QStringLiteral("09-why-a-hidden-layer.json") << 7 << 15;
    QTest::newRow("08, step 4") << QStringLiteral("08-how-wide.json") << 3 << 10;
}

void TestGuiLessonText::addedRunTrainsAsLongAsTheLessons()
{
    QFETCH(QString, file);
    QFETCH(int, step);
    QFETCH(int, epochs);
    QVERIFY(m_window->lessons()->open(lesson(file), step).isEmpty());
    waitForData();
    auto *view = qobject_cast<CompareView *>(m_window->page(MainWindow::View::Compare));
    QTRY_VERIFY(!view->rows().isEmpty());
    // What the step asks the class to type (a width, an activation), then Add run.
    auto *widths = view->findChild<QLineEdit *>(QStringLiteral("compareHidden"));
    widths->setText(QStringLiteral("128"));
    const std::optional<CompareChoice> added = view->formChoice();
    QVERIFY(added);
    QCOMPARE(added->epochs, epochs);
    QCOMPARE(added->lr, 0.1);
    QCOMPARE(view->findChild<QSpinBox *>(QStringLiteral("compareEpochs"))->value(), epochs);
}

QTEST_MAIN(TestGuiLessonText)
#include "tst_guilessontext.moc"
