// The classroom in the window: --classroom's start, a student's drawing answered on the weights
// the views show with the Draw view's preprocessing, the Class view's mosaic, labels, removal and
// the class collection, File > Classroom, and stopping.

#include "../app/gui/guifixtures.h"

#include <classpanel.h>
#include <classroomsession.h>
#include <classroomui.h>
#include <drawnstore.h>
#include <drawview.h>
#include <probabilitybars.h>
#include <nn/networkeval.h>
#include <panelregistry.h>
#include <panelui.h>
#include <preprocess.h>

#include <QComboBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QWebSocket>

using namespace bplab;

class TestGuiClassroom : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aDrawingIsAnsweredAsTheDrawViewWould();
    void labelRemoveAndCollect();
    void theClassViewIsAPanelOfTheRegistry();
    void answersAreHiddenUntilTheReveal();
    void aRequestForADigitLabelsTheDrawings();
    void theMosaicMakesOnlyTheNewCells();
    void stoppingClosesTheClassroom();

private:
    QJsonObject send(const QJsonObject &message, const QString &reply);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    ClassroomUi *m_ui = nullptr;
    std::unique_ptr<QWebSocket> m_student;
    QList<QJsonObject> m_received;
};

namespace {

/** A 3 in the page's canvas units, as tst_classroompage.py draws it. */
QJsonArray aThree()
{
    const double f[][2] = {{0.30, 0.22}, {0.42, 0.15}, {0.58, 0.15}, {0.68, 0.24}, {0.66, 0.36}, {0.55, 0.45}, {0.45, 0.48},
                           {0.57, 0.50}, {0.69, 0.60}, {0.70, 0.72}, {0.60, 0.83}, {0.45, 0.86}, {0.30, 0.80}};
    QJsonArray xy;
    for (const auto &p : f)
        xy << qRound(p[0] * 400) << qRound(p[1] * 400);
    return QJsonArray{xy};
}

} // namespace

void TestGuiClassroom::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString data = m_dir.filePath(QStringLiteral("data"));
    QVERIFY(QDir().mkpath(data));
    QVERIFY(test::writeSyntheticDataset(data, 200, 50).isEmpty());
    m_window = std::make_unique<MainWindow>();
    test::showOnData(*m_window, data);
    QVERIFY(!QTest::currentTestFailed());
    m_ui = classroomOf(m_window.get());
    QVERIFY(m_ui);
    QVERIFY(!m_ui->session()->server()->isRunning()); // off until started
    QVERIFY(!m_ui->dock()->isVisible());
    QVERIFY(m_ui->start(QHostAddress::LocalHost, 0));
    QVERIFY(m_ui->dock()->isVisible());
    const auto *server = m_ui->session()->server();
    QVERIFY(m_ui->panel()->findChild<QLabel *>(QStringLiteral("classCode"))->text().contains(server->code()));
    QVERIFY(m_ui->panel()->findChild<QLabel *>(QStringLiteral("classAddress"))->text().contains(server->url().toString()));
    QVERIFY(!m_ui->panel()->findChild<QLabel *>(QStringLiteral("classQrCode"))->pixmap().isNull());

    // A browser says which page opened the socket: the class's own.
    m_student = std::make_unique<QWebSocket>(server->url().toString(QUrl::RemovePath));
    connect(m_student.get(), &QWebSocket::textMessageReceived, this,
            [this](const QString &t) { m_received.append(QJsonDocument::fromJson(t.toUtf8()).object()); });
    QUrl ws = server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/ws"));
    QSignalSpy connected(m_student.get(), &QWebSocket::connected);
    m_student->open(ws);
    QVERIFY(connected.wait(5000));
    QCOMPARE(send({{"type", "join"}, {"code", server->code()}, {"nick", "Ada"}}, QStringLiteral("joined")).value("nick").toString(),
             QStringLiteral("Ada"));
    QTRY_VERIFY(m_ui->panel()->findChild<QLabel *>(QStringLiteral("classJoined"))->text().startsWith(QLatin1Char('1')));
}

QJsonObject TestGuiClassroom::send(const QJsonObject &message, const QString &reply)
{
    const qsizetype before = m_received.size();
    m_student->sendTextMessage(QString::fromUtf8(QJsonDocument(message).toJson(QJsonDocument::Compact)));
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 5000) {
        for (qsizetype i = before; i < m_received.size(); ++i)
            if (m_received[i].value("type").toString() == reply)
                return m_received[i];
        QTest::qWait(5);
    }
    return {};
}

void TestGuiClassroom::aDrawingIsAnsweredAsTheDrawViewWould()
{
    const QJsonObject answer = send({{"type", "drawing"}, {"strokes", aThree()}}, QStringLiteral("answer"));
    QVERIFY(!answer.isEmpty());
    // The Draw view's way: its canvas's strokes, its preprocessing, the weights it shows.
    auto *draw = static_cast<DrawView *>(m_window->page(MainWindow::View::Draw));
    std::vector<Stroke> strokes(1);
    const QJsonArray xy = aThree().first().toArray();
    for (qsizetype i = 0; i < xy.size(); i += 2)
        strokes[0].push_back({float(xy[i].toDouble()), float(xy[i + 1].toDouble()), DrawCanvas::kDefaultPenWidth});
    draw->canvas()->setStrokes(strokes);
    draw->refresh();
    QVERIFY(draw->bars()->hasProbabilities());
    std::array<float, 10> expected{};
    for (int k = 0; k < 10; ++k)
        expected[std::size_t(k)] = draw->bars()->probability(k);
    const int digit = draw->bars()->topClass();
    QCOMPARE(answer.value("digit").toInt(), digit);
    const QJsonArray p = answer.value("probabilities").toArray();
    QCOMPARE(p.size(), 10);
    for (int d = 0; d < 10; ++d)
        QVERIFY2(qAbs(p[d].toDouble() - double(expected[std::size_t(d)])) < 1e-4, qPrintable(QString::number(d)));
    // The Class view shows it with the same answer (the mosaic follows a few times a second).
    QTRY_COMPARE(m_ui->panel()->drawings().size(), 1);
    const ClassDrawingCell cell = m_ui->panel()->drawings().first();
    QCOMPARE(cell.digit, digit);
    QCOMPARE(cell.nick, QStringLiteral("Ada"));
    QVERIFY(qAbs(cell.confidence - expected[std::size_t(digit)]) < 1e-6);
    QVERIFY(!cell.picture.isNull());
}

void TestGuiClassroom::labelRemoveAndCollect()
{
    // A second drawing, a joke to remove.
    QVERIFY(!send({{"type", "drawing"}, {"strokes", QJsonArray{QJsonArray{20, 20, 380, 380}}}}, QStringLiteral("answer")).isEmpty());
    ClassPanel *panel = m_ui->panel();
    QTRY_COMPARE(panel->drawings().size(), 2);
    const int three = panel->drawings()[0].id, joke = panel->drawings()[1].id;
    auto *collect = panel->findChild<QPushButton *>(QStringLiteral("classCollect"));
    QVERIFY(!collect->isEnabled()); // nothing labelled yet
    panel->selectId(joke);
    panel->findChild<QPushButton *>(QStringLiteral("classRemove"))->click();
    QCOMPARE(panel->drawings().size(), 1);
    QCOMPARE(panel->drawings()[0].id, three);
    emit panel->labelRequested(three, 3);
    QCOMPARE(panel->drawings()[0].label, 3);
    QVERIFY(ClassPanel::cellText(panel->drawings()[0]).contains(panel->drawings()[0].digit == 3 ? QStringLiteral("right")
                                                                                                : QStringLiteral("wrong: 3")));
    QVERIFY(collect->isEnabled());
    // The Draw view's collection: its IDX files and pictures/<label>/.
    const QString folder = m_dir.filePath(QStringLiteral("collected"));
    static_cast<DrawView *>(m_window->page(MainWindow::View::Draw))->setKeepFolder(folder);
    collect->click();
    QCOMPARE(keptDigitCounts(folder)[3], 1);
    QCOMPARE(QDir(folder + QStringLiteral("/pictures/3")).entryList(QDir::Files).size(), 1);
    QVERIFY(panel->drawings().isEmpty()); // added, so no longer waiting here
    if (const QByteArray shots = qgetenv("BPLAB_CLASSROOM_SHOTS"); !shots.isEmpty()) {
        // The picture of the Class view with drawings in it.
        for (int i = 0; i < 5; ++i) {
            QVERIFY(!send({{"type", "drawing"}, {"strokes", aThree()}}, QStringLiteral("answer")).isEmpty());
            QTest::qWait(210); // within the five messages a second
        }
        emit panel->labelRequested(panel->drawings()[1].id, 8);
        QDir().mkpath(QString::fromLocal8Bit(shots));
        m_window->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/class-view-window.png"));
    }
}

void TestGuiClassroom::theClassViewIsAPanelOfTheRegistry()
{
    QVERIFY(PanelUi::exportNames().contains(QStringLiteral("class")));
    if (m_ui->panel()->drawings().isEmpty()) {
        QVERIFY(!send({{"type", "drawing"}, {"strokes", aThree()}}, QStringLiteral("answer")).isEmpty());
        QTRY_VERIFY(!m_ui->panel()->drawings().isEmpty());
    }
    const std::optional<PanelExport> e = m_window->panels()->exportNamed(QStringLiteral("class"));
    QVERIFY(e);
    const QByteArray text = e->data(ExportFormat::Json);
    const QJsonObject json = QJsonDocument::fromJson(text).object();
    QCOMPARE(json.value("joined").toInt(), 1);
    // How many joined first, then each drawing's members in the order its cell reads.
    QVERIFY2(text.startsWith("{\n    \"joined\": 1,\n    \"drawings\": ["), text.left(60).constData());
    qsizetype at = 0;
    for (const char *key : {"id", "nick", "digit", "confidence", "label"}) {
        const qsizetype next = text.indexOf(QByteArray("\"") + key + "\":", at);
        QVERIFY2(next > at, key);
        at = next;
    }
    QCOMPARE(json.value("drawings").toArray().size(), m_ui->panel()->drawings().size());
    const PanelRegistry::Panel *p = m_window->panels()->registry()->find(QStringLiteral("class"));
    QVERIFY(p && p->widget == m_ui->panel() && p->spotlight);
    QCOMPARE(m_ui->panel()->accessibleName(), PanelRegistry::name(*p));
}

void TestGuiClassroom::answersAreHiddenUntilTheReveal()
{
    ClassroomSession *session = m_ui->session();
    QSignalSpy given(session, &ClassroomSession::responseGiven);
    session->ask(QStringLiteral("Which class?"), QStringLiteral("class"));
    m_student->sendTextMessage(QStringLiteral(R"({"type":"response","value":"7"})"));
    QTRY_COMPARE(given.size(), 1);
    QCOMPARE(given.first().first().toString(), QStringLiteral("7"));
    auto *label = m_ui->panel()->findChild<QLabel *>(QStringLiteral("classResponses"));
    QVERIFY(label->isVisibleTo(m_ui->panel()));
    QVERIFY(label->text().contains(QStringLiteral("1 answer")));
    QVERIFY2(!label->text().contains(QStringLiteral("7")), qPrintable(label->text())); // hidden until the reveal
    // Nothing of the answers is in the widget tree before the reveal.
    QVERIFY(!m_ui->panel()->findChild<QTableWidget *>(QStringLiteral("classHistogram")));
    session->reveal(QStringLiteral("3"));
    auto *table = m_ui->panel()->findChild<QTableWidget *>(QStringLiteral("classHistogram"));
    QVERIFY(table);
    QVERIFY(label->text().contains(QStringLiteral("The answer: 3")));
    QVERIFY2(!label->text().contains(QChar(0x2588)), qPrintable(label->text())); // the bars are the table's
    QVERIFY(m_ui->panel()->responsesText().contains(QStringLiteral("7  ")));
    // The histogram as text: answer, count and a bar, each cell spoken as a sentence.
    QVERIFY(table->isVisibleTo(m_ui->panel()));
    QCOMPARE(table->rowCount(), 1);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("7"));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("1"));
    QVERIFY(table->item(0, 2)->text().startsWith(QChar(0x2588)));
    QCOMPARE(table->item(0, 2)->data(Qt::AccessibleTextRole).toString(), QStringLiteral("7: 1 of 1 students (100 %)"));
    QVERIFY(table->accessibleDescription().contains(QStringLiteral("7: 1 of 1 students")));
    // A second answer, the right one: its row is marked and its bar is as long as the first's.
    m_ui->panel()->setResponses(QStringLiteral("Which class?"), {{QStringLiteral("3"), 2}, {QStringLiteral("7"), 1}}, true,
                                QStringLiteral("3"));
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("3 (right)"));
    QCOMPARE(table->item(0, 2)->text().size(), 12);
    QCOMPARE(table->item(1, 2)->text().size(), 6);
    QCOMPARE(table->item(0, 1)->data(Qt::AccessibleTextRole).toString(),
             QStringLiteral("3: 2 of 3 students (67 %), the right answer"));
    if (const QByteArray shots = qgetenv("BPLAB_CLASSROOM_SHOTS"); !shots.isEmpty()) {
        QDir().mkpath(QString::fromLocal8Bit(shots));
        m_window->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/class-view-histogram.png"));
    }
    session->ask({}, {});
    QVERIFY(!label->isVisibleTo(m_ui->panel()));
    QVERIFY(!m_ui->panel()->findChild<QTableWidget *>(QStringLiteral("classHistogram")));
}

void TestGuiClassroom::aRequestForADigitLabelsTheDrawings()
{
    ClassPanel *panel = m_ui->panel();
    auto *digit = panel->findChild<QComboBox *>(QStringLiteral("classPromptDigit"));
    auto *ask = panel->findChild<QPushButton *>(QStringLiteral("classPrompt"));
    auto *shown = panel->findChild<QLabel *>(QStringLiteral("classPromptText"));
    QVERIFY(digit && ask && shown);
    QVERIFY(!shown->isVisibleTo(panel));
    digit->setCurrentIndex(digit->findData(7));
    const qsizetype before = m_received.size();
    ask->click();
    QCOMPARE(panel->prompt(), 7);
    QVERIFY(shown->isVisibleTo(panel));
    QVERIFY(shown->text().contains(QLatin1Char('7')));
    QTRY_VERIFY(m_received.size() > before && m_received.last().value("type").toString() == QStringLiteral("prompt"));
    const QJsonObject prompt = m_received.last();
    QCOMPARE(prompt.value("digit").toInt(), 7);
    // The drawing sent for it carries its label into the mosaic and the collection.
    const qsizetype drawings = panel->drawings().size();
    QVERIFY(!send({{"type", "drawing"}, {"strokes", aThree()}, {"prompt", prompt.value("id").toInt()}}, QStringLiteral("answer")).isEmpty());
    QTRY_COMPARE(panel->drawings().size(), drawings + 1);
    const ClassDrawingCell cell = panel->drawings().last();
    QCOMPARE(cell.label, 7);
    QVERIFY(ClassPanel::cellText(cell).contains(cell.digit == 7 ? QStringLiteral("right") : QStringLiteral("wrong: 7")));
    QVERIFY(panel->findChild<QPushButton *>(QStringLiteral("classCollect"))->isEnabled());
    if (const QByteArray shots = qgetenv("BPLAB_CLASSROOM_SHOTS"); !shots.isEmpty()) {
        QDir().mkpath(QString::fromLocal8Bit(shots));
        m_window->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/class-view-request.png"));
    }
    const QString folder = m_dir.filePath(QStringLiteral("asked"));
    static_cast<DrawView *>(m_window->page(MainWindow::View::Draw))->setKeepFolder(folder);
    panel->findChild<QPushButton *>(QStringLiteral("classCollect"))->click();
    QCOMPARE(keptDigitCounts(folder)[7], 1);
    // The same button ends the request.
    ask->click();
    QCOMPARE(panel->prompt(), -1);
    QCOMPARE(m_ui->session()->server()->promptDigit(), -1);
    QVERIFY(!shown->isVisibleTo(panel));
    QTRY_COMPARE(m_received.last().value("digit").toInt(), -1);
}

void TestGuiClassroom::theMosaicMakesOnlyTheNewCells()
{
    // A class sends dozens of drawings a second: the cells already shown are kept, not made again.
    ClassPanel *panel = m_ui->panel();
    auto *mosaic = panel->findChild<QListWidget *>(QStringLiteral("classMosaic"));
    QVERIFY(mosaic);
    const qsizetype before = panel->drawings().size();
    QVERIFY(!send({{"type", "drawing"}, {"strokes", aThree()}}, QStringLiteral("answer")).isEmpty());
    QTRY_COMPARE(mosaic->count(), int(before + 1));
    mosaic->item(0)->setData(Qt::UserRole + 1, QStringLiteral("kept"));
    QTest::qWait(210); // within the five messages a second
    QVERIFY(!send({{"type", "drawing"}, {"strokes", aThree()}}, QStringLiteral("answer")).isEmpty());
    QTRY_COMPARE(mosaic->count(), int(before + 2));
    QCOMPARE(mosaic->item(0)->data(Qt::UserRole + 1).toString(), QStringLiteral("kept"));
    QCOMPARE(mosaic->item(int(before + 1))->data(Qt::UserRole).toInt(), panel->drawings().last().id);
    // A label remakes its cell only, at once.
    const int first = panel->drawings().first().id;
    emit panel->labelRequested(first, 1);
    QVERIFY(mosaic->item(0)->text().contains(panel->drawings().first().digit == 1 ? QStringLiteral("right") : QStringLiteral("wrong: 1")));
}

void TestGuiClassroom::stoppingClosesTheClassroom()
{
    QSignalSpy closed(m_student.get(), &QWebSocket::disconnected);
    m_ui->stop();
    QVERIFY(closed.wait(5000) || m_student->state() == QAbstractSocket::UnconnectedState);
    QVERIFY(!m_ui->session()->server()->isRunning());
    QVERIFY(!m_ui->panel()->findChild<QLabel *>(QStringLiteral("classCode"))->isVisibleTo(m_ui->panel()));
    QVERIFY(m_ui->panel()->findChild<QLabel *>(QStringLiteral("classJoined"))->text().startsWith(QLatin1Char('0')));
    // A new start has a new code.
    const QString before = m_ui->session()->server()->code();
    QVERIFY(m_ui->start(QHostAddress::LocalHost, 0));
    QVERIFY(m_ui->session()->server()->code() != before);
    m_ui->stop();
}

QTEST_MAIN(TestGuiClassroom)
#include "tst_guiclassroom.moc"
