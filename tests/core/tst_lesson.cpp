// Lesson files: every shipped lesson valid, every damaged field refused by its path (the JSON reader
// under hostile input: tst_json). A question's answers: tst_lessonanswer.

#include "lesson/lessonreader.h"
#include "lesson/lessonanswer.h"
#include "lesson/lessonhold.h"
#include "lesson/lessonplayer.h"
#include "lessoncluster.h"
#include "nn/mlptrace.h"
#include "nn/network.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <string>

using namespace bplab;

namespace {

/** A small valid lesson; the damage tests replace one piece of it. */
const char *kBase = R"({
  "format": "backprop-lab-lesson", "version": 1,
  "title": "Test lesson", "dataset": "sample",
  "settings": {"recipe": "source", "lr": 0.1, "batch": 64, "epochs": 2, "seed": 1, "pace": 10},
  "views": ["step", "train", "cluster"],
  "controls": {"lock": ["lr"], "hide": ["replicas"]},
  "steps": [
    {"text": "First.", "view": "step", "stage": 2, "timeline_at": 10, "test_image": 3,
     "question": {"text": "z1[5]?", "quantity": "z1", "index": 5, "digits": 2}},
    {"text": "Second.", "view": "cluster",
     "question": {"text": "How long?", "quantity": "allreduce_time",
                  "cluster": {"servers": 2, "gpus_per_server": 8, "algorithm": "ring"}}}
  ]
})";

std::string replaced(const std::string &from, const std::string &to)
{
    std::string s = kBase;
    const std::size_t at = s.find(from);
    if (at == std::string::npos)
        qFatal("fixture text not found: %s", from.c_str());
    return s.replace(at, from.size(), to);
}

} // namespace

class TestLesson : public QObject
{
    Q_OBJECT

private slots:
    void baseLessonIsValid()
    {
        auto l = parseLesson(kBase, "t.json");
        QVERIFY2(l.ok(), l.error().c_str());
        QCOMPARE(l->title, std::string("Test lesson"));
        QCOMPARE(l->settings.recipe.value(), Recipe::Source);
        QCOMPARE(l->settings.lr.value(), 0.1);
        QCOMPARE(l->settings.pace->kind, LessonPace::Kind::PerSecond);
        QCOMPARE(l->settings.pace->batchesPerSecond, 10.0);
        QCOMPARE(l->views.size(), std::size_t(3));
        QCOMPARE(l->locked.size(), std::size_t(1));
        QCOMPARE(l->hidden.front(), LessonControl::Replicas);
        QCOMPARE(l->steps.size(), std::size_t(2));
        QCOMPARE(l->steps[0].stage.value(), 2);
        QCOMPARE(l->steps[0].timelineAt.value(), 10LL);
        QCOMPARE(l->steps[0].testImage.value(), 3LL);
        QCOMPARE(l->steps[0].question->quantity, Quantity::Z1);
        QCOMPARE(l->steps[0].question->index, 5);
        QCOMPARE(l->steps[1].question->quantity, Quantity::AllReduceTime);
        QCOMPARE(l->steps[1].question->cluster.gpusPerServer, 8);
        QCOMPARE(l->steps[1].question->tolerancePercent, 10.0);
        // The Mistakes view by its name, and by the name older lessons gave it.
        for (const char *name : {"mistakes", "confusion"}) {
            std::string text = kBase;
            text.replace(text.find("\"cluster\"]"), 10, std::string("\"cluster\", \"") + name + "\"]");
            auto m = parseLesson(text, "m.json");
            QVERIFY2(m.ok(), m.error().c_str());
            QCOMPARE(m->views.back(), LessonView::Mistakes);
        }
        QCOMPARE(std::string(viewName(LessonView::Mistakes)), std::string("mistakes"));
        // A training subset, and the Images control by its name.
        QVERIFY(!l->settings.trainSubset);
        {
            std::string text = kBase;
            text.replace(text.find("\"epochs\": 2"), 11, "\"epochs\": 2, \"train_subset\": 500");
            text.replace(text.find("\"lock\": [\"lr\"]"), 14, "\"lock\": [\"lr\", \"train_subset\"]");
            auto m = parseLesson(text, "s.json");
            QVERIFY2(m.ok(), m.error().c_str());
            QCOMPARE(m->settings.trainSubset.value(), std::size_t(500));
            QVERIFY(LessonRestrictions::of(*m).locks(LessonControl::TrainSubset));
        }
        // The network, and the Network control by its name.
        QVERIFY(!l->settings.network);
        {
            std::string text = kBase;
            text.replace(text.find("\"epochs\": 2"), 11, "\"epochs\": 2, \"hidden\": \"32\", \"activation\": \"sigmoid\"");
            text.replace(text.find("\"lock\": [\"lr\"]"), 14, "\"lock\": [\"lr\", \"network\"]");
            auto m = parseLesson(text, "n.json");
            QVERIFY2(m.ok(), m.error().c_str());
            QVERIFY(m->settings.network);
            QCOMPARE(m->settings.network->hidden, std::vector<int>{32});
            QVERIFY(m->settings.network->activation == Activation::Sigmoid);
            QVERIFY(LessonRestrictions::of(*m).locks(LessonControl::Network));
            QCOMPARE(std::string(controlName(LessonControl::Network)), std::string("network"));
        }
        // A layer list and a weight decay, as --layers and --weight-decay spell them; the training
        // the lesson asks for trains them.
        QVERIFY(!l->settings.weightDecay);
        QCOMPARE(lessonConfig(*l, recipeConfig(Recipe::Source)).weightDecay, 0.0);
        {
            auto m = parseLesson(replaced("\"epochs\": 2", "\"epochs\": 2, \"layers\": \"conv 4 5x5, pool 2, dense 16\", "
                                                          "\"weight_decay\": 0.0005"),
                                 "c.json");
            QVERIFY2(m.ok(), m.error().c_str());
            QVERIFY(m->settings.network && m->settings.network->layered());
            QCOMPARE(layersText(m->settings.network->layers), std::string("conv 4 5x5, pool 2, dense 16"));
            QCOMPARE(m->settings.weightDecay.value(), 0.0005);
            TrainConfig base = recipeConfig(Recipe::Source);
            base.weightDecay = 0.01; // the app's own: the lesson's replaces it
            const TrainConfig c = lessonConfig(*m, base);
            QCOMPARE(layersText(c.network.layers), std::string("conv 4 5x5, pool 2, dense 16"));
            QCOMPARE(c.weightDecay, 0.0005);
            QCOMPARE(lessonConfig(*l, base).weightDecay, 0.0); // a lesson without it: none
        }
        QVERIFY(looksLikeLesson(kBase));
        QVERIFY(!looksLikeLesson(R"({"files": []})"));
    }

    void shippedLessonsAreValid()
    {
        const QDir dir(QStringLiteral(BPLAB_LESSONS_DIR));
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 11);
        for (const QString &f : files) {
            auto l = loadLesson(dir.filePath(f).toStdString());
            QVERIFY2(l.ok(), l.error().c_str());
            QVERIFY(l->steps.size() >= 4);
            int questions = 0;
            for (const LessonStep &s : l->steps)
                questions += s.question.has_value();
            QVERIFY2(questions >= 2, qPrintable(f));
        }
    }

    void damagedLessonsNameTheField_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("message");
        const auto row = [](const char *name, const char *from, const char *to, const char *message) {
            QTest::newRow(name) << QString::fromUtf8(from) << QString::fromUtf8(to) << QString::fromUtf8(message);
        };
        row("format", "\"backprop-lab-lesson\"", "\"lesson\"",
            "format: must be backprop-lab-lesson, not \"lesson\"");
        row("newer version", "\"version\": 1", "\"version\": 7", "version: is 7, written by a newer");
        row("title type", "\"Test lesson\"", "42", "title: must be text in double quotes, not 42");
        row("title empty", "\"Test lesson\"", "\"  \"", "title: is empty");
        row("unknown field", "\"dataset\": \"sample\"", "\"dataset\": \"sample\", \"titel\": \"x\"",
            "titel: unknown field; a lesson has the fields format, version, title");
        row("dataset", "\"dataset\": \"sample\"", "\"dataset\": \"cifar\"",
            "dataset: must be mnist or fashion or sample, not \"cifar\"");
        row("recipe", "\"recipe\": \"source\"", "\"recipe\": \"fast\"",
            "settings.recipe: must be source, tuned or adam, not \"fast\"");
        row("lr huge", "\"lr\": 0.1", "\"lr\": 1e300", "settings.lr: must be a number above 0 and at most 10");
        row("lr text", "\"lr\": 0.1", "\"lr\": \"fast\"", "settings.lr: must be a number above 0 and at most 10, not \"fast\"");
        row("batch fraction", "\"batch\": 64", "\"batch\": 64.5", "settings.batch: must be a whole number from 1 to 4096");
        row("epochs huge", "\"epochs\": 2", "\"epochs\": 99999999999999999999", "settings.epochs: must be a whole number from 1 to 1000");
        row("seed negative", "\"seed\": 1", "\"seed\": -1", "settings.seed: must be a whole number from 0 to 2147483647, not -1");
        row("pace", "\"pace\": 10", "\"pace\": \"slow\"", "settings.pace: must be \"full\"");
        row("train subset", "\"epochs\": 2", "\"epochs\": 2, \"train_subset\": -5",
            "settings.train_subset: must be a whole number from 0 to 1000000000, not -5");
        row("network widths", "\"epochs\": 2", "\"epochs\": 2, \"hidden\": \"0,5\"",
            "settings.hidden: --hidden 0,5: a hidden layer needs 1 to 1,024 neurons, not 0");
        row("network activation", "\"epochs\": 2", "\"epochs\": 2, \"activation\": \"tanh\"",
            "settings.hidden: must be the hidden layers' widths in double quotes");
        row("network layers", "\"epochs\": 2", "\"epochs\": 2, \"layers\": \"conv 8 9x9, pool 2, pool 2, pool 2, conv 4 5x5\"",
            "settings.layers: --layers: ");
        row("network layers type", "\"epochs\": 2", "\"epochs\": 2, \"layers\": 64",
            "settings.layers: must be the layers as --layers spells them");
        row("network hidden and layers", "\"epochs\": 2", "\"epochs\": 2, \"hidden\": \"8\", \"layers\": \"dense 8\"",
            "settings.layers: a network has \"hidden\" or \"layers\", not both");
        row("weight decay", "\"epochs\": 2", "\"epochs\": 2, \"weight_decay\": 1.5",
            "settings.weight_decay: must be a number from 0 to 1, not 1.5");
        row("views type", "[\"step\", \"train\", \"cluster\"]", "\"step\"", "views: must be a list");
        row("unknown view", "[\"step\", \"train\", \"cluster\"]", "[\"step\", \"train\", \"cluster\", \"graph\"]",
            "views[3]: \"graph\" is not a view; use train, step, draw, cluster, data, mistakes or compare");
        row("view twice", "[\"step\", \"train\", \"cluster\"]", "[\"step\", \"train\", \"cluster\", \"step\"]",
            "views[3]: \"step\" is listed twice");
        row("control", "\"lock\": [\"lr\"]", "\"lock\": [\"volume\"]", "controls.lock[0]: \"volume\" is not a control");
        row("step view not listed", "\"view\": \"cluster\"", "\"view\": \"draw\"",
            "steps[1].view: \"draw\" is not in the lesson's \"views\"");
        row("stage range", "\"stage\": 2", "\"stage\": 39", "steps[0].stage: must be a whole number from 1 to 38, not 39");
        row("stage beyond the network", "\"stage\": 2", "\"stage\": 11",
            "steps[0].stage: must be a whole number from 1 to 10, the stages of the lesson's network 784-128-10 ReLU "
            "(no settings.hidden: the default), not 11");
        row("timeline beyond training", "\"timeline_at\": 10", "\"timeline_at\": 99999",
            "steps[0].timeline_at: 99999 is beyond the lesson's training: 2 epochs of 8,000 images of the sample set, "
            "64 a batch (250 batches)");
        row("stage on other view", "\"view\": \"cluster\",", "\"view\": \"cluster\", \"stage\": 3,",
            "steps[1].stage: only a step with the view \"step\" has a stage");
        row("compare on other view", "\"view\": \"cluster\",", "\"view\": \"cluster\", \"compare\": [{\"hidden\": \"8\"}],",
            "steps[1].compare: only a step with the view \"compare\" has runs to compare");
        row("timeline", "\"timeline_at\": 10", "\"timeline_at\": 1e12", "steps[0].timeline_at: must be a whole number");
        row("text long", "\"First.\"", ("\"" + std::string(3000, 'a') + "\"").c_str(),
            "steps[0].text: is 3000 characters long; at most 2000");
        row("quantity", "\"quantity\": \"z1\"", "\"quantity\": \"answer\"",
            "steps[0].question.quantity: \"answer\" is not a quantity the app computes");
        row("hard-coded answer", "\"digits\": 2}", "\"digits\": 2, \"answer\": 0.53}",
            "steps[0].question.answer: unknown field");
        row("index range", "\"index\": 5", "\"index\": 128", "steps[0].question.index: must be a whole number from 0 to 127, not 128");
        row("index missing", "\"index\": 5, ", "", "steps[0].question.index: is missing");
        row("index not used", "\"quantity\": \"allreduce_time\",", "\"quantity\": \"allreduce_time\", \"index\": 1,",
            "steps[1].question.index: is not used by the quantity \"allreduce_time\"");
        row("cluster missing", ",\n                  \"cluster\": {\"servers\": 2, \"gpus_per_server\": 8, \"algorithm\": \"ring\"}", "",
            "steps[1].question.cluster: is missing");
        row("cluster servers", "\"servers\": 2", "\"servers\": 1000", "steps[1].question.cluster.servers: must be a whole number from 1 to 64");
        row("algorithm", "\"algorithm\": \"ring\"", "\"algorithm\": \"tree\"",
            "steps[1].question.cluster.algorithm: must be ring or hierarchical, not \"tree\"");
        row("compute cell", "\"test_image\": 3,", "\"test_image\": 3, \"compute\": [\"z1:5\", \"q:2\"],",
            "steps[0].compute[1]: \"q:2\" is not a cell; write z1:5, a1:5, p:3, loss");
        row("compute beyond the network", "\"test_image\": 3,", "\"test_image\": 3, \"compute\": [\"a2:5\"],",
            "steps[0].compute[0]: a2:5: the network 784-128-10 ReLU has one hidden layer, a1");
        row("compute neuron", "\"test_image\": 3,", "\"test_image\": 3, \"compute\": [\"z1:129\"],",
            "steps[0].compute[0]: z1:129: layer 1 of the network 784-128-10 ReLU has 128 neurons");
        row("compute twice", "\"test_image\": 3,", "\"test_image\": 3, \"compute\": [\"loss\", \"loss\"],",
            "steps[0].compute[1]: \"loss\" is listed twice");
        row("compute on other view", "\"view\": \"cluster\",", "\"view\": \"cluster\", \"compute\": [\"loss\"],",
            "steps[1].compute: only a step with the view \"step\" has cells to compute by hand");
        row("step not object", "{\"text\": \"Second.\"", "7, {\"text\": \"Second.\"", "steps[1]: must be an object");
        row("root not object", "{\n  \"format\"", "[{\n  \"format\"", "not valid JSON");
    }

    // "compute": cells as worksheets name them, kept in order.
    void aStepListsCellsToCompute()
    {
        auto l = parseLesson(replaced("\"test_image\": 3,", "\"test_image\": 3, \"compute\": [\"z1:5\", \"loss\", \"w2:8:5\"],"), "t.json");
        QVERIFY2(l.ok(), l.error().c_str());
        const std::vector<HandCellRef> &c = l->steps[0].compute;
        QCOMPARE(c.size(), std::size_t(3));
        QCOMPARE(handCellText(c[0]), std::string("z1:5"));
        QCOMPARE(c[0].row, 4);
        QVERIFY(c[1].kind == HandCellRef::Kind::Loss);
        QCOMPARE(handCellText(c[2]), std::string("w2:8:5"));
        QVERIFY(l->steps[1].compute.empty());
    }

    void damagedLessonsNameTheField()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, message);
        auto l = parseLesson(replaced(from.toStdString(), to.toStdString()), "bad.json");
        QVERIFY(!l.ok());
        QVERIFY2(QString::fromStdString(l.error()).startsWith(QStringLiteral("bad.json: ")), l.error().c_str());
        QVERIFY2(QString::fromStdString(l.error()).contains(message), l.error().c_str());
    }

    // A Compare step: its runs as --hidden and --activation spell them, the rest defaulted; the
    // questions on them name a run from 1.
    void compareStepsAndTheirQuestions()
    {
        const std::string lesson = R"({"format": "backprop-lab-lesson", "version": 1, "title": "Widths", "dataset": "sample",
          "views": ["compare"], "steps": [
            {"text": "Three widths.", "view": "compare",
             "compare": [{"hidden": "8"}, {"hidden": "256,128", "activation": "tanh", "lr": 0.05, "momentum": 0.9, "epochs": 4},
                         {"hidden": "32", "optimizer": "adam", "lr": 0.001}],
             "question": {"text": "Which?", "quantity": "compare_best"}},
            {"text": "How good?", "view": "compare",
             "question": {"text": "Run 2?", "quantity": "compare_accuracy", "index": 2}}]})";
        auto l = parseLesson(lesson, "c.json");
        QVERIFY2(l.ok(), l.error().c_str());
        const LessonStep &s = l->steps[0];
        QCOMPARE(s.view, LessonView::Compare);
        QCOMPARE(s.compare.size(), std::size_t(3));
        QVERIFY(!s.compare[0].adam && !s.compare[1].adam && s.compare[2].adam);
        QCOMPARE(s.compare[0].arch.hidden, std::vector<int> {8});
        QVERIFY(s.compare[0].arch.activation == Activation::ReLU);
        QCOMPARE(s.compare[0].lr, 0.1);
        QCOMPARE(s.compare[0].epochs, 3);
        QCOMPARE(s.compare[1].arch.hidden, (std::vector<int> {256, 128}));
        QVERIFY(s.compare[1].arch.activation == Activation::Tanh);
        QCOMPARE(s.compare[1].momentum, 0.9);
        QCOMPARE(s.compare[1].epochs, 4);
        QVERIFY(l->steps[1].compare.empty());
        QCOMPARE(l->steps[1].question->tolerancePercent, 10.0);

        const auto bad = [&](const std::string &from, const std::string &to, const char *message) {
            std::string t = lesson;
            t.replace(t.find(from), from.size(), to);
            auto r = parseLesson(t, "c.json");
            QVERIFY2(!r.ok() && r.error().find(message) != std::string::npos, r.ok() ? "parsed" : r.error().c_str());
        };
        bad("{\"hidden\": \"8\"}", "{\"hidden\": 8}", "steps[0].compare[0].hidden: must be the hidden layers' widths");
        bad("\"8\"", "\"0,5\"", "steps[0].compare[0].hidden: ");
        bad("\"tanh\"", "\"softplus\"", "steps[0].compare[1].activation: ");
        bad("\"epochs\": 4", "\"epochs\": 0", "steps[0].compare[1].epochs: must be a whole number from 1 to 100");
        bad("\"adam\"", "\"rmsprop\"", "steps[0].compare[2].optimizer: must be sgd or adam, not \"rmsprop\"");
        bad("\"optimizer\": \"adam\"", "\"optimizer\": \"adam\", \"momentum\": 0.9", "steps[0].compare[2].momentum: Adam keeps its own moments");
        bad("\"index\": 2", "\"index\": 0", "steps[1].question.index: must be a whole number from 1 to 4, not 0");

        // The answers: the best run counted from 1, the first of equals; none before all have ended.
        const auto runs = [](std::initializer_list<std::optional<double>> accuracies) {
            std::vector<std::optional<CompareResult>> out;
            for (const auto &a : accuracies)
                out.push_back(a ? std::optional<CompareResult>(CompareResult {*a, 0.001}) : std::nullopt);
            return out;
        };
        LessonQuestion best = s.question.value();
        AnswerSources src;
        src.compareRuns = runs({90.5, 93.25, 93.25});
        auto a = trueAnswer(best, src);
        QVERIFY2(a.ok(), a.error().c_str());
        QCOMPARE(a->value, 2.0);
        QCOMPARE(a->text, std::string("2"));
        QVERIFY(isRightAnswer(best, *a, "2").value());
        QVERIFY(!isRightAnswer(best, *a, "3").value());
        QVERIFY(!isRightAnswer(best, *a, "7").ok()); // not a run
        src.compareRuns = runs({90.5, std::nullopt});
        a = trueAnswer(best, src);
        QVERIFY(!a.ok());
        QCOMPARE(a.error(), std::string("run 2 of the Compare view has not finished yet"));
        const LessonQuestion second = l->steps[1].question.value();
        src.compareRuns = runs({90.5, 93.25});
        a = trueAnswer(second, src);
        QVERIFY2(a.ok(), a.error().c_str());
        QCOMPARE(a->value, 93.25);
        QVERIFY(isRightAnswer(second, *a, "93").value());
        QVERIFY(!isRightAnswer(second, *a, "80").value());
        src.compareRuns = runs({90.5});
        QCOMPARE(trueAnswer(second, src).error(), std::string("the Compare view has no run 2"));

        // The run whose first layer got the smallest gradients, whatever the accuracies say.
        LessonQuestion smallest = best;
        smallest.quantity = Quantity::CompareSmallestGradient;
        QCOMPARE(answerKindOf(smallest.quantity), AnswerKind::Class);
        src.compareRuns = {CompareResult {93.5, 0.0018}, CompareResult {90.4, 0.0009}, CompareResult {80, 0.0012}};
        a = trueAnswer(smallest, src);
        QVERIFY2(a.ok(), a.error().c_str());
        QCOMPARE(a->value, 2.0);
        QVERIFY(isRightAnswer(smallest, *a, "2").value());
        QVERIFY(!isRightAnswer(smallest, *a, "1").value());
        QVERIFY(!isRightAnswer(smallest, *a, "9").ok()); // not a run
        src.compareRuns[2] = std::nullopt;
        QCOMPARE(trueAnswer(smallest, src).error(), std::string("run 3 of the Compare view has not finished yet"));
    }

    void compareRunsWithLayersAndWeightDecay()
    {
        const auto parse = [](const std::string &runs) {
            return parseLesson(R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample", "views": ["compare"],
                "steps": [{"text": "A.", "view": "compare", "compare": [)" + runs + "]}]}", "w.json");
        };
        auto l = parse(R"({"hidden": "128"}, {"layers": "dense 128, dropout 0.25", "activation": "tanh"},
                          {"hidden": "128", "weight_decay": 0.0005}, {"layers": "conv 4 5x5, pool 2, dense 16"})");
        QVERIFY2(l.ok(), l.ok() ? "" : l.error().c_str());
        const std::vector<CompareChoice> &runs = l->steps[0].compare;
        QCOMPARE(runs[0].weightDecay, 0.0);
        QVERIFY(runs[1].arch.layered());
        QCOMPARE(layersText(runs[1].arch.layers), std::string("dense 128, dropout 0.25"));
        QVERIFY(runs[1].arch.activation == Activation::Tanh);
        QCOMPARE(runs[2].weightDecay, 0.0005);
        QVERIFY(!runs[2].arch.layered());
        QCOMPARE(runs[3].arch.layers.front().kind, LayerKind::Conv);
        QCOMPARE(runs[3].testShift, 0);
        const auto moved = parse(R"({"hidden": "8", "test_shift": 3})");
        QVERIFY2(moved.ok(), moved.ok() ? "" : moved.error().c_str());
        QCOMPARE(moved->steps[0].compare[0].testShift, 3);
        const auto refused = [&](const std::string &runs, const char *message) {
            const auto r = parse(runs);
            QVERIFY2(!r.ok() && r.error().find(message) != std::string::npos, r.ok() ? "parsed" : r.error().c_str());
        };
        refused(R"({"hidden": "128", "layers": "dense 8"})", "steps[0].compare[0].layers: a network has \"hidden\" or \"layers\", not both");
        refused(R"({"layers": "dense 8, dropout 1"})", "steps[0].compare[0].layers: ");
        refused(R"({"layers": 8})", "steps[0].compare[0].layers: must be the layers as --layers spells them");
        refused(R"({"hidden": "8", "weight_decay": 2})", "steps[0].compare[0].weight_decay: ");
        refused(R"({"activation": "relu"})", "steps[0].compare[0].hidden: must be the hidden layers' widths");
        refused(R"({"hidden": "8", "test_shift": 9})", "steps[0].compare[0].test_shift: must be a whole number from 0 to 8");
    }

    void claimsOnARunsTrainingAccuracyAndGap()
    {
        // gap = training accuracy - test accuracy, in points.
        const std::vector<std::optional<ClaimRun>> runs = {ClaimRun {86.35, 0.51, 100.0}, ClaimRun {87.0, 0.48, 100.0}};
        const ClaimSources sources {nullptr, nullptr, runs};
        LessonClaim gap;
        gap.quantity = LessonClaim::Quantity::CompareGap;
        gap.run = 2;
        gap.belowRun = 1;
        gap.by = 0.3;
        ClaimCheck c = checkClaim(gap, sources);
        QVERIFY2(c.holds, c.text.c_str());
        QCOMPARE(c.value, 13.0);
        QCOMPARE(c.text, std::string("compare_gap of run 2 = 13, below run 1 (13.65) by 0.3"));
        gap.by = 1;
        QVERIFY(!checkClaim(gap, sources).holds);
        LessonClaim train;
        train.quantity = LessonClaim::Quantity::CompareTrainAccuracy;
        train.run = 1;
        train.atLeast = 99.9;
        c = checkClaim(train, sources);
        QVERIFY2(c.holds && c.value == 100.0, c.text.c_str());
        // Both are read from a lesson's claims by their names.
        const auto l = parseLesson(R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample", "views": ["compare"],
            "steps": [{"text": "A.", "view": "compare", "compare": [{"hidden": "8"}, {"hidden": "16"}],
                       "claims": [{"claim": "compare_gap", "run": 2, "below_run": 1, "by": 0.3},
                                  {"claim": "compare_train_accuracy", "run": 1, "at_least": 99}]}]})", "c.json");
        QVERIFY2(l.ok(), l.ok() ? "" : l.error().c_str());
        QVERIFY(l->steps[0].claims[0].quantity == LessonClaim::Quantity::CompareGap);
        QVERIFY(l->steps[0].claims[1].quantity == LessonClaim::Quantity::CompareTrainAccuracy);
    }

    void aCompareStepChoosesWhatItShows()
    {
        const auto withStep = [](const std::string &step) {
            return std::string(R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample",
                "views": ["compare", "train"], "steps": [)") + step + "]}";
        };
        auto l = parseLesson(withStep(R"({"text": "Maps.", "view": "compare", "compare_show": "gradient_map",
            "question": {"text": "Which?", "quantity": "compare_smallest_gradient"}})"), "s.json");
        QVERIFY2(l.ok(), l.error().c_str());
        QVERIFY(l->steps[0].compareShow == CompareMeasure::GradientMap);
        QVERIFY(l->steps[0].question->quantity == Quantity::CompareSmallestGradient);
        l = parseLesson(withStep(R"({"text": "Plain.", "view": "compare"})"), "s.json");
        QVERIFY(l.ok() && !l->steps[0].compareShow);
        for (const auto &[name, measure] : {std::pair {"test_accuracy", CompareMeasure::TestAccuracy},
                                            {"train_accuracy", CompareMeasure::TrainAccuracy},
                                            {"accuracy_gap", CompareMeasure::AccuracyGap},
                                            {"test_loss", CompareMeasure::TestLoss},
                                            {"train_loss", CompareMeasure::TrainLoss},
                                            {"gradient", CompareMeasure::Gradient}}) {
            l = parseLesson(withStep(std::string(R"({"text": "A.", "view": "compare", "compare_show": ")") + name + "\"}"), "s.json");
            QVERIFY2(l.ok() && l->steps[0].compareShow == measure, name);
        }
        l = parseLesson(withStep(R"({"text": "A.", "view": "compare", "compare_show": "speed"})"), "s.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("steps[0].compare_show: \"speed\" is not a measure; use ") != std::string::npos, l.error().c_str());
        l = parseLesson(withStep(R"({"text": "A.", "view": "train", "compare_show": "gradient"})"), "s.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("only a step with the view \"compare\" shows runs") != std::string::npos, l.error().c_str());
    }

    void aMistakesStepShowsARunsMistakes()
    {
        const auto withStep = [](const std::string &step) {
            return std::string(R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample",
                "views": ["compare", "mistakes"], "steps": [)") + step + "]}";
        };
        auto l = parseLesson(withStep(R"({"text": "Run 2.", "view": "mistakes", "mistakes_of": 2})"), "s.json");
        QVERIFY2(l.ok(), l.error().c_str());
        QCOMPARE(l->steps[0].mistakesOf, std::optional<int>(2));
        l = parseLesson(withStep(R"({"text": "Ours.", "view": "mistakes"})"), "s.json");
        QVERIFY(l.ok() && !l->steps[0].mistakesOf);
        l = parseLesson(withStep(R"({"text": "A.", "view": "mistakes", "mistakes_of": 5})"), "s.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("steps[0].mistakes_of:") != std::string::npos, l.error().c_str());
        l = parseLesson(withStep(R"({"text": "A.", "view": "compare", "mistakes_of": 1})"), "s.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("only a step with the view \"mistakes\" shows a run's mistakes") != std::string::npos,
                 l.error().c_str());
    }

    void aStepStepsThroughARunsNetwork()
    {
        const auto withStep = [](const std::string &step) {
            return std::string(R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample",
                "views": ["compare", "step"], "steps": [)") + step + "]}";
        };
        auto l = parseLesson(withStep(R"({"text": "Run 2.", "view": "step", "stage": 13, "step_of": 2})"), "s.json");
        QVERIFY2(l.ok(), l.error().c_str());
        QCOMPARE(l->steps[0].stepOf, std::optional<int>(2));
        QCOMPARE(l->steps[0].stage, std::optional<int>(13));
        l = parseLesson(withStep(R"({"text": "Ours.", "view": "step"})"), "s.json");
        QVERIFY(l.ok() && !l->steps[0].stepOf);
        l = parseLesson(withStep(R"({"text": "A.", "view": "step", "step_of": 5})"), "s.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("steps[0].step_of: must be a whole number from 0 to 4, not 5") != std::string::npos,
                 l.error().c_str());
        l = parseLesson(withStep(R"({"text": "A.", "view": "compare", "step_of": 1})"), "s.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("only a step with the view \"step\" steps through a run's network") != std::string::npos,
                 l.error().c_str());
    }

    // A step's stage is one of the stages of the network it shows (7 + 3 per hidden layer), its
    // timeline_at one of the batches the lesson trains (epochs x ceil(images / batch)).
    void stagesAndTimelineFollowTheLesson()
    {
        const auto lesson = [](const std::string &settings, const std::string &steps) {
            return R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample", "settings": {)"
                   + settings + R"(}, "views": ["compare", "step", "train"], "steps": [)" + steps + "]}";
        };
        const auto step = [](int stage) {
            return R"({"text": "S.", "view": "step", "stage": )" + std::to_string(stage) + "}";
        };
        QVERIFY(parseLesson(lesson(R"("epochs": 1)", step(10)), "l.json").ok());
        QVERIFY(!parseLesson(lesson(R"("epochs": 1)", step(11)), "l.json").ok());
        // Two hidden layers: 13 stages.
        QVERIFY(parseLesson(lesson(R"("hidden": "256,128")", step(13)), "l.json").ok());
        auto l = parseLesson(lesson(R"("hidden": "256,128")", step(14)), "l.json");
        QVERIFY(!l.ok());
        // No hidden layer: 7 stages.
        QVERIFY(parseLesson(lesson(R"("hidden": "0")", step(7)), "l.json").ok());
        l = parseLesson(lesson(R"("hidden": "0")", step(8)), "l.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("from 1 to 7, the stages of the lesson's network 784-10, not 8") != std::string::npos,
                 l.error().c_str());
        // A layer list: 6 + 2 per layer (a forward and a backward page each).
        const std::string conv = R"("layers": "conv 4 5x5, pool 2, dense 16")";
        QVERIFY(parseLesson(lesson(conv, step(12)), "l.json").ok());
        l = parseLesson(lesson(conv, step(13)), "l.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("from 1 to 12, the stages of the lesson's network") != std::string::npos, l.error().c_str());
        // A Compare run's network: its own stages when the file names the run.
        const std::string runs = R"({"text": "C.", "view": "compare", "compare": [{"hidden": "8"}, {"hidden": "8,8"}]},)";
        QVERIFY(parseLesson(lesson("", runs + R"({"text": "S.", "view": "step", "stage": 13, "step_of": 2})"), "l.json").ok());
        l = parseLesson(lesson("", runs + R"({"text": "S.", "view": "step", "stage": 11, "step_of": 1})"), "l.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("steps[1].stage: must be a whole number from 1 to 10, the stages of run 1's network "
                                "784-8-10 ReLU, not 11") != std::string::npos,
                 l.error().c_str());

        // Training's edge: 8,000 sample images in batches of 64 are 125 batches an epoch.
        const auto at = [](long long k) {
            return R"({"text": "T.", "view": "train", "timeline_at": )" + std::to_string(k) + "}";
        };
        QVERIFY(parseLesson(lesson(R"("batch": 64, "epochs": 3)", at(375)), "l.json").ok());
        l = parseLesson(lesson(R"("batch": 64, "epochs": 3)", at(376)), "l.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("steps[0].timeline_at: 376 is beyond the lesson's training") != std::string::npos,
                 l.error().c_str());
        // A partial last batch counts: 500 images in batches of 64 are 8 batches.
        QVERIFY(parseLesson(lesson(R"("batch": 64, "epochs": 100, "train_subset": 500)", at(800)), "l.json").ok());
        QVERIFY(!parseLesson(lesson(R"("batch": 64, "epochs": 100, "train_subset": 500)", at(801)), "l.json").ok());
        // mnist: 60,000 images; epochs and batch left to the app count at their widest.
        std::string mnist = lesson(R"("batch": 100, "epochs": 1)", at(600));
        mnist.replace(mnist.find("\"sample\""), 8, "\"mnist\"");
        QVERIFY(parseLesson(mnist, "l.json").ok());
        QVERIFY(parseLesson(lesson("", at(8000LL * 1000)), "l.json").ok());
        QVERIFY(!parseLesson(lesson("", at(8000LL * 1000 + 1)), "l.json").ok());
    }

    void refusesWholeFileProblems()
    {
        auto empty = parseLesson("{}", "e.json");
        QCOMPARE(empty.error(), std::string("e.json: format: is missing"));
        auto array = parseLesson("[1]", "a.json");
        QCOMPARE(array.error(), std::string("a.json: the file: must hold one JSON object ({...}), not a list"));
        const std::string big(10 * 1024 * 1024, ' ');
        auto huge = parseLesson(big, "big.json");
        QVERIFY2(QString::fromStdString(huge.error()).contains(QStringLiteral("more than a lesson file can hold")),
                 huge.error().c_str());
        const auto withSteps = [](const std::string &steps) {
            return std::string(R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample",
                                   "views": ["train"], "steps": )") + steps + "}";
        };
        QCOMPARE(parseLesson(withSteps("[]"), "s.json").error(),
                 std::string("s.json: steps: is empty; a lesson has at least one step"));
        std::string steps = "[";
        for (int i = 0; i < 201; ++i)
            steps += std::string(i ? "," : "") + R"({"text": "s", "view": "train"})";
        QVERIFY(parseLesson(withSteps(steps.substr(0, steps.size() - 31) + "]"), "s.json").ok()); // 200 steps
        QCOMPARE(parseLesson(withSteps(steps + "]"), "s.json").error(),
                 std::string("s.json: steps: has 201 steps; at most 200 fit in one lesson"));
        auto missing = loadLesson("/nonexistent/lesson.json");
        QVERIFY(!missing.ok());
        QVERIFY(QString::fromStdString(missing.error()).contains(QStringLiteral("cannot open")));
    }

    void aClusterStepSetsItsCluster()
    {
        // The cluster a Data parallel step's text speaks of, set by the step itself.
        const auto withStep = [](const std::string &step) {
            return std::string(R"({"format": "backprop-lab-lesson", "version": 1, "title": "T", "dataset": "sample",
                "views": ["cluster", "train"], "steps": [)") + step + "]}";
        };
        auto l = parseLesson(withStep(R"({"text": "Ours.", "view": "cluster",
            "cluster": {"servers": 2, "gpus_per_server": 8, "algorithm": "hierarchical"}})"), "c.json");
        QVERIFY2(l.ok(), l.error().c_str());
        QVERIFY(l->steps[0].cluster == (LessonCluster {2, 8, true}));
        l = parseLesson(withStep(R"({"text": "Ours.", "view": "cluster"})"), "c.json");
        QVERIFY(l.ok() && !l->steps[0].cluster);
        l = parseLesson(withStep(R"({"text": "A.", "view": "train", "cluster": {"servers": 2, "gpus_per_server": 8, "algorithm": "ring"}})"), "c.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("steps[0].cluster: only a step with the view \"cluster\" shows a cluster") != std::string::npos,
                 l.error().c_str());
        l = parseLesson(withStep(R"({"text": "A.", "view": "cluster", "cluster": {"servers": 2, "gpus_per_server": 99, "algorithm": "ring"}})"), "c.json");
        QVERIFY(!l.ok());
        QVERIFY2(l.error().find("steps[0].cluster.gpus_per_server:") != std::string::npos, l.error().c_str());
    }

    void aStepQuestionHoldsItsTerm()
    {
        // The term a Step step's question asks for, and the first stage that shows it.
        const auto lesson = parseLesson(kBase, "base.json");
        QVERIFY(lesson);
        const std::optional<StepTermHold> z = stepTermHold(lesson->steps[0]);
        QVERIFY(z);
        QVERIFY(*z == (StepTermHold {Quantity::Z1, 0, 5}));
        QCOMPARE(firstStageShowing(*z, Architecture::source()), 2);
        // A question of another view, or none, holds nothing in the Step view.
        QVERIFY(!stepTermHold(lesson->steps[1]));
        LessonStep plain = lesson->steps[0];
        plain.question.reset();
        QVERIFY(!stepTermHold(plain));
        LessonStep accuracy = lesson->steps[0];
        accuracy.question->quantity = Quantity::TestAccuracy;
        QVERIFY(!stepTermHold(accuracy));
        // 784-128-10: the stages as the Step view lists them.
        const Architecture one = Architecture::source();
        const auto stageOf = [](Quantity q, int layer, const Architecture &a) {
            return firstStageShowing(StepTermHold {q, layer, 0}, a);
        };
        QCOMPARE(stageOf(Quantity::A1, 0, one), 3);
        QCOMPARE(stageOf(Quantity::Logit, 0, one), 4);
        QCOMPARE(stageOf(Quantity::P, 0, one), 5);
        QCOMPARE(stageOf(Quantity::ArgmaxP, 0, one), 5); // the logits' stage leaves it to the class
        QCOMPARE(stageOf(Quantity::Loss, 0, one), 6);
        QCOMPARE(stageOf(Quantity::SignDelta2, 0, one), 7);
        QCOMPARE(stageOf(Quantity::SignDelta1, 0, one), 8);
        QCOMPARE(stageOf(Quantity::LossAfterLower, 0, one), 10);
        // Two hidden layers (13 stages): the second layer's z at 4, the first layer's delta last
        // before the adjustments.
        Architecture two = one;
        two.hidden = {256, 128};
        QCOMPARE(stageCount(two), 13);
        QCOMPARE(stageOf(Quantity::Z1, 1, two), 4);
        QCOMPARE(stageOf(Quantity::A1, 1, two), 5);
        QCOMPARE(stageOf(Quantity::P, 0, two), 7);
        QCOMPARE(stageOf(Quantity::SignDelta2, 0, two), 9);
        QCOMPARE(stageOf(Quantity::SignDelta1, 1, two), 10);
        QCOMPARE(stageOf(Quantity::SignDelta1, 0, two), 11);
        QCOMPARE(stageOf(Quantity::LossAfterLower, 0, two), 13);
    }
};

QTEST_MAIN(TestLesson)
#include "tst_lesson.moc"
