// The classroom server on the loopback address: joining, and each kind of malformed or hostile
// input refused with an error while an honest student in the same run keeps getting answers.

#include "classroomstudent.h"

#include <classroommessage.h>
#include <classroomserver.h>
#include <pageorigin.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkInterface>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTest>
#include <QWebSocket>

#include <algorithm>
#include <memory>

using namespace bplab::classroom;
using namespace bplab::test;

class TestClassroomServer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void joinsWithTheCodeAndGetsAnswers();
    void offUntilStartedAndANewCodeEachStart();
    void pageIsServedAtTheRootOnly();
    void pathsOutsideThePageAreRefused();
    void dotDotIsRefused();
    void wrongCodeIsRefused();
    void staleCodeIsRefused();
    void badJsonIsRefused();
    void notAnObjectIsRefused();
    void missingTypeIsRefused();
    void unknownTypeIsRefused();
    void wrongFieldTypeIsRefused();
    void codeOfWrongLengthIsRefused();
    void unknownFieldIsRefused();
    void longNicknameIsRefused();
    void controlCharacterNicknameIsRefused();
    void drawingBeforeJoiningIsRefused();
    void strokeOutsideTheCanvasIsRefused();
    void strokeWithoutPairsIsRefused();
    void nonNumberCoordinateIsRefused();
    void tooManyPointsIsRefused();
    void tooManyStrokesIsRefused();
    void hugeFrameIsRefused();
    void binaryFrameIsRefused();
    void floodIsRefusedThenDropped();
    void silentClientIsDropped();
    void slowJoinIsDropped();
    void webSocketOnAnotherPathIsRefused();
    void classIsFullAtTheLimit();
    void secondJoinIsRefused();
    void refusalIsReportedOnce();
    void stopEndsEveryConnection();
    void answersTheQuestionOnceUntilTheReveal();
    void answerWithoutAQuestionIsRefused();
    void answerOutOfBoundsIsRefused();
    void anotherPagesSocketIsRefused_data();
    void anotherPagesSocketIsRefused();
    void anotherOriginIsLoggedOnce();
    void pageOriginNamesThisServer();
    void aRequestLabelsTheDrawingsSentForIt();
    void aDrawingForAnEndedRequestHasNoLabel();
    void badPromptIsRefused();
    void slowHttpClientIsClosed();
    void tooManyConnectionsAreClosed();

private:
    /** The honest student sends a drawing and gets its answer: the server still works. */
    void honestStillAnswered();
    /** Starts the server again with `limits` and the honest student joined anew. */
    void restart(const ClassroomServer::Limits &limits);
    /** A new connection that joined. */
    std::unique_ptr<Student> joined(const QString &nick = {});
    /** A connection that sent `message` and was answered with an error of `code`. */
    void expectError(const QJsonObject &message, const QString &code, bool joinFirst = true);
    void expectError(const QByteArray &frame, const QString &code, bool joinFirst = true);
    QByteArray httpGet(const QByteArray &path);

    std::unique_ptr<ClassroomServer> m_server;
    std::unique_ptr<Student> m_honest;
    int m_answered = 0;
    QList<int> m_labels; // each drawing's label, as the server gave it
};

void TestClassroomServer::init()
{
    m_server = std::make_unique<ClassroomServer>();
    ClassroomServer::Limits limits;
    limits.maxStudents = 6;
    m_server->setLimits(limits);
    // The app's part: every drawing is answered (here "3 at 90 %").
    connect(m_server.get(), &ClassroomServer::drawingReceived, this, [this](int id, const QString &, const QVector<ClassStroke> &s, int label) {
        QVERIFY(!s.isEmpty());
        m_labels.append(label);
        std::array<float, 10> p{};
        p.fill(0.1f / 9);
        p[3] = 0.9f;
        m_server->sendAnswer(id, 3, p, {});
    });
    QVERIFY(m_server->start(QHostAddress::LocalHost, 0));
    m_honest = joined(QStringLiteral("Honest"));
    QVERIFY(m_honest);
}

void TestClassroomServer::cleanup()
{
    m_honest.reset();
    m_server.reset();
}

std::unique_ptr<Student> TestClassroomServer::joined(const QString &nick)
{
    QUrl ws = m_server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/ws"));
    auto s = std::make_unique<Student>(ws);
    if (!s->waitOpen())
        return nullptr;
    s->send(join(m_server->code(), nick));
    if (s->waitFor(QStringLiteral("joined")).isEmpty())
        return nullptr;
    return s;
}

void TestClassroomServer::honestStillAnswered()
{
    m_honest->send(aDrawing());
    const QJsonObject a = m_honest->waitFor(QStringLiteral("answer"));
    QCOMPARE(a.value("digit").toInt(), 3);
    QCOMPARE(a.value("probabilities").toArray().size(), 10);
    QVERIFY(qAbs(a.value("probabilities").toArray().at(3).toDouble() - 0.9) < 1e-4);
}

void TestClassroomServer::expectError(const QByteArray &frame, const QString &code, bool joinFirst)
{
    std::unique_ptr<Student> s;
    if (joinFirst) {
        s = joined();
    } else {
        QUrl ws = m_server->url();
        ws.setScheme(QStringLiteral("ws"));
        ws.setPath(QStringLiteral("/ws"));
        s = std::make_unique<Student>(ws);
        QVERIFY(s->waitOpen());
    }
    QVERIFY(s);
    s->send(frame);
    const QJsonObject e = s->waitFor(QStringLiteral("error"));
    QCOMPARE(e.value("error").toString(), code);
    QVERIFY(!e.value("reason").toString().isEmpty());
    // Refused, not answered.
    QTest::qWait(30);
    QVERIFY(s->waitFor(QStringLiteral("answer"), 0).isEmpty());
    honestStillAnswered();
}

void TestClassroomServer::expectError(const QJsonObject &message, const QString &code, bool joinFirst)
{
    expectError(QJsonDocument(message).toJson(QJsonDocument::Compact), code, joinFirst);
}

QByteArray TestClassroomServer::httpGet(const QByteArray &path)
{
    // The server runs in this thread: wait with the event loop running, never blocking it.
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QByteArray reply;
    connect(&socket, &QTcpSocket::readyRead, &socket, [&] { reply += socket.readAll(); });
    connect(&socket, &QTcpSocket::connected, &socket, [&] {
        socket.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    });
    QElapsedTimer t;
    t.start();
    // A complete reply: its headers, and a body as long as Content-Length says.
    const auto complete = [&reply] {
        const qsizetype end = reply.indexOf("\r\n\r\n");
        if (end < 0)
            return false;
        const QByteArray headers = reply.left(end).toLower();
        const qsizetype at = headers.indexOf("content-length:");
        if (at < 0)
            return true;
        const qsizetype eol = headers.indexOf("\r\n", at);
        const int length = headers.mid(at + 15, eol < 0 ? -1 : eol - at - 15).trimmed().toInt();
        return reply.size() - end - 4 >= length;
    };
    while (t.elapsed() < 5000 && !complete() && (socket.state() != QAbstractSocket::UnconnectedState || t.elapsed() < 100))
        QTest::qWait(5);
    return reply;
}

void TestClassroomServer::joinsWithTheCodeAndGetsAnswers()
{
    QCOMPARE(m_server->studentCount(), 1);
    QCOMPARE(m_honest->received.first().value("nick").toString(), QStringLiteral("Honest"));
    auto second = joined();
    QVERIFY(second);
    QCOMPARE(m_server->studentCount(), 2);
    // Without a nickname the server names the student.
    QVERIFY(second->received.first().value("nick").toString().startsWith(QStringLiteral("Student ")));
    honestStillAnswered();
    QCOMPARE(m_server->url().toString(), QStringLiteral("http://127.0.0.1:%1/").arg(m_server->port()));
}

void TestClassroomServer::offUntilStartedAndANewCodeEachStart()
{
    ClassroomServer off;
    QVERIFY(!off.isRunning());
    QVERIFY(off.code().isEmpty());
    QVERIFY(off.url().isEmpty());
    QVERIFY(off.start(QHostAddress::LocalHost, 0));
    const QString first = off.code();
    QCOMPARE(first.size(), 6);
    for (QChar c : first)
        QVERIFY(c.isDigit());
    off.stop();
    QVERIFY(!off.isRunning());
    QVERIFY(off.start(QHostAddress::LocalHost, 0));
    QVERIFY(off.code() != first);
}

void TestClassroomServer::pageIsServedAtTheRootOnly()
{
    const QByteArray page = httpGet("/");
    QVERIFY2(page.startsWith("HTTP/1.1 200"), page.left(80).constData());
    QVERIFY(page.contains("<canvas id=\"canvas\""));
    QVERIFY(page.contains("Content-Security-Policy"));
    // No outside address anywhere in the page: nothing leaves the machine.
    QVERIFY(!page.contains("http://") && !page.contains("https://"));
    QVERIFY(httpGet("/classroom.js").startsWith("HTTP/1.1 200"));
    QVERIFY(httpGet("/classroom.css").startsWith("HTTP/1.1 200"));
    honestStillAnswered();
}

void TestClassroomServer::pathsOutsideThePageAreRefused()
{
    for (const QByteArray path : {"/etc/passwd", "/index.html", "/classroom/index.html", "/:/classroom/index.html",
                                  "/classroom.js/x", "/ws", "//etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"})
        QVERIFY2(httpGet(path).startsWith("HTTP/1.1 404"), path.constData());
    honestStillAnswered();
}

void TestClassroomServer::dotDotIsRefused()
{
    for (const QByteArray path : {"/../", "/../etc/passwd", "/../../../../etc/passwd", "/classroom.css/../../x"}) {
        const QByteArray reply = httpGet(path);
        // Refused as a bad request or as no such page; never a file.
        QVERIFY2(reply.startsWith("HTTP/1.1 4") && !reply.contains("root:"), reply.left(60).constData());
    }
    honestStillAnswered();
}

void TestClassroomServer::wrongCodeIsRefused()
{
    QUrl ws = m_server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/ws"));
    Student s(ws);
    QVERIFY(s.waitOpen());
    const QString wrong = QStringLiteral("%1").arg((m_server->code().toInt() + 1) % 1000000, 6, 10, QLatin1Char('0'));
    s.send(join(wrong));
    QCOMPARE(s.waitFor(QStringLiteral("refused")).value("reason").toString(), QStringLiteral("code"));
    QVERIFY(s.waitClosed());
    QVERIFY(s.waitFor(QStringLiteral("joined"), 0).isEmpty());
    QCOMPARE(m_server->studentCount(), 1);
    honestStillAnswered();
}

void TestClassroomServer::staleCodeIsRefused()
{
    const QString stale = m_server->code();
    m_honest.reset();
    m_server->stop();
    QVERIFY(m_server->start(QHostAddress::LocalHost, 0));
    m_honest = joined(QStringLiteral("Honest"));
    QVERIFY(m_honest);
    QUrl ws = m_server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/ws"));
    Student s(ws);
    QVERIFY(s.waitOpen());
    s.send(join(stale));
    QVERIFY(!s.waitFor(QStringLiteral("refused")).isEmpty());
    QVERIFY(s.waitClosed());
    honestStillAnswered();
}

void TestClassroomServer::badJsonIsRefused() { expectError(QByteArray("{\"type\": \"join\", "), QStringLiteral("json")); }
void TestClassroomServer::notAnObjectIsRefused() { expectError(QByteArray("[1, 2, 3]"), QStringLiteral("json")); }
void TestClassroomServer::missingTypeIsRefused() { expectError(QJsonObject{{"strokes", QJsonArray{}}}, QStringLiteral("type")); }
void TestClassroomServer::unknownTypeIsRefused() { expectError(QJsonObject{{"type", "exec"}}, QStringLiteral("type")); }

void TestClassroomServer::wrongFieldTypeIsRefused()
{
    expectError(QJsonObject{{"type", "join"}, {"code", 123456}}, QStringLiteral("field"), false);
    expectError(QJsonObject{{"type", "drawing"}, {"strokes", "1,2,3"}}, QStringLiteral("field"));
}

void TestClassroomServer::codeOfWrongLengthIsRefused()
{
    expectError(join(QStringLiteral("12345")), QStringLiteral("range"), false);
    expectError(join(QStringLiteral("1234567")), QStringLiteral("range"), false);
    expectError(join(QStringLiteral("12a456")), QStringLiteral("range"), false);
}

void TestClassroomServer::unknownFieldIsRefused()
{
    QJsonObject o = aDrawing();
    o.insert("path", "../../etc/passwd");
    expectError(o, QStringLiteral("field"));
}

void TestClassroomServer::longNicknameIsRefused()
{
    expectError(join(m_server->code(), QString(25, QLatin1Char('a'))), QStringLiteral("range"), false);
    QCOMPARE(m_server->studentCount(), 1);
    // 24 is the most.
    QVERIFY(joined(QString(24, QLatin1Char('b'))));
}

void TestClassroomServer::controlCharacterNicknameIsRefused()
{
    expectError(join(m_server->code(), QStringLiteral("Ann\x1b[2J")), QStringLiteral("range"), false);
    expectError(join(m_server->code(), QStringLiteral("   ")), QStringLiteral("range"), false);
}

void TestClassroomServer::drawingBeforeJoiningIsRefused() { expectError(aDrawing(), QStringLiteral("state"), false); }

void TestClassroomServer::strokeOutsideTheCanvasIsRefused()
{
    expectError(drawing(QJsonArray{QJsonArray{10, 10, 401, 20}}), QStringLiteral("range"));
    expectError(drawing(QJsonArray{QJsonArray{10, -1}}), QStringLiteral("range"));
    expectError(drawing(QJsonArray{QJsonArray{10, 1e300}}), QStringLiteral("range"));
}

void TestClassroomServer::strokeWithoutPairsIsRefused()
{
    expectError(drawing(QJsonArray{QJsonArray{10, 10, 20}}), QStringLiteral("field"));
    expectError(drawing(QJsonArray{QJsonArray{}}), QStringLiteral("field"));
    expectError(drawing(QJsonArray{}), QStringLiteral("range"));
}

void TestClassroomServer::nonNumberCoordinateIsRefused()
{
    expectError(drawing(QJsonArray{QJsonArray{10, "10"}}), QStringLiteral("field"));
    expectError(drawing(QJsonArray{QJsonArray{10, QJsonValue::Null}}), QStringLiteral("field"));
    expectError(drawing(QJsonArray{QJsonArray{10, QJsonArray{1}}}), QStringLiteral("field"));
}

void TestClassroomServer::tooManyPointsIsRefused()
{
    QJsonArray xy;
    for (int i = 0; i <= kMaxPoints; ++i)
        xy << i % 400 << 7;
    expectError(drawing(QJsonArray{xy}), QStringLiteral("range"));
}

void TestClassroomServer::tooManyStrokesIsRefused()
{
    QJsonArray strokes;
    for (int i = 0; i <= kMaxStrokes; ++i)
        strokes.append(QJsonArray{i, i});
    expectError(drawing(strokes), QStringLiteral("range"));
}

void TestClassroomServer::hugeFrameIsRefused()
{
    auto s = joined();
    QVERIFY(s);
    // Beyond the frame limit the socket refuses it with "message too big" (1009) and closes.
    s->send(QByteArray("{\"type\":\"drawing\",\"strokes\":[[") + QByteArray(200 * 1024, '1') + "]]}");
    QVERIFY(s->waitClosed());
    QCOMPARE(int(s->ws.closeCode()), int(QWebSocketProtocol::CloseCodeTooMuchData));
    QVERIFY(s->waitFor(QStringLiteral("answer"), 0).isEmpty());
    QCOMPARE(m_server->studentCount(), 1);
    honestStillAnswered();
    // Within the socket's limit but over the schema's: an error, the connection stays.
    QCOMPARE(parseClassMessage(QByteArray(kMaxFrameBytes + 1, ' ')).index(), std::variant_size_v<ClassMessage> - 1);
}

void TestClassroomServer::binaryFrameIsRefused()
{
    auto s = joined();
    QVERIFY(s);
    s->ws.sendBinaryMessage(QByteArray("\x00\x01\x02", 3));
    QCOMPARE(s->waitFor(QStringLiteral("error")).value("error").toString(), QStringLiteral("type"));
    honestStillAnswered();
}

void TestClassroomServer::floodIsRefusedThenDropped()
{
    auto s = joined();
    QVERIFY(s);
    for (int i = 0; i < 40; ++i)
        s->send(aDrawing());
    QCOMPARE(s->waitFor(QStringLiteral("error")).value("error").toString(), QStringLiteral("rate"));
    QVERIFY(s->waitClosed());
    QCOMPARE(s->waitFor(QStringLiteral("bye")).value("reason").toString(), QStringLiteral("flood"));
    // At most the burst was answered.
    int answers = 0;
    for (const QJsonObject &m : s->received)
        answers += m.value("type").toString() == QLatin1String("answer");
    QVERIFY2(answers <= 5, qPrintable(QString::number(answers)));
    honestStillAnswered();
}

void TestClassroomServer::silentClientIsDropped()
{
    ClassroomServer::Limits limits = m_server->limits();
    limits.silenceMs = 400;
    m_server->setLimits(limits);
    m_honest.reset();
    m_server->stop();
    QVERIFY(m_server->start(QHostAddress::LocalHost, 0));
    m_honest = joined(QStringLiteral("Honest"));
    auto silent = joined();
    QVERIFY(silent);
    QCOMPARE(m_server->studentCount(), 2);
    // The honest one beats (as the page does every 20 s); the silent one says nothing.
    for (int i = 0; i < 8; ++i) {
        m_honest->send(QJsonObject{{"type", "heartbeat"}});
        QTest::qWait(100);
    }
    QVERIFY(silent->waitClosed(3000));
    QCOMPARE(silent->waitFor(QStringLiteral("bye")).value("reason").toString(), QStringLiteral("silent"));
    QCOMPARE(m_server->studentCount(), 1);
    honestStillAnswered();
}

void TestClassroomServer::slowJoinIsDropped()
{
    ClassroomServer::Limits limits = m_server->limits();
    limits.joinMs = 300;
    m_server->setLimits(limits);
    m_honest.reset();
    m_server->stop();
    QVERIFY(m_server->start(QHostAddress::LocalHost, 0));
    m_honest = joined(QStringLiteral("Honest"));
    QUrl ws = m_server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/ws"));
    Student slow(ws);
    QVERIFY(slow.waitOpen());
    QVERIFY(slow.waitClosed(3000));
    QCOMPARE(slow.waitFor(QStringLiteral("bye")).value("reason").toString(), QStringLiteral("join"));
    honestStillAnswered();
}

void TestClassroomServer::webSocketOnAnotherPathIsRefused()
{
    QUrl ws = m_server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/"));
    Student s(ws);
    // Either the handshake is refused or the socket is closed at once; it never joins.
    if (s.waitOpen()) {
        s.send(join(m_server->code()));
        QVERIFY(s.waitClosed());
    }
    QVERIFY(s.waitFor(QStringLiteral("joined"), 100).isEmpty());
    QCOMPARE(m_server->studentCount(), 1);
    honestStillAnswered();
}

void TestClassroomServer::classIsFullAtTheLimit()
{
    std::vector<std::unique_ptr<Student>> class_;
    for (int i = 1; i < m_server->limits().maxStudents; ++i) {
        class_.push_back(joined());
        QVERIFY(class_.back());
    }
    QCOMPARE(m_server->studentCount(), m_server->limits().maxStudents);
    QUrl ws = m_server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/ws"));
    Student late(ws);
    QVERIFY(late.waitOpen());
    late.send(join(m_server->code()));
    QCOMPARE(late.waitFor(QStringLiteral("refused")).value("reason").toString(), QStringLiteral("full"));
    QVERIFY(late.waitClosed());
    QCOMPARE(m_server->studentCount(), m_server->limits().maxStudents);
    honestStillAnswered();
}

void TestClassroomServer::secondJoinIsRefused()
{
    m_honest->send(join(m_server->code()));
    QCOMPARE(m_honest->waitFor(QStringLiteral("error")).value("error").toString(), QStringLiteral("state"));
    QCOMPARE(m_server->studentCount(), 1);
    honestStillAnswered();
}

void TestClassroomServer::refusalIsReportedOnce()
{
    QSignalSpy refused(m_server.get(), &ClassroomServer::clientRefused);
    auto s = joined();
    QVERIFY(s);
    for (int i = 0; i < 3; ++i) {
        s->send(QByteArray("not json"));
        QCOMPARE(s->waitFor(QStringLiteral("error")).value("error").toString(), QStringLiteral("json"));
        QTest::qWait(250);
    }
    QCOMPARE(refused.size(), 1);
    QVERIFY(refused.first().first().toString().contains(QStringLiteral("not a JSON object")));
    honestStillAnswered();
    QCOMPARE(refused.size(), 1);
}

void TestClassroomServer::stopEndsEveryConnection()
{
    auto second = joined();
    QVERIFY(second);
    QSignalSpy running(m_server.get(), &ClassroomServer::runningChanged);
    const quint16 port = m_server->port();
    m_server->stop();
    QCOMPARE(running.size(), 1);
    QCOMPARE(running.first().first().toBool(), false);
    QVERIFY(m_honest->waitClosed());
    QVERIFY(second->waitClosed());
    QCOMPARE(m_honest->waitFor(QStringLiteral("bye")).value("reason").toString(), QStringLiteral("stopped"));
    QCOMPARE(m_server->studentCount(), 0);
    // Nothing listens any more.
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(!probe.waitForConnected(1000));
}

void TestClassroomServer::answersTheQuestionOnceUntilTheReveal()
{
    QSignalSpy responses(m_server.get(), &ClassroomServer::responseReceived);
    m_server->askQuestion(QStringLiteral("Which class will it predict?"), QStringLiteral("class"));
    const QJsonObject q = m_honest->waitFor(QStringLiteral("question"));
    QCOMPARE(q.value("text").toString(), QStringLiteral("Which class will it predict?"));
    QCOMPARE(q.value("kind").toString(), QStringLiteral("class"));
    // A student who joins later gets the open question with the join.
    auto late = joined(QStringLiteral("Late"));
    QVERIFY(late);
    QCOMPARE(late->waitFor(QStringLiteral("question")).value("kind").toString(), QStringLiteral("class"));
    m_honest->send(QJsonObject{{"type", "response"}, {"value", "7"}});
    QVERIFY(responses.wait(5000));
    QCOMPARE(responses.first().at(0).toString(), QStringLiteral("Honest"));
    QCOMPARE(responses.first().at(1).toString(), QStringLiteral("7"));
    // One answer a student and question.
    m_honest->send(QJsonObject{{"type", "response"}, {"value", "8"}});
    QCOMPARE(m_honest->waitFor(QStringLiteral("error")).value("error").toString(), QStringLiteral("state"));
    QCOMPARE(responses.size(), 1);
    m_server->revealQuestion(QStringLiteral("7"));
    QCOMPARE(m_honest->waitFor(QStringLiteral("reveal")).value("value").toString(), QStringLiteral("7"));
    QCOMPARE(late->waitFor(QStringLiteral("reveal")).value("value").toString(), QStringLiteral("7"));
    // After the reveal nobody answers any more.
    late->send(QJsonObject{{"type", "response"}, {"value", "7"}});
    QCOMPARE(late->waitFor(QStringLiteral("error")).value("error").toString(), QStringLiteral("state"));
    QCOMPARE(responses.size(), 1);
    honestStillAnswered();
}

void TestClassroomServer::answerWithoutAQuestionIsRefused()
{
    expectError(QJsonObject{{"type", "response"}, {"value", "7"}}, QStringLiteral("state"));
}

void TestClassroomServer::answerOutOfBoundsIsRefused()
{
    m_server->askQuestion(QStringLiteral("How large is it?"), QStringLiteral("number"));
    expectError(QJsonObject{{"type", "response"}, {"value", QString(17, QLatin1Char('9'))}}, QStringLiteral("range"));
    expectError(QJsonObject{{"type", "response"}, {"value", 7}}, QStringLiteral("field"));
    expectError(QJsonObject{{"type", "response"}, {"value", "\u0007"}}, QStringLiteral("range"));
}

void TestClassroomServer::anotherPagesSocketIsRefused_data()
{
    QTest::addColumn<QString>("origin");
    QTest::newRow("another site") << QStringLiteral("http://example.org");
    QTest::newRow("a name pointed at this computer") << QStringLiteral("http://class.example.org:PORT");
    QTest::newRow("another port here") << QStringLiteral("http://127.0.0.1:1");
    QTest::newRow("https") << QStringLiteral("https://127.0.0.1:PORT");
    QTest::newRow("a sandboxed or local file") << QStringLiteral("null");
    QTest::newRow("no origin (not a browser)") << QString();
}

void TestClassroomServer::anotherPagesSocketIsRefused()
{
    QFETCH(QString, origin);
    origin.replace(QStringLiteral("PORT"), QString::number(m_server->port()));
    QUrl ws = m_server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/ws"));
    Student s(ws, origin);
    // The handshake may finish, but the socket is refused before it can say anything.
    if (s.waitOpen()) {
        QCOMPARE(s.waitFor(QStringLiteral("error")).value("error").toString(), QStringLiteral("origin"));
        s.send(join(m_server->code()));
        QVERIFY(s.waitClosed());
    }
    QVERIFY(s.waitFor(QStringLiteral("joined"), 100).isEmpty());
    QCOMPARE(m_server->studentCount(), 1);
    honestStillAnswered();
}

void TestClassroomServer::anotherOriginIsLoggedOnce()
{
    QSignalSpy refused(m_server.get(), &ClassroomServer::clientRefused);
    QUrl ws = m_server->url();
    ws.setScheme(QStringLiteral("ws"));
    ws.setPath(QStringLiteral("/ws"));
    for (int i = 0; i < 3; ++i) {
        Student s(ws, QStringLiteral("http://example.org"));
        if (s.waitOpen())
            QVERIFY(s.waitClosed());
    }
    QCOMPARE(refused.size(), 1);
    QVERIFY(refused.first().first().toString().contains(QStringLiteral("example.org")));
    honestStillAnswered();
}

void TestClassroomServer::pageOriginNamesThisServer()
{
    const QHostAddress loopback(QHostAddress::LocalHost);
    QVERIFY(isPageOrigin(QStringLiteral("http://127.0.0.1:8765"), loopback, 8765));
    QVERIFY(isPageOrigin(QStringLiteral("http://localhost:8765"), loopback, 8765));
    QVERIFY(isPageOrigin(QStringLiteral("http://LOCALHOST:8765"), loopback, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://127.0.0.1:8766"), loopback, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://127.0.0.1"), loopback, 8765));
    QVERIFY(isPageOrigin(QStringLiteral("http://127.0.0.1"), loopback, 80));
    QVERIFY(!isPageOrigin(QStringLiteral("http://127.0.0.1:8765/page"), loopback, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://user@127.0.0.1:8765"), loopback, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("ws://127.0.0.1:8765"), loopback, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://localhost.example.org:8765"), loopback, 8765));
    // On a room's network: that address only, and never a name (it could point anywhere).
    const QHostAddress room(QStringLiteral("192.168.1.20"));
    QVERIFY(isPageOrigin(QStringLiteral("http://192.168.1.20:8765"), room, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://192.168.1.21:8765"), room, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://127.0.0.1:8765"), room, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://localhost:8765"), room, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://teacher.local:8765"), room, 8765));
    // On every network: any of this computer's addresses, and nobody else's.
    const QHostAddress any(QHostAddress::AnyIPv4);
    QVERIFY(isPageOrigin(QStringLiteral("http://127.0.0.1:8765"), any, 8765));
    for (const QHostAddress &own : QNetworkInterface::allAddresses())
        if (own.protocol() == QAbstractSocket::IPv4Protocol)
            QVERIFY2(isPageOrigin(QStringLiteral("http://%1:8765").arg(own.toString()), any, 8765), qPrintable(own.toString()));
    QVERIFY(!isPageOrigin(QStringLiteral("http://203.0.113.7:8765"), any, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("http://evil.example:8765"), any, 8765));
    QVERIFY(!isPageOrigin(QString(), loopback, 8765));
    QVERIFY(!isPageOrigin(QStringLiteral("null"), loopback, 8765));
}

void TestClassroomServer::aRequestLabelsTheDrawingsSentForIt()
{
    m_server->askForDigit(7);
    QCOMPARE(m_server->promptDigit(), 7);
    const QJsonObject prompt = m_honest->waitFor(QStringLiteral("prompt"));
    QCOMPARE(prompt.value("digit").toInt(), 7);
    const int id = prompt.value("id").toInt();
    QVERIFY(id > 0);
    // A student who joins later is asked too.
    auto late = joined(QStringLiteral("Late"));
    QVERIFY(late);
    QCOMPARE(late->waitFor(QStringLiteral("prompt")).value("id").toInt(), id);
    QJsonObject forIt = aDrawing();
    forIt.insert("prompt", id);
    m_labels.clear();
    late->send(forIt);
    QVERIFY(!late->waitFor(QStringLiteral("answer")).isEmpty());
    // Drawn freely while the request is open: not labelled, the student did not answer it.
    honestStillAnswered();
    QCOMPARE(m_labels, (QList<int>{7, -1}));
}

void TestClassroomServer::aDrawingForAnEndedRequestHasNoLabel()
{
    m_server->askForDigit(7);
    const int seven = m_honest->waitFor(QStringLiteral("prompt")).value("id").toInt();
    m_server->askForDigit(2);
    const QJsonObject two = m_honest->waitFor(QStringLiteral("prompt"));
    QCOMPARE(two.value("digit").toInt(), 2);
    m_labels.clear();
    QJsonObject late = aDrawing();
    late.insert("prompt", seven);
    m_honest->send(late);
    QVERIFY(!m_honest->waitFor(QStringLiteral("answer")).isEmpty());
    m_server->askForDigit(-1);
    QCOMPARE(m_server->promptDigit(), -1);
    const QJsonObject ended = m_honest->waitFor(QStringLiteral("prompt"));
    QCOMPARE(ended.value("digit").toInt(), -1);
    QJsonObject afterEnd = aDrawing();
    afterEnd.insert("prompt", two.value("id").toInt());
    m_honest->send(afterEnd);
    QVERIFY(!m_honest->waitFor(QStringLiteral("answer")).isEmpty());
    QCOMPARE(m_labels, (QList<int>{-1, -1}));
}

void TestClassroomServer::badPromptIsRefused()
{
    m_server->askForDigit(7);
    QJsonObject text = aDrawing();
    text.insert("prompt", "7");
    expectError(text, QStringLiteral("field"));
    QJsonObject fraction = aDrawing();
    fraction.insert("prompt", 1.5);
    expectError(fraction, QStringLiteral("field"));
    QJsonObject negative = aDrawing();
    negative.insert("prompt", -1);
    expectError(negative, QStringLiteral("range"));
}

void TestClassroomServer::restart(const ClassroomServer::Limits &limits)
{
    m_honest.reset();
    m_server->stop();
    m_server->setLimits(limits);
    QVERIFY(m_server->start(QHostAddress::LocalHost, 0));
    m_honest = joined(QStringLiteral("Honest"));
    QVERIFY(m_honest);
}

void TestClassroomServer::slowHttpClientIsClosed()
{
    ClassroomServer::Limits limits = m_server->limits();
    limits.httpMs = 600;
    restart(limits);
    // A request that never ends (a byte now and then), and a connection that says nothing.
    QTcpSocket slow, mute;
    slow.connectToHost(QHostAddress::LocalHost, m_server->port());
    mute.connectToHost(QHostAddress::LocalHost, m_server->port());
    QVERIFY(slow.waitForConnected(5000) && mute.waitForConnected(5000));
    slow.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 4000 && (slow.state() != QAbstractSocket::UnconnectedState || mute.state() != QAbstractSocket::UnconnectedState)) {
        if (slow.state() == QAbstractSocket::ConnectedState)
            slow.write("x");
        QTest::qWait(100);
    }
    QCOMPARE(slow.state(), QAbstractSocket::UnconnectedState);
    QCOMPARE(mute.state(), QAbstractSocket::UnconnectedState);
    QVERIFY(t.elapsed() >= 400); // not before their time
    // The student's WebSocket, older than that, is not an HTTP connection: it stays.
    QCOMPARE(m_honest->ws.state(), QAbstractSocket::ConnectedState);
    honestStillAnswered();
}

void TestClassroomServer::tooManyConnectionsAreClosed()
{
    ClassroomServer::Limits limits = m_server->limits();
    limits.maxOpenConnections = 6;
    limits.httpMs = 800;
    restart(limits);
    // The honest student holds one place; five silent connections take the others.
    std::vector<std::unique_ptr<QTcpSocket>> held;
    for (int i = 0; i < 5; ++i) {
        held.push_back(std::make_unique<QTcpSocket>());
        held.back()->connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(held.back()->waitForConnected(5000));
    }
    QTest::qWait(100);
    QTcpSocket extra;
    extra.connectToHost(QHostAddress::LocalHost, m_server->port());
    extra.waitForConnected(2000);
    extra.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QTRY_COMPARE_WITH_TIMEOUT(extra.state(), QAbstractSocket::UnconnectedState, 2000);
    QVERIFY(!extra.readAll().startsWith("HTTP/1.1 200"));
    // Once the silent ones are closed, the page answers again and a student joins.
    QTRY_VERIFY_WITH_TIMEOUT(std::all_of(held.begin(), held.end(), [](const auto &s) { return s->state() == QAbstractSocket::UnconnectedState; }), 5000);
    QVERIFY(httpGet("/").startsWith("HTTP/1.1 200"));
    QVERIFY(joined(QStringLiteral("Late")));
    honestStillAnswered();
}

QTEST_GUILESS_MAIN(TestClassroomServer)
#include "tst_classroomserver.moc"
