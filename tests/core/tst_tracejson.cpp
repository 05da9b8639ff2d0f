// The explain trace as JSON (core/io/tracejson.h), the one implementation behind `explain --json` and
// the Step view's export: its keys in their fixed order, values equal to the core's trace and
// read back bit for bit, null where e^z overflows, and the CSV with the same numbers.

#include "nn/mlptrace.h"
#include "nn/network.h"
#include "io/tracejson.h"
#include "io/json.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace bplab;

class TestTraceJson : public QObject {
    Q_OBJECT

private:
    MlpTrace<float> m_trace;
    Vec<float> m_x;
    int m_label = 7;

    static Vec<float> image(std::uint64_t seed)
    {
        std::array<std::uint8_t, kInputs> px{};
        for (int i = 0; i < kInputs; ++i)
            px[std::size_t(i)] = std::uint8_t((i * 37 + int(seed) * 11) % 256 > 200 ? (i * 13) % 256 : 0);
        return scaleInput<float>(px.data(), Normalize::None);
    }

    static void checkArray(const QJsonObject &o, const char *key, const Vec<float> &v)
    {
        const QJsonArray a = o.value(QLatin1String(key)).toArray();
        QCOMPARE(a.size(), qsizetype(v.size()));
        for (Eigen::Index i = 0; i < v.size(); ++i)
            QVERIFY2(float(a[i].toDouble()) == v[i], qPrintable(QString("%1[%2]").arg(key).arg(i)));
    }

    /** json has these keys, in this order, and no other. */
    template<std::size_t N>
    static bool hasExactlyInOrder(const std::string &json, const char *const (&keys)[N])
    {
        const auto o = parseJson(json, json.size());
        if (!o || !o->is_object() || o->size() != N) {
            qWarning("not an object of %d keys: %s", int(N), o ? "" : o.error().c_str());
            return false;
        }
        std::size_t i = 0;
        for (auto it = o->begin(); it != o->end(); ++it, ++i)
            if (it.key() != keys[i]) {
                qWarning("key %d is %s, not %s", int(i), it.key().c_str(), keys[i]);
                return false;
            }
        return true;
    }

private slots:
    void initTestCase()
    {
        m_x = image(3);
        m_trace = explainSample(Architecture::source(), initMlp(Architecture::source(), Init::He, 4), m_x, m_label, 0.05f);
    }

    void keysInOrder()
    {
        // The default network has the keys of every network (the source's aliases z1, a1, delta1
        // and delta2 of hidden[0] and delta_out are gone with its own trace type).
        const std::string json = explainJson(Architecture::source(), m_trace, "test", 12);
        const char *keys[] = {"set",  "index",         "label", "predicted", "network",   "input", "target", "hidden",
                              "logits", "exp", "exp_sum", "probabilities", "loss",  "delta_out", "lr", "loss_after"};
        QVERIFY(hasExactlyInOrder(json, keys));
    }

    void valuesAreTheTrace()
    {
        const QJsonObject o = QJsonDocument::fromJson(
                                      QByteArray::fromStdString(explainJson(Architecture::source(), m_trace, "train", 12)))
                                      .object();
        const MlpTraceF &t = m_trace;
        QCOMPARE(o.value("set").toString(), QStringLiteral("train"));
        QCOMPARE(o.value("index").toInt(), 12);
        QCOMPARE(o.value("label").toInt(), m_label);
        QCOMPARE(o.value("predicted").toInt(), t.predicted);
        checkArray(o, "input", m_x);
        checkArray(o, "target", t.target);
        checkArray(o, "logits", t.logits);
        checkArray(o, "exp", t.exp);
        checkArray(o, "probabilities", t.probabilities);
        QCOMPARE(o.value("network").toString(), QStringLiteral("784-128-10 ReLU"));
        QCOMPARE(o.value("hidden").toArray().size(), 1);
        const QJsonObject h = o.value("hidden").toArray()[0].toObject();
        checkArray(h, "z", t.hidden[0].z);
        checkArray(h, "a", t.hidden[0].a);
        checkArray(h, "delta", t.hidden[0].delta);
        checkArray(o, "delta_out", t.deltaOut);
        // Scalars read back as the same float: the shortest exact text, not 6 digits.
        QCOMPARE(float(o.value("exp_sum").toDouble()), t.expSum);
        QCOMPARE(float(o.value("loss").toDouble()), t.loss);
        QCOMPARE(float(o.value("loss_after").toDouble()), t.lossAfter);
        QCOMPARE(float(o.value("lr").toDouble()), 0.05f);
        QVERIFY(t.lossAfter < t.loss);
        QCOMPARE(target(o), m_label);
    }

    static int target(const QJsonObject &o)
    {
        const QJsonArray a = o.value("target").toArray();
        for (int k = 0; k < a.size(); ++k)
            if (a[k].toDouble() == 1.0)
                return k;
        return -1;
    }

    void numbersAreShortestExact()
    {
        QCOMPARE(jsonFloat(0.1f), std::string("0.1"));
        QCOMPARE(jsonFloat(1.0f / 3.0f), std::string("0.33333334"));
        QCOMPARE(jsonFloat(-0.0f), std::string("-0"));
        QCOMPARE(jsonFloat(1e-45f), std::string("1e-45"));
        QCOMPARE(jsonFloat(std::numeric_limits<float>::infinity()), std::string("null"));
        QCOMPARE(jsonFloat(std::nanf("")), std::string("null"));
        // Every float of a range reads back as itself.
        for (float v = 1e-7f; v < 1e7f; v *= 1.37f)
            QCOMPARE(std::stof(jsonFloat(v)), v);
    }

    void overflowIsNull()
    {
        const Architecture arch = Architecture::source();
        MlpParamsF p = MlpParamsF::zeros(arch);
        p.layers[1].b(0) = 100.0f; // e^100 overflows float
        const auto t = explainSample(arch, p, m_x, 3, 0.1f);
        const QJsonObject o =
                QJsonDocument::fromJson(QByteArray::fromStdString(explainJson(arch, t, "drawn \"digit\"", -1))).object();
        QCOMPARE(o.value("set").toString(), QStringLiteral("drawn \"digit\""));
        QVERIFY(o.value("exp").toArray()[0].isNull());
        QCOMPARE(o.value("exp").toArray()[1].toDouble(), 1.0);
        QVERIFY(o.value("exp_sum").isNull());
        QCOMPARE(o.value("loss").toDouble(), 100.0);
    }

    void anyNetworkHasEveryLayer()
    {
        Architecture arch;
        arch.hidden = {24, 12};
        arch.activation = Activation::Tanh;
        const MlpTrace<float> t = explainSample(arch, initMlp(arch, 5), m_x, m_label, 0.05f);
        const std::string json = explainJson(arch, t, "test", 4);
        const char *keys[] = {"set",  "index",         "label", "predicted", "network",   "input", "target", "hidden",
                              "logits", "exp", "exp_sum", "probabilities", "loss",  "delta_out", "lr", "loss_after"};
        QVERIFY(hasExactlyInOrder(json, keys));
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
        QCOMPARE(o.value("network").toString(), QStringLiteral("784-24-12-10 tanh"));
        const QJsonArray hidden = o.value("hidden").toArray();
        QCOMPARE(hidden.size(), 2);
        for (int l = 0; l < 2; ++l) {
            checkArray(hidden[l].toObject(), "z", t.hidden[std::size_t(l)].z);
            checkArray(hidden[l].toObject(), "a", t.hidden[std::size_t(l)].a);
            checkArray(hidden[l].toObject(), "delta", t.hidden[std::size_t(l)].delta);
        }
        checkArray(o, "delta_out", t.deltaOut);
        checkArray(o, "probabilities", t.probabilities);
        QCOMPARE(float(o.value("loss_after").toDouble()), t.lossAfter);

        arch.hidden.clear(); // 784-10: no hidden layer, an empty list
        const MlpTrace<float> linear = explainSample(arch, initMlp(arch, 5), m_x, m_label, 0.05f);
        const QJsonObject l = QJsonDocument::fromJson(QByteArray::fromStdString(explainJson(arch, linear, "test", 4))).object();
        QVERIFY(l.value("hidden").isArray());
        QCOMPARE(l.value("hidden").toArray().size(), 0);
        QCOMPARE(l.value("network").toString(), QStringLiteral("784-10"));
    }

    void csvHasTheSameNumbers()
    {
        const std::string csv = explainCsv(Architecture::source(), m_trace, "test", 12);
        QVERIFY(csv.rfind("quantity,index,value\nset,0,\"test\"\nindex,0,12\nnetwork,0,\"784-128-10 ReLU\"\n", 0) == 0);
        QVERIFY(csv.find("\nloss,0," + jsonFloat(m_trace.loss) + "\n") != std::string::npos);
        QVERIFY(csv.find("\ndelta1,127," + jsonFloat(m_trace.hidden[0].delta[127]) + "\n") != std::string::npos);
        QVERIFY(csv.find("\nloss_after,0," + jsonFloat(m_trace.lossAfter) + "\n") != std::string::npos);
    }
};

QTEST_MAIN(TestTraceJson)
#include "tst_tracejson.moc"
