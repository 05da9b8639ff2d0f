#include "lesson/lessonclaim.h"
#include "lesson/lessonclaimjson.h"

#include <cmath>
#include <cstdio>
#include <initializer_list>

namespace bplab {

namespace {

using Q = LessonClaim::Quantity;

constexpr struct
{
    const char *name;
    Q quantity;
} kClaims[] = {
        {"test_accuracy", Q::TestAccuracy},       {"train_accuracy", Q::TrainAccuracy},
        {"test_loss", Q::TestLoss},               {"confusion_count", Q::ConfusionCount},
        {"compare_accuracy", Q::CompareAccuracy}, {"compare_test_loss", Q::CompareTestLoss},
        {"compare_best", Q::CompareBest},         {"compare_train_accuracy", Q::CompareTrainAccuracy},
        {"compare_gap", Q::CompareGap},
};

bool ofRuns(Q q)
{
    return q == Q::CompareAccuracy || q == Q::CompareTestLoss || q == Q::CompareBest || q == Q::CompareTrainAccuracy
           || q == Q::CompareGap;
}

// A Compare run's value of a claim's quantity: gap = train accuracy - test accuracy (points).
double claimRunValue(Q q, const ClaimRun &x)
{
    switch (q) {
    case Q::CompareTestLoss: return x.testLoss;
    case Q::CompareTrainAccuracy: return x.trainAccuracy;
    case Q::CompareGap: return x.trainAccuracy - x.testAccuracy;
    default: return x.testAccuracy;
    }
}

// At most four significant digits, as a claim is read.
std::string fourDigits(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

} // namespace

const char *claimName(Q q)
{
    for (const auto &c : kClaims)
        if (c.quantity == q)
            return c.name;
    return "?";
}

std::string parseClaims(const Json &v, const std::string &path, std::vector<LessonClaim> &out)
{
    if (!v.is_array() || v.empty() || v.size() > 20)
        return path + ": must be a list of 1 to 20 claims ([{\"claim\": \"test_accuracy\", \"at_least\": 90}, ...])";
    for (std::size_t i = 0; i < v.size(); ++i) {
        const Json &o = v[i];
        const std::string at = path + "[" + std::to_string(i) + "]";
        if (!o.is_object())
            return at + ": must be an object ({\"claim\": ...})";
        for (auto it = o.begin(); it != o.end(); ++it) {
            bool known = false;
            for (const char *k : {"claim", "run", "true_class", "predicted_class", "at_least", "at_most", "above_run",
                                  "below_run", "by"})
                known = known || it.key() == k;
            if (!known)
                return at + "." + it.key() + ": is not a member of a claim";
        }
        LessonClaim c;
        const Json *name = jsonMember(o, "claim");
        bool found = false;
        for (const auto &k : kClaims)
            if (name && name->is_string() && name->get<std::string>() == k.name) {
                c.quantity = k.quantity;
                found = true;
            }
        if (!found)
            return at + ".claim: must be test_accuracy, train_accuracy, test_loss, confusion_count, compare_accuracy, "
                        "compare_test_loss, compare_best, compare_train_accuracy or compare_gap";
        const auto integer = [&](const char *key, int lo, int hi, int &to) -> std::string {
            const Json *n = jsonMember(o, key);
            if (!n)
                return {};
            if (!n->is_number_integer() || n->get<long long>() < lo || n->get<long long>() > hi)
                return at + "." + key + ": must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
            to = int(n->get<long long>());
            return {};
        };
        const auto real = [&](const char *key, std::optional<double> &to) -> std::string {
            const Json *n = jsonMember(o, key);
            if (!n)
                return {};
            if (!n->is_number() || !std::isfinite(n->get<double>()) || n->get<double>() < 0 || n->get<double>() > 1e6)
                return at + "." + key + ": must be a number from 0 up";
            to = n->get<double>();
            return {};
        };
        int above = 0, below = 0;
        std::optional<double> by;
        for (const std::string &e : {integer("run", 1, 4, c.run), integer("true_class", 0, 9, c.trueClass),
                                     integer("predicted_class", 0, 9, c.predictedClass), integer("above_run", 1, 4, above),
                                     integer("below_run", 1, 4, below), real("at_least", c.atLeast),
                                     real("at_most", c.atMost), real("by", by)})
            if (!e.empty())
                return e;
        if (above)
            c.aboveRun = above;
        if (below)
            c.belowRun = below;
        c.by = by.value_or(0);
        if (ofRuns(c.quantity) && c.run == 0)
            return at + ".run: is missing: the Compare run (1-4) the claim is about";
        if (!ofRuns(c.quantity) && (c.run || c.aboveRun || c.belowRun))
            return at + ": only a claim on the Compare runs names a run";
        if ((c.aboveRun || c.belowRun || c.quantity == Q::CompareBest) && !by && !c.atLeast && !c.atMost)
            return at + ".by: a comparison needs a margin (\"by\") or an absolute bound (\"at_least\", \"at_most\"), so "
                        "that runs that learn nothing cannot pass it by chance";
        if (!c.atLeast && !c.atMost && !c.aboveRun && !c.belowRun && c.quantity != Q::CompareBest)
            return at + ": needs a direction: \"at_least\", \"at_most\", \"above_run\" or \"below_run\"";
        if (c.quantity != Q::ConfusionCount && (jsonMember(o, "true_class") || jsonMember(o, "predicted_class")))
            return at + ": only confusion_count has classes";
        out.push_back(c);
    }
    return {};
}

ClaimCheck checkClaim(const LessonClaim &c, const ClaimSources &s)
{
    ClaimCheck r;
    const auto runValue = [&](int run) -> std::optional<double> {
        if (run < 1 || std::size_t(run) > s.runs.size() || !s.runs[std::size_t(run - 1)])
            return std::nullopt;
        return claimRunValue(c.quantity, *s.runs[std::size_t(run - 1)]);
    };
    std::string what = claimName(c.quantity);
    std::optional<double> value;
    switch (c.quantity) {
    case Q::TestAccuracy: value = s.test ? std::optional(s.test->accuracy) : std::nullopt; break;
    case Q::TrainAccuracy: value = s.train ? std::optional(s.train->accuracy) : std::nullopt; break;
    case Q::TestLoss: value = s.test ? std::optional(s.test->loss) : std::nullopt; break;
    case Q::ConfusionCount:
        what += " " + std::to_string(c.trueClass) + " as " + std::to_string(c.predictedClass);
        if (s.test)
            value = s.test->confusion[std::size_t(c.trueClass)][std::size_t(c.predictedClass)];
        break;
    case Q::CompareAccuracy:
    case Q::CompareTestLoss:
    case Q::CompareBest:
    case Q::CompareTrainAccuracy:
    case Q::CompareGap:
        what += " of run " + std::to_string(c.run);
        value = runValue(c.run);
        break;
    }
    if (!value) {
        r.text = what + ": no value (the weights or the run are missing)";
        return r;
    }
    r.value = *value;
    r.holds = true;
    std::string terms;
    if (c.atLeast) {
        r.holds = r.holds && *value >= *c.atLeast;
        terms += ", at least " + fourDigits(*c.atLeast);
    }
    if (c.atMost) {
        r.holds = r.holds && *value <= *c.atMost;
        terms += ", at most " + fourDigits(*c.atMost);
    }
    const auto compareWith = [&](int other, bool above) {
        const std::optional<double> o = runValue(other);
        r.holds = r.holds && o && (above ? *value >= *o + c.by : *value <= *o - c.by);
        terms += std::string(above ? ", above" : ", below") + " run " + std::to_string(other) + " ("
                 + (o ? fourDigits(*o) : std::string("no value")) + ") by " + fourDigits(c.by);
    };
    if (c.aboveRun)
        compareWith(*c.aboveRun, true);
    if (c.belowRun)
        compareWith(*c.belowRun, false);
    if (c.quantity == Q::CompareBest)
        for (int other = 1; other <= int(s.runs.size()); ++other)
            if (other != c.run)
                compareWith(other, true);
    r.text = what + " = " + fourDigits(*value) + terms;
    return r;
}

} // namespace bplab
