// The architecture value: parsing the CLI spellings with their one-line messages, the sizes the
// app shows for any shape (the source's equal params.h's), and the initialisation rule.

#include "nn/architecture.h"

#include <QTest>

using namespace bplab;

class TestArchitecture : public QObject
{
    Q_OBJECT

private slots:
    void parseHiddenValid_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<int>>("widths");
        QTest::newRow("source") << "128" << std::vector<int> {128};
        QTest::newRow("two") << "256,128" << std::vector<int> {256, 128};
        QTest::newRow("none") << "0" << std::vector<int> {};
        QTest::newRow("narrowest") << "1" << std::vector<int> {1};
        QTest::newRow("widest") << "1024,1024" << std::vector<int> {1024, 1024};
    }
    void parseHiddenValid()
    {
        QFETCH(QString, text);
        QFETCH(std::vector<int>, widths);
        const auto parsed = parseHidden(text.toStdString());
        QVERIFY2(parsed.ok(), parsed.error().c_str());
        QCOMPARE(*parsed, widths);
        QCOMPARE(hiddenText(*parsed), text.toStdString());
    }

    void parseHiddenInvalid_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("zero width")
                << "0,5"
                << "--hidden 0,5: a hidden layer needs 1 to 1,024 neurons, not 0";
        QTest::newRow("too wide")
                << "100000"
                << "--hidden 100000: a hidden layer needs 1 to 1,024 neurons, not 100,000";
        QTest::newRow("just too wide")
                << "1025"
                << "--hidden 1025: a hidden layer needs 1 to 1,024 neurons, not 1,025";
        QTest::newRow("huge")
                << "99999999999999999999999"
                << "--hidden 99999999999999999999999: a hidden layer needs 1 to 1,024 neurons, not "
                   "99999999999999999999999";
        QTest::newRow("three layers") << "64,32,16"
                                      << "--hidden 64,32,16: at most 2 hidden layers, not 3";
        QTest::newRow("word") << "wide"
                              << "--hidden wide: \"wide\" is not a whole number (write widths like "
                                 "128 or 256,128; 0 "
                                 "for no hidden layer)";
        QTest::newRow("negative")
                << "-5"
                << "--hidden -5: \"-5\" is not a whole number (write widths like 128 or 256,128; 0 "
                   "for no hidden layer)";
        QTest::newRow("trailing comma")
                << "128,"
                << "--hidden 128,: \"\" is not a whole number (write widths like 128 or "
                   "256,128; 0 for no hidden layer)";
        QTest::newRow("empty") << ""
                               << "--hidden : \"\" is not a whole number (write widths like 128 or "
                                  "256,128; 0 for no "
                                  "hidden layer)";
    }
    void parseHiddenInvalid()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto parsed = parseHidden(text.toStdString());
        QVERIFY(!parsed.ok());
        QCOMPARE(QString::fromStdString(parsed.error()), message);
        QCOMPARE(parsed.error().find('\n'), std::string::npos);
    }

    void parseActivationNames()
    {
        for (const Activation a :
             {Activation::ReLU, Activation::Sigmoid, Activation::Tanh, Activation::LeakyReLU}) {
            const auto parsed = parseActivation(toString(a));
            QVERIFY(parsed.ok());
            QCOMPARE(toString(*parsed), toString(a));
        }
        const auto bad = parseActivation("softplus");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error(),
                 std::string("--activation softplus: choose relu, sigmoid, tanh or leakyrelu"));
        QVERIFY(!parseActivation("ReLU").ok()); // the spellings are lower case, as the CLI's others
    }

    void parseBoth()
    {
        const auto arch = parseArchitecture("256,128", "tanh");
        QVERIFY(arch.ok());
        QCOMPARE(arch->hidden, (std::vector<int> {256, 128}));
        QCOMPARE(toString(arch->activation), std::string("tanh"));
        QVERIFY(validate(*arch).ok());
        QCOMPARE(describe(*arch), std::string("784-256-128-10 tanh"));
        QCOMPARE(parseArchitecture("0", "softplus").error(),
                 std::string("--activation softplus: choose relu, sigmoid, tanh or leakyrelu"));
        QCOMPARE(parseArchitecture("0,5", "relu").error(),
                 std::string("--hidden 0,5: a hidden layer needs 1 to 1,024 neurons, not 0"));
    }

    void defaultNetwork()
    {
        const Architecture a = Architecture::source();
        QVERIFY((a == Architecture::source()));
        QCOMPARE(describe(a), std::string("784-128-10 ReLU"));
        // The general counts give params.h's figures for the source's shape.
        QCOMPARE(a.weightCount(), weightCount());
        QCOMPARE(a.biasCount(), biasCount());
        QCOMPARE(a.parameterCount(), parameterCount());
        QCOMPARE(a.parameterCount(), std::size_t(101770));
        QCOMPARE(a.weightBytes(2), weightBytes(2));
        QCOMPARE(a.weightBytes(4), std::size_t(406528));
        QCOMPARE(a.weightBytes(8), weightBytes(8));
        QCOMPARE(a.parameterBytes(4), std::size_t(407080));
        QCOMPARE(a.multiplyAddsPerSample(), multiplyAddsPerSample());
        QCOMPARE(a.multiplyAddsPerBatch(64), std::size_t(6504448));
        QCOMPARE(a.trainingFlopsPerSample(), std::size_t(4 * 101632 + 2 * 1280));

        Architecture t = a;
        t.activation = Activation::Tanh;
        QVERIFY((t != Architecture::source()));
        Architecture w = a;
        w.hidden = {129};
        QVERIFY((w != Architecture::source()));
    }

    void otherSizes()
    {
        Architecture two;
        two.hidden = {256, 128};
        // 784 x 256 + 256 x 128 + 128 x 10 = 200,704 + 32,768 + 1,280
        QCOMPARE(two.weightCount(), std::size_t(234752));
        QCOMPARE(two.biasCount(), std::size_t(394));
        QCOMPARE(two.parameterCount(), std::size_t(235146));
        QCOMPARE(two.parameterBytes(4), std::size_t(940584));
        QCOMPARE(two.multiplyAddsPerBatch(64), std::size_t(234752) * 64);
        QCOMPARE(two.layerCount(), 3);
        QCOMPARE(two.layerInputs(2), 128);
        QCOMPARE(two.layerOutputs(2), 10);
        // W^T delta runs back through the second and third layers only.
        QCOMPARE(two.trainingFlopsPerSample(), std::size_t(4 * 234752 + 2 * (32768 + 1280)));

        Architecture none;
        none.hidden = {};
        none.activation = Activation::Sigmoid;
        QCOMPARE(none.parameterCount(),
                 std::size_t(7850)); // 784 x 10 + 10: multinomial logistic regression
        QCOMPARE(none.layerCount(), 1);
        QCOMPARE(describe(none), std::string("784-10"));
        QCOMPARE(none.trainingFlopsPerSample(), std::size_t(4 * 7840)); // no delta goes back
    }

    void validation()
    {
        Architecture a;
        a.hidden = {64, 0};
        QCOMPARE(validate(a).error(),
                 std::string("a hidden layer needs 1 to 1,024 neurons, not 0"));
        a.hidden = {1, 2, 3};
        QCOMPARE(validate(a).error(), std::string("at most 2 hidden layers, not 3"));
        a.hidden = {32};
        a.inputs = 100;
        QVERIFY(!validate(a).ok());
    }

    void initialisationRule()
    {
        QCOMPARE(toString(initFor(Activation::ReLU)), toString(Init::He));
        QCOMPARE(toString(initFor(Activation::LeakyReLU)), toString(Init::He));
        QCOMPARE(toString(initFor(Activation::Sigmoid)), toString(Init::Xavier));
        QCOMPARE(toString(initFor(Activation::Tanh)), toString(Init::Xavier));
        QCOMPARE(initRuleText(Activation::ReLU), std::string("He: w ~ N(0, 2 / fan_in)"));
        QCOMPARE(initRuleText(Activation::Tanh),
                 std::string("Xavier/Glorot: w ~ U(-a, a), a = sqrt(6 / (fan_in + fan_out))"));
    }
};

QTEST_MAIN(TestArchitecture)
#include "tst_architecture.moc"
