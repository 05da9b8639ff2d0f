#include "lesson/lessonreader.h"
#include "lesson/lessonclaimjson.h"
#include "lesson/lessonfields.h"

#include "data/idx.h"
#include "io/fileio.h"
#include "io/json.h"

#include <algorithm>

namespace bplab {

namespace {

constexpr std::size_t kLessonMaxTitleChars = 200;
constexpr std::size_t kLessonMaxStepChars = 2000;
constexpr std::size_t kLessonMaxQuestionChars = 500;
constexpr long long kLessonMaxBatches = 100000000; // as --after-batches
constexpr long long kLessonMaxImageIndex = 100000000;

std::string lessonTrainingWords(const Lesson &l)
{
    const std::uint64_t images = lessonTrainImages(l);
    const std::string epochs = l.settings.epochs ? std::to_string(*l.settings.epochs) + " epoch"
                                                           + (*l.settings.epochs == 1 ? "" : "s")
                                                 : "up to 1000 epochs (settings.epochs not given)";
    const std::string batch = l.settings.batch ? std::to_string(*l.settings.batch) + " a batch"
                                               : "one a batch at the least (settings.batch not given)";
    return epochs + " of " + withThousands(images) + " images of the " + l.dataset + " set, " + batch;
}

std::string lessonNetworkWords(const Lesson &l, int stepOf, const Architecture &arch)
{
    return (stepOf > 0 ? "run " + std::to_string(stepOf) + "'s network " : std::string("the lesson's network "))
           + describe(arch) + (l.settings.network || stepOf > 0 ? "" : " (no settings.hidden: the default)");
}

/** The rules of a lesson file on top of the field checks: which fields each object has, how they
 *  depend on each other (a stage within the network shown, a timeline within the training). */
class LessonReader : public LessonFields
{
public:
    /** A field naming a Compare run (0-4) that only a step with `view` has; `does` says what it
     *  does there ("shows a run's mistakes"). */
    bool runOf(const Json &o, const std::string &path, const char *field, LessonView view, const char *does,
               LessonView stepView, std::optional<int> &out)
    {
        const Json *v = jsonMember(o, field);
        if (!v)
            return true;
        if (stepView != view)
            return fail(join(path, field), std::string("only a step with the view \"") + std::string(viewName(view))
                                                   + "\" " + does);
        int run = 0;
        if (!integer(v, join(path, field), 0, 4, run))
            return false;
        out = run;
        return true;
    }

    bool settings(const Json &o, Lesson &l)
    {
        const std::string path = "settings";
        if (!object(&o, path) || !onlyKnown(o, path, {"recipe", "lr", "batch", "epochs", "seed", "pace", "train_subset", "hidden", "layers",
                                                  "activation", "weight_decay"}))
            return false;
        LessonSettings &s = l.settings;
        if (const Json *v = jsonMember(o, "recipe")) {
            Recipe r = Recipe::Source;
            if (!recipeWord(v, "settings.recipe", r))
                return false;
            s.recipe = r;
        }
        if (const Json *v = jsonMember(o, "lr")) {
            double lr = 0;
            if (!number(v, "settings.lr", 0, 10, true, lr))
                return false;
            s.lr = lr;
        }
        int n = 0;
        if (const Json *v = jsonMember(o, "batch")) {
            if (!integer(v, "settings.batch", 1, 4096, n))
                return false;
            s.batch = n;
        }
        if (const Json *v = jsonMember(o, "epochs")) {
            if (!integer(v, "settings.epochs", 1, kMaxLessonEpochs, n))
                return false;
            s.epochs = n;
        }
        if (const Json *v = jsonMember(o, "seed")) {
            long long seed = 0;
            if (!integer(v, "settings.seed", 0LL, 2147483647LL, seed))
                return false;
            s.seed = std::uint64_t(seed);
        }
        if (const Json *v = jsonMember(o, "pace")) {
            LessonPace p;
            if (!pace(v, "settings.pace", p))
                return false;
            s.pace = p;
        }
        if (const Json *v = jsonMember(o, "train_subset")) {
            long long images = 0; // 0: the whole training set
            if (!integer(v, "settings.train_subset", 0LL, 1000000000LL, images))
                return false;
            s.trainSubset = std::size_t(images);
        }
        if (jsonMember(o, "hidden") || jsonMember(o, "layers") || jsonMember(o, "activation")) {
            Architecture a;
            if (!network(o, path, a))
                return false;
            s.network = a;
        }
        if (const Json *v = jsonMember(o, "weight_decay")) {
            double lambda = 0;
            if (!number(v, "settings.weight_decay", 0, 1, false, lambda))
                return false;
            s.weightDecay = lambda;
        }
        return true;
    }

    /** The network of the object at `path`: "hidden" (as --hidden spells it) or "layers" (as
     *  --layers spells it, "conv 8 5x5, pool 2, dense 64"), one of them required, in double quotes,
     *  and "activation" (ReLU when not given). */
    bool network(const Json &o, const std::string &path, Architecture &out)
    {
        if (const Json *layers = jsonMember(o, "layers")) {
            if (jsonMember(o, "hidden"))
                return fail(join(path, "layers"), "a network has \"hidden\" or \"layers\", not both");
            if (!layers->is_string())
                return fail(join(path, "layers"), "must be the layers as --layers spells them, in double quotes "
                                                  "(\"conv 8 5x5, pool 2, dense 64\")");
            const auto list = parseLayers(layers->get_ref<const std::string &>());
            if (!list)
                return fail(join(path, "layers"), list.error());
            Activation activation = Activation::ReLU;
            if (const Json *a = jsonMember(o, "activation")) {
                const auto f = a->is_string() ? parseActivation(a->get_ref<const std::string &>()) : parseActivation("");
                if (!f)
                    return fail(join(path, "activation"), f.error());
                activation = *f;
            }
            out = withLayers(*list, activation);
            return true;
        }
        const Json *hidden = jsonMember(o, "hidden");
        if (!hidden || !hidden->is_string())
            return fail(join(path, "hidden"), "must be the hidden layers' widths in double quotes (\"128\", "
                                              "\"256,128\" or \"0\" for none)");
        const auto widths = parseHidden(hidden->get_ref<const std::string &>());
        if (!widths)
            return fail(join(path, "hidden"), widths.error());
        out.hidden = *widths;
        if (const Json *a = jsonMember(o, "activation")) {
            const auto f = a->is_string() ? parseActivation(a->get_ref<const std::string &>()) : parseActivation("");
            if (!f)
                return fail(join(path, "activation"), f.error());
            out.activation = *f;
        }
        return true;
    }

    bool cluster(const Json *v, const std::string &path, LessonCluster &out)
    {
        if (!object(v, path) || !onlyKnown(*v, path, {"servers", "gpus_per_server", "algorithm"}))
            return false;
        std::string algorithm;
        if (!integer(jsonMember(*v, "servers"), join(path, "servers"), 1, 64, out.servers) ||
            !integer(jsonMember(*v, "gpus_per_server"), join(path, "gpus_per_server"), 1, 16, out.gpusPerServer) ||
            !word(jsonMember(*v, "algorithm"), join(path, "algorithm"), {"ring", "hierarchical"}, algorithm))
            return false;
        out.hierarchical = algorithm == "hierarchical";
        return true;
    }

    bool question(const Json &o, const std::string &path, LessonStep &step)
    {
        if (!object(&o, path) ||
            !onlyKnown(o, path, {"text", "quantity", "index", "digits", "tolerance_percent", "true_class",
                                 "predicted_class", "cluster"}))
            return false;
        LessonQuestion q;
        if (!text(jsonMember(o, "text"), join(path, "text"), kLessonMaxQuestionChars, q.text) ||
            !choice(jsonMember(o, "quantity"), join(path, "quantity"), lessonQuantityNames(), "a quantity the app computes", q.quantity))
            return false;
        // Which of the optional fields this quantity reads; any other is a mistake worth naming.
        const Quantity k = q.quantity;
        int indexMax = -1; // -1: takes no index
        int indexMin = 0;
        if (k == Quantity::SignDelta2 || k == Quantity::Logit || k == Quantity::P)
            indexMax = 9;
        else if (k == Quantity::SignDelta1 || k == Quantity::Z1 || k == Quantity::A1)
            indexMax = 127;
        else if (k == Quantity::CompareAccuracy)
            indexMin = 1, indexMax = 4; // the run as the Compare view's table counts it
        const bool numeric = answerKindOf(k) == AnswerKind::Number;
        const bool tolerance = k == Quantity::AllReduceTime || k == Quantity::SnapshotTime || k == Quantity::TestAccuracy
                               || k == Quantity::TrainAccuracy || k == Quantity::CompareAccuracy;
        const bool confusion = k == Quantity::ConfusionCount;
        const bool needsCluster = k == Quantity::AllReduceTime || k == Quantity::SnapshotTime;
        const std::string qname = lessonQuoted(quantityName(k));
        const auto notFor = [&](const char *field) {
            return fail(join(path, field), "is not used by the quantity " + qname);
        };
        if (indexMax >= 0) {
            if (!integer(jsonMember(o, "index"), join(path, "index"), indexMin, indexMax, q.index))
                return false;
        } else if (jsonMember(o, "index")) {
            return notFor("index");
        }
        if (jsonMember(o, "digits")) {
            if (!numeric || tolerance || confusion)
                return notFor("digits");
            if (!integer(jsonMember(o, "digits"), join(path, "digits"), 0, 4, q.digits))
                return false;
        }
        if (tolerance || confusion) {
            q.tolerancePercent = confusion ? 0 : 10; // a count is exact unless the lesson allows more
            if (jsonMember(o, "tolerance_percent") &&
                !number(jsonMember(o, "tolerance_percent"), join(path, "tolerance_percent"), 0, 100, true, q.tolerancePercent))
                return false;
        } else if (jsonMember(o, "tolerance_percent")) {
            return notFor("tolerance_percent");
        }
        if (confusion) {
            if (!integer(jsonMember(o, "true_class"), join(path, "true_class"), 0, 9, q.trueClass) ||
                !integer(jsonMember(o, "predicted_class"), join(path, "predicted_class"), 0, 9, q.predictedClass))
                return false;
        } else if (jsonMember(o, "true_class") || jsonMember(o, "predicted_class")) {
            return notFor(jsonMember(o, "true_class") ? "true_class" : "predicted_class");
        }
        if (needsCluster) {
            if (!cluster(jsonMember(o, "cluster"), join(path, "cluster"), q.cluster))
                return false;
        } else if (jsonMember(o, "cluster")) {
            return notFor("cluster");
        }
        step.question = q;
        return true;
    }

    bool step(const Json &o, const std::string &path, const Lesson &l, LessonStep &s)
    {
        if (!object(&o, path) ||
            !onlyKnown(o, path, {"text", "view", "stage", "timeline_at", "test_image", "lr", "pace", "question", "compare",
                                  "compare_show", "mistakes_of", "step_of", "cluster", "claims", "compute"}))
            return false;
        if (!text(jsonMember(o, "text"), join(path, "text"), kLessonMaxStepChars, s.text) ||
            !choice(jsonMember(o, "view"), join(path, "view"), lessonViewNames(), "a view", s.view))
            return false;
        bool shownView = false;
        for (LessonView v : l.views)
            shownView = shownView || v == s.view;
        if (!shownView)
            return fail(join(path, "view"), lessonQuoted(viewName(s.view)) + " is not in the lesson's \"views\"; add it there");
        // step_of is read first: the stages a step may show are those of the network it shows.
        if (!runOf(o, path, "step_of", LessonView::Step, "steps through a run's network", s.view, s.stepOf))
            return false;
        if (const Json *v = jsonMember(o, "stage")) {
            if (s.view != LessonView::Step)
                return fail(join(path, "stage"), "only a step with the view \"step\" has a stage");
            int stage = 0;
            if (!integer(v, join(path, "stage"), 1, maxStageCount(), stage))
                return false;
            const std::optional<Architecture> shown = stepNetwork(l, s.stepOf.value_or(0));
            if (shown && stage > stageCount(*shown))
                return fail(join(path, "stage"),
                            "must be a whole number from 1 to " + std::to_string(stageCount(*shown)) + ", the stages of "
                                    + lessonNetworkWords(l, s.stepOf.value_or(0), *shown) + ", not " + std::to_string(stage));
            s.stage = stage;
        }
        long long n = 0;
        if (const Json *v = jsonMember(o, "timeline_at")) {
            if (!integer(v, join(path, "timeline_at"), 0LL, kLessonMaxBatches, n))
                return false;
            if (const long long most = lessonBatches(l); n > most)
                return fail(join(path, "timeline_at"),
                            std::to_string(n) + " is beyond the lesson's training: " + lessonTrainingWords(l) + " ("
                                    + withThousands(std::uint64_t(most))
                                    + " batches); raise settings.epochs to train longer");
            s.timelineAt = n;
        }
        if (const Json *v = jsonMember(o, "test_image")) {
            if (!integer(v, join(path, "test_image"), 0LL, kLessonMaxImageIndex, n))
                return false;
            s.testImage = n;
        }
        if (const Json *v = jsonMember(o, "lr")) {
            double lr = 0;
            if (!number(v, join(path, "lr"), 0, 10, true, lr))
                return false;
            s.lr = lr;
        }
        if (const Json *v = jsonMember(o, "pace")) {
            LessonPace p;
            if (!pace(v, join(path, "pace"), p))
                return false;
            s.pace = p;
        }
        if (const Json *v = jsonMember(o, "compare")) {
            if (s.view != LessonView::Compare)
                return fail(join(path, "compare"), "only a step with the view \"compare\" has runs to compare");
            if (!compareRuns(*v, join(path, "compare"), s.compare))
                return false;
        }
        if (const Json *v = jsonMember(o, "cluster")) {
            if (s.view != LessonView::Cluster)
                return fail(join(path, "cluster"), "only a step with the view \"cluster\" shows a cluster");
            LessonCluster c;
            if (!cluster(v, join(path, "cluster"), c))
                return false;
            s.cluster = c;
        }
        if (const Json *v = jsonMember(o, "compare_show")) {
            if (s.view != LessonView::Compare)
                return fail(join(path, "compare_show"), "only a step with the view \"compare\" shows runs");
            CompareMeasure m {};
            if (!choice(v, join(path, "compare_show"), lessonMeasureNames(), "a measure", m))
                return false;
            s.compareShow = m;
        }
        if (!runOf(o, path, "mistakes_of", LessonView::Mistakes, "shows a run's mistakes", s.view, s.mistakesOf))
            return false;
        if (const Json *v = jsonMember(o, "claims"))
            if (const std::string e = parseClaims(*v, join(path, "claims"), s.claims); !e.empty()) {
                error = e;
                return false;
            }
        if (const Json *v = jsonMember(o, "compute"))
            if (!compute(*v, join(path, "compute"), l, s))
                return false;
        if (const Json *v = jsonMember(o, "question"))
            return question(*v, join(path, "question"), s);
        return true;
    }

    /** ["z1:5", "loss", ...]: cells of the network the step shows, by hand (handcell.h). */
    bool compute(const Json &v, const std::string &path, const Lesson &l, LessonStep &s)
    {
        if (s.view != LessonView::Step)
            return fail(path, "only a step with the view \"step\" has cells to compute by hand");
        if (!v.is_array() || v.empty() || v.size() > 16)
            return fail(path, "must be a list of 1 to 16 cells ([\"z1:5\", \"loss\"]), not " + lessonValueWords(v));
        const std::optional<Architecture> shown = stepNetwork(l, s.stepOf.value_or(0));
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string at = path + "[" + std::to_string(i) + "]";
            if (!v[i].is_string())
                return fail(at, "must be a cell in quotes (\"z1:5\"), not " + lessonValueWords(v[i]));
            const Result<HandCellRef> cell = parseHandCell(v[i].get_ref<const std::string &>());
            if (!cell)
                return fail(at, cell.error());
            if (shown)
                if (const std::string why = handCellFits(*cell, *shown); !why.empty())
                    return fail(at, why + " (" + lessonNetworkWords(l, s.stepOf.value_or(0), *shown) + ")");
            if (std::find(s.compute.begin(), s.compute.end(), *cell) != s.compute.end())
                return fail(at, lessonQuoted(handCellText(*cell)) + " is listed twice");
            s.compute.push_back(*cell);
        }
        return true;
    }

    /** A Compare run's network: "hidden" (network()) or "layers" (as --layers spells it, e.g.
     *  "dense 128, dropout 0.25"), and its "weight_decay" (lambda, 0 to 1; none when not given). */
    bool runNetwork(const Json &o, const std::string &path, CompareChoice &c)
    {
        if (const Json *n = jsonMember(o, "weight_decay"); n && !number(n, join(path, "weight_decay"), 0, 1, false, c.weightDecay))
            return false;
        if (const Json *n = jsonMember(o, "test_shift"); n && !integer(n, join(path, "test_shift"), 0, 8, c.testShift))
            return false;
        return network(o, path, c.arch);
    }

    /** [{"hidden": "128", "activation": "sigmoid", "lr": 0.1, "momentum": 0, "epochs": 3}, ...]:
     *  1 to 4 runs; "hidden" as --hidden spells it, the rest optional (ReLU, 0.1, 0, 3; "optimizer"
     *  "sgd" or "adam", SGD by default). */
    bool compareRuns(const Json &v, const std::string &path, std::vector<CompareChoice> &runs)
    {
        if (!v.is_array() || v.empty() || v.size() > 4)
            return fail(path, "must be a list of 1 to 4 runs ([{\"hidden\": \"128\"}, ...]), not " + lessonValueWords(v));
        for (std::size_t i = 0; i < v.size(); ++i) {
            const Json &o = v[i];
            const std::string at = path + "[" + std::to_string(i) + "]";
            if (!object(&o, at)
                || !onlyKnown(o, at, {"hidden", "layers", "activation", "lr", "momentum", "optimizer", "weight_decay", "test_shift",
                                      "epochs"}))
                return false;
            CompareChoice c;
            if (!runNetwork(o, at, c))
                return false;
            if (const Json *n = jsonMember(o, "lr"); n && !number(n, join(at, "lr"), 0, 10, true, c.lr))
                return false;
            if (const Json *n = jsonMember(o, "momentum"); n && !number(n, join(at, "momentum"), 0, 0.99, false, c.momentum))
                return false;
            if (const Json *n = jsonMember(o, "optimizer")) {
                std::string name;
                if (!word(n, join(at, "optimizer"), {"sgd", "adam"}, name))
                    return false;
                c.adam = name == "adam";
                if (c.adam && jsonMember(o, "momentum"))
                    return fail(join(at, "momentum"), "Adam keeps its own moments: leave out \"momentum\"");
            }
            if (const Json *n = jsonMember(o, "epochs"); n && !integer(n, join(at, "epochs"), 1, 100, c.epochs))
                return false;
            runs.push_back(c);
        }
        return true;
    }

    bool lesson(const Json &root, Lesson &l)
    {
        if (!root.is_object())
            return fail("the file", std::string("must hold one JSON object ({...}), not ") + lessonValueWords(root));
        std::string format;
        if (!word(jsonMember(root, "format"), "format", {kLessonFormat}, format))
            return false;
        int version = 0;
        const Json *ver = jsonMember(root, "version");
        if (!ver)
            return fail("version", "is missing");
        if (ver->is_number() && ver->is_number_integer() && ver->get<double>() > kLessonVersion && ver->get<double>() < 1e9)
            return fail("version", "is " + lessonValueWords(*ver) + ", written by a newer Backprop Lab; this one reads version " +
                                           std::to_string(kLessonVersion));
        if (!integer(ver, "version", kLessonVersion, kLessonVersion, version))
            return false;
        if (!onlyKnown(root, "", {"format", "version", "title", "dataset", "settings", "views", "controls", "steps"}))
            return false;
        if (!text(jsonMember(root, "title"), "title", kLessonMaxTitleChars, l.title) ||
            !word(jsonMember(root, "dataset"), "dataset", {"mnist", "fashion", "sample"}, l.dataset))
            return false;
        if (const Json *s = jsonMember(root, "settings"); s && !settings(*s, l))
            return false;
        if (!list(jsonMember(root, "views"), "views", lessonViewNames(), "a view", l.views))
            return false;
        if (l.views.empty())
            return fail("views", "is empty; name at least one view the lesson shows");
        if (const Json *c = jsonMember(root, "controls")) {
            if (!object(c, "controls") || !onlyKnown(*c, "controls", {"lock", "hide"}))
                return false;
            if (jsonMember(*c, "lock") && !list(jsonMember(*c, "lock"), "controls.lock", lessonControlNames(), "a control", l.locked))
                return false;
            if (jsonMember(*c, "hide") && !list(jsonMember(*c, "hide"), "controls.hide", lessonControlNames(), "a control", l.hidden))
                return false;
        }
        const Json *steps = jsonMember(root, "steps");
        if (!steps)
            return fail("steps", "is missing");
        if (!steps->is_array())
            return fail("steps", "must be a list ([...]) of steps, not " + lessonValueWords(*steps));
        if (steps->empty())
            return fail("steps", "is empty; a lesson has at least one step");
        if (steps->size() > std::size_t(kMaxLessonSteps))
            return fail("steps", "has " + std::to_string(steps->size()) + " steps; at most " +
                                         std::to_string(kMaxLessonSteps) + " fit in one lesson");
        for (std::size_t i = 0; i < steps->size(); ++i) {
            LessonStep s;
            if (!step((*steps)[i], "steps[" + std::to_string(i) + "]", l, s))
                return false;
            l.steps.push_back(std::move(s));
        }
        return true;
    }
};

} // namespace

Result<Lesson> parseLesson(std::string_view text, const std::string &name)
{
    if (text.size() > kMaxLessonBytes)
        return Error{name + ": " + std::to_string(text.size()) + " bytes is more than a lesson file can hold (at most " +
                     std::to_string(kMaxLessonBytes) + ")"};
    auto json = parseJson(text, kMaxLessonBytes);
    if (!json)
        return Error{name + ": not valid JSON: " + json.error()};
    LessonReader reader;
    Lesson lesson;
    if (!reader.lesson(*json, lesson))
        return Error{name + ": " + reader.error};
    return lesson;
}

Result<Lesson> loadLesson(const std::string &path)
{
    auto bytes = readWholeFile(path, kMaxLessonBytes);
    if (!bytes)
        return Error{bytes.error()};
    return parseLesson(std::string_view(reinterpret_cast<const char *>(bytes->data()), bytes->size()), fileNameOf(path));
}

bool looksLikeLesson(std::string_view text)
{
    // The marker near the start, as written by hand or by any JSON writer.
    const std::string_view head = text.substr(0, 4096);
    const std::size_t at = head.find("\"format\"");
    return at != std::string_view::npos && head.find(std::string("\"") + kLessonFormat + "\"", at) != std::string_view::npos;
}

} // namespace bplab
