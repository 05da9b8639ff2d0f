// The cells a student computes by hand (worksheets' --blanks, lessons' "compute"): their text
// read and written back, refused with a message naming the item, checked against the network,
// and their values those of the trace and one SGD step (gradientsOf, sgdUpdate) on it.

#include "lesson/handcell.h"
#include "nn/mlptrace.h"
#include "testsupport.h"

#include <QTest>

using namespace bplab;

class TestHandCell : public QObject
{
    Q_OBJECT

private slots:
    void readsAndWritesEveryKind()
    {
        const Result<std::vector<HandCellRef>> cells
                = parseHandCells(" z1:5, a1:5,p:3,loss , delta2:3,dLdw2:3:17,Deltaw2:3:17,w2:3:17,");
        QVERIFY2(cells.ok(), cells.error().c_str());
        QCOMPARE(cells->size(), std::size_t(8));
        std::string joined;
        for (const HandCellRef &c : *cells)
            joined += handCellText(c) + ",";
        QCOMPARE(joined, std::string("z1:5,a1:5,p:3,loss,delta2:3,dLdw2:3:17,Deltaw2:3:17,w2:3:17,"));
        const HandCellRef &dLdw = (*cells)[5];
        QVERIFY(dLdw.kind == HandCellRef::Kind::DLdw);
        QCOMPARE(dLdw.layer, 2);
        QCOMPARE(dLdw.row, 2);
        QCOMPARE(dLdw.col, 16);
        QVERIFY((*cells)[6].kind == HandCellRef::Kind::DeltaW);
        QCOMPARE(parseHandCells("loss,loss")->size(), std::size_t(1)); // a repeat is one cell
    }

    // Older lessons wrote dL/dw as dw2:3:17: read as dLdw (the same value), written back by its
    // name; names are read in any case, and deltaw is Delta w, never delta.
    void readsOlderAndOtherCaseNames()
    {
        QCOMPARE(*parseHandCell("dw2:3:17"), *parseHandCell("dLdw2:3:17"));
        QCOMPARE(handCellText(*parseHandCell("dw2:3:17")), std::string("dLdw2:3:17"));
        QCOMPARE(*parseHandCell("DLDW2:3:17"), *parseHandCell("dLdw2:3:17"));
        QVERIFY(parseHandCell("deltaw2:3:17")->kind == HandCellRef::Kind::DeltaW);
        QVERIFY(parseHandCell("Delta2:3")->kind == HandCellRef::Kind::Delta);
    }

    void refusesWithTheItem_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << "z1:5,x:3"
                                 << "item 2, \"x:3\" is not a cell; write z1:5";
        QTest::newRow("no layer") << "z:5"
                                  << "item 1, \"z:5\": z needs its layer from 1";
        QTest::newRow("no neuron") << "a1"
                                   << "the neuron goes after a colon, counted from 1 (a1:5)";
        QTest::newRow("neuron 0") << "p:0"
                                  << "counted from 1 (p:5)";
        QTest::newRow("weight") << "w2:3"
                                << "a weight is its row and column after colons";
        QTest::newRow("loss layer") << "loss:1"
                                    << "the loss is one number, written loss";
        QTest::newRow("empty") << "z1:5,,loss"
                               << "item 2 is empty";
    }

    void refusesWithTheItem()
    {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        const auto cells = parseHandCells(spec.toStdString());
        QVERIFY(!cells.ok());
        QVERIFY2(QString::fromStdString(cells.error()).contains(message), cells.error().c_str());
    }

    void fitsTheNetwork()
    {
        const Architecture deep = *parseArchitecture("256,128", "tanh");
        QCOMPARE(handCellFits(*parseHandCell("a2:128"), deep), std::string());
        QCOMPARE(handCellFits(*parseHandCell("z3:10"), deep), std::string());
        QCOMPARE(handCellFits(*parseHandCell("w1:256:784"), deep), std::string());
        QVERIFY(handCellFits(*parseHandCell("a3:1"), deep).find("a1 to a2") != std::string::npos);
        QVERIFY(handCellFits(*parseHandCell("z2:129"), deep).find("128 neurons")
                != std::string::npos);
        QVERIFY(handCellFits(*parseHandCell("Deltaw2:1:257"), deep).find("256 columns")
                != std::string::npos);
        QVERIFY(handCellFits(*parseHandCell("z4:1"), deep).find("3 weight layers")
                != std::string::npos);
        QVERIFY(handCellFits(*parseHandCell("a1:1"), *parseArchitecture("0", "relu"))
                        .find("no hidden layer")
                != std::string::npos);
    }

    // Every kind against the trace's own arrays and the step explainSample takes.
    void valuesAreTheTraces()
    {
        const Architecture arch = *parseArchitecture("16,12", "sigmoid");
        const MlpParamsF params = initMlp(arch, 4);
        Vec<float> x(kInputs);
        for (int i = 0; i < kInputs; ++i)
            x[i] = float((i * 13) % 7) / 7.0f;
        const float lr = 0.5f;
        const MlpTraceF t = explainSample(arch, params, x, 3, lr);
        const auto value = [&](const char *text) {
            return handCellValue(*parseHandCell(text), arch, params, t);
        };
        QCOMPARE(value("z1:5"), t.hidden[0].z[4]);
        QCOMPARE(value("a2:12"), t.hidden[1].a[11]);
        QCOMPARE(value("z3:4"), t.logits[3]);
        QCOMPARE(value("p:4"), t.probabilities[3]);
        QCOMPARE(value("loss"), t.loss);
        QCOMPARE(value("delta3:2"), t.deltaOut[1]);
        QCOMPARE(value("delta1:7"), t.hidden[0].delta[6]);
        const MlpParamsF g = gradientsOf(arch, t);
        QCOMPARE(value("dLdw2:3:9"), g.layers[1].W(2, 8));
        QCOMPARE(value("dLdw1:2:300"), g.layers[0].W(1, 299));
        QCOMPARE(value("dw1:2:300"), g.layers[0].W(1, 299));
        QCOMPARE(value("Deltaw1:2:300"), -lr * g.layers[0].W(1, 299)); // Delta w = -lr dL/dw
        MlpParamsF after = params;
        sgdUpdate(g, lr, after);
        QVERIFY(bplab::test::fuzzyEqual(value("w3:4:5"), after.layers[2].W(3, 4), 1e-6));
        QVERIFY(value("w3:4:5") != params.layers[2].W(3, 4));
    }
};

QTEST_APPLESS_MAIN(TestHandCell)
#include "tst_handcell.moc"
