// The classroom's replies as the page receives them: one line of JSON each, "type" first and the
// other members in the order the schema lists them, text escaped.

#include <classroommessage.h>

#include <QTest>

#include <array>

using namespace bplab::classroom;

class TestClassroomMessage : public QObject
{
    Q_OBJECT

private slots:
    void repliesKeepTheirMembersInOrder();
};

void TestClassroomMessage::repliesKeepTheirMembersInOrder()
{
    // "type" first, as the page reads a message; the rest in the order the schema lists them.
    std::array<float, 10> p{};
    p[3] = 0.87654f;
    p[5] = 1.f - 0.87654f;
    QCOMPARE(answerReply(4, 3, p, QStringLiteral("faint")),
             QByteArray(R"({"type":"answer","id":4,"digit":3,"probabilities":[0,0,0,0.8765,0,0.1235,0,0,0,0],"note":"faint"})"));
    // A quote in a nickname is escaped.
    QCOMPARE(joinedReply(QStringLiteral("Ada \"A\"")), QByteArray("{\"type\":\"joined\",\"nick\":\"Ada \\\"A\\\"\"}"));
    QCOMPARE(errorReply({QStringLiteral("range"), QStringLiteral("off the canvas")}),
             QByteArray(R"({"type":"error","error":"range","reason":"off the canvas"})"));
    QCOMPARE(questionMessage(2, QStringLiteral("Which class?"), QStringLiteral("class")),
             QByteArray(R"({"type":"question","id":2,"text":"Which class?","kind":"class"})"));
    QCOMPARE(promptMessage(5, 7), QByteArray(R"({"type":"prompt","id":5,"digit":7})"));
    QCOMPARE(revealMessage(2, QStringLiteral("3")), QByteArray(R"({"type":"reveal","id":2,"value":"3"})"));
    QCOMPARE(byeReply(QStringLiteral("stopped")), QByteArray(R"({"type":"bye","reason":"stopped"})"));
    QCOMPARE(refusedReply(QStringLiteral("full")), QByteArray(R"({"type":"refused","reason":"full"})"));
}

QTEST_GUILESS_MAIN(TestClassroomMessage)
#include "tst_classroommessage.moc"
