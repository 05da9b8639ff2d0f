// The bounded JSON reader (nlohmann-json underneath) under hostile input: every refusal names
// where and what, in the words of the reader it replaced.

#include "io/json.h"

#include <QtTest>

#include <string>

using namespace bplab;

class TestJson : public QObject
{
    Q_OBJECT

private slots:
    void readsValues()
    {
        auto v = parseJson(R"( {"a": [1, -2.5e3, true, null, "x\u00e9\n"], "b": {}} )", 1000);
        QVERIFY2(v.ok(), v.error().c_str());
        const Json *a = jsonMember(*v, "a");
        QVERIFY(a && a->is_array());
        QCOMPARE(a->size(), std::size_t(5));
        QCOMPARE((*a)[0].get<double>(), 1.0);
        QVERIFY((*a)[0].is_number_integer());
        QCOMPARE((*a)[1].get<double>(), -2500.0);
        QVERIFY(!(*a)[1].is_number_integer());
        QVERIFY((*a)[2].get<bool>());
        QVERIFY((*a)[3].is_null());
        QCOMPARE((*a)[4].get<std::string>(), std::string("x\xC3\xA9\n"));
        QVERIFY(jsonMember(*v, "b")->is_object());
        QVERIFY(!jsonMember(*v, "c"));
        QVERIFY(!jsonMember(*a, "a")); // a list has no members
        // Members keep the file's order (messages name the first unknown one as written).
        auto o = parseJson(R"({"z": 1, "a": 2, "m": 3})", 100);
        QVERIFY(o.ok());
        QCOMPARE(o->begin().key(), std::string("z"));
        QCOMPARE(o->dump(), std::string(R"({"z":1,"a":2,"m":3})"));
        // Thirty-two levels are read; the thirty-third is refused.
        QVERIFY(parseJson(std::string(32, '[') + std::string(32, ']'), 1000).ok());
        QVERIFY(!parseJson(std::string(33, '[') + std::string(33, ']'), 1000).ok());
    }

    void refusesHostileText_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("deep") << QByteArray(100000, '[') << QStringLiteral("nested more than 32");
        QTest::newRow("huge number") << QByteArray("{\"a\": 1e999}") << QStringLiteral("too large");
        QTest::newRow("duplicate") << QByteArray("{\"a\": 1, \"a\": 2}") << QStringLiteral("appears twice");
        QTest::newRow("trailing") << QByteArray("{} x") << QStringLiteral("after the end");
        QTest::newRow("not utf-8") << QByteArray("{\"a\": \"\xC0\xAF\"}") << QStringLiteral("not UTF-8");
        QTest::newRow("open string") << QByteArray("{\"a\": \"abc") << QStringLiteral("not closed");
        QTest::newRow("leading zero") << QByteArray("[012]") << QStringLiteral("must not start with 0");
        QTest::newRow("line break in text") << QByteArray("[\"a\nb\"]") << QStringLiteral("control character");
        QTest::newRow("lone surrogate") << QByteArray("[\"\\udc00\"]") << QStringLiteral("low surrogate");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("line 1, column 1");
        // nlohmann reads a zero byte as the end of the text; here it is refused, not a hidden tail.
        QTest::newRow("zero byte") << QByteArray("{} \0x", 5) << QStringLiteral("line 1, column 4: a zero byte");
        QTest::newRow("escaped zero") << QByteArray("[\"a\\u0000\"]") << QStringLiteral("zero character");
        QTest::newRow("missing colon") << QByteArray("{\"a\" 1}")
                                       << QStringLiteral("line 1, column 6: expected ':' after the member name \"a\"");
        QTest::newRow("list") << QByteArray("[1 2]") << QStringLiteral("line 1, column 4: expected ',' or ']'");
        QTest::newRow("member name") << QByteArray("{\"a\":1,}")
                                     << QStringLiteral("line 1, column 8: expected a member name");
        QTest::newRow("ends early") << QByteArray("  ") << QStringLiteral("ends where a value was expected");
        QTest::newRow("too long") << QByteArray(200001, ' ') << QStringLiteral("200001 bytes long; at most 200000");
    }

    void refusesHostileText()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        auto v = parseJson(std::string_view(text.constData(), std::size_t(text.size())), 200000);
        QVERIFY(!v.ok());
        QVERIFY2(QString::fromStdString(v.error()).contains(message), v.error().c_str());
    }

    void saysWhere()
    {
        auto v = parseJson("{\n  \"a\": 1\n  \"b\": 2\n}", 100);
        QVERIFY(!v.ok());
        QCOMPARE(v.error(), std::string("line 3, column 3: expected ',' or '}' after a member"));
        auto d = parseJson("{\"k\": 1,\n \"k\": 2}", 100);
        QCOMPARE(d.error(), std::string("line 2, column 2: the member \"k\" appears twice in one object"));
    }
};

QTEST_MAIN(TestJson)
#include "tst_json.moc"
