#include "lesson/lessonanswer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace bplab {

namespace {

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

/** About three significant digits, never in exponent form ("1.24", "33.2", "2035", "0.0312"). */
std::string significant(double v)
{
    const double a = std::abs(v);
    if (a >= 100 || a == 0)
        return fixed(v, 0);
    if (a >= 0.01)
        return fixed(v, a >= 10 ? 1 : a >= 1 ? 2 : 3);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

std::string signText(double v) { return v > 0 ? "+" : v < 0 ? "-" : "0"; }

std::string trimmed(const std::string &s)
{
    const std::size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos)
        return {};
    return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

/** A decimal number as a person types it: "0.53", "-1,5" (a decimal comma too), "+2". */
std::optional<double> parseTyped(std::string s)
{
    s = trimmed(s);
    for (char &c : s)
        if (c == ',')
            c = '.';
    if (!s.empty() && s[0] == '+')
        s.erase(0, 1);
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

Result<TrueAnswer> traceAnswer(const LessonQuestion &q, const MlpTrace<float> &t)
{
    const bool aboutHidden = q.quantity == Quantity::Z1 || q.quantity == Quantity::A1 || q.quantity == Quantity::SignDelta1;
    if (aboutHidden && t.hidden.empty())
        return Error{"this network has no hidden layer"};
    if (aboutHidden && (q.layer < 0 || q.layer >= int(t.hidden.size())))
        return Error{"this network has no hidden layer " + std::to_string(q.layer + 1)};
    const std::size_t layer = aboutHidden ? std::size_t(q.layer) : 0;
    if (aboutHidden && q.index >= t.hidden[layer].z.size())
        return Error{"hidden neuron " + std::to_string(q.index + 1) + " is not in this network's "
                     + (layer == 0 ? std::string("first layer") : "hidden layer " + std::to_string(layer + 1))};
    TrueAnswer a;
    a.kind = answerKindOf(q.quantity);
    const auto number = [&](double v) {
        a.value = v;
        a.text = fixed(v, q.digits);
        return a;
    };
    const auto sign = [&](double v) {
        a.value = v > 0 ? 1 : v < 0 ? -1 : 0;
        a.text = signText(v);
        return a;
    };
    switch (q.quantity) {
    case Quantity::ArgmaxP:
        a.value = t.predicted;
        a.text = std::to_string(t.predicted);
        return a;
    case Quantity::LossAfterLower:
        // "lower" is strict: a loss that stays the same has not gone down.
        a.value = t.lossAfter < t.loss ? 1 : 0;
        a.text = a.value != 0 ? "yes" : "no";
        return a;
    case Quantity::SignDelta2: return sign(t.deltaOut[q.index]);
    case Quantity::SignDelta1: return sign(t.hidden[layer].delta[q.index]);
    case Quantity::Z1: return number(t.hidden[layer].z[q.index]);
    case Quantity::A1: return number(t.hidden[layer].a[q.index]);
    case Quantity::Logit: return number(t.logits[q.index]);
    case Quantity::P: return number(t.probabilities[q.index]);
    case Quantity::Loss: return number(t.loss);
    default: return Error{"not a quantity of one image"};
    }
}

} // namespace

Result<TrueAnswer> trueAnswer(const LessonQuestion &q, const AnswerSources &sources)
{
    TrueAnswer a;
    a.kind = answerKindOf(q.quantity);
    switch (q.quantity) {
    case Quantity::TestAccuracy:
    case Quantity::TrainAccuracy: {
        const bool test = q.quantity == Quantity::TestAccuracy;
        const Evaluation *ev = test ? sources.evaluation : sources.trainEvaluation;
        if (!ev || ev->count == 0)
            return Error{std::string(test ? "the test set" : "the training set")
                         + " has not been evaluated at these weights yet"};
        a.value = ev->accuracy;
        a.text = fixed(a.value, 1) + " %";
        return a;
    }
    case Quantity::ConfusionCount:
        if (!sources.evaluation || sources.evaluation->count == 0)
            return Error{"the test set has not been evaluated at these weights yet"};
        a.value = sources.evaluation->confusion[std::size_t(q.trueClass)][std::size_t(q.predictedClass)];
        a.text = std::to_string(static_cast<long long>(a.value));
        return a;
    case Quantity::CompareBest:
    case Quantity::CompareAccuracy:
    case Quantity::CompareSmallestGradient: {
        const auto &runs = sources.compareRuns;
        const bool one = q.quantity == Quantity::CompareAccuracy;
        const std::size_t asked = one ? std::size_t(q.index) : runs.size();
        if (runs.size() < std::max<std::size_t>(asked, 1))
            return Error{"the Compare view has no run " + std::to_string(std::max<std::size_t>(asked, 1))};
        for (std::size_t i = 0; i < asked; ++i)
            if (!runs[i] && (!one || i + 1 == asked))
                return Error{"run " + std::to_string(i + 1) + " of the Compare view has not finished yet"};
        if (one) {
            a.value = runs[asked - 1]->testAccuracy;
            a.text = fixed(a.value, 1) + " %";
            return a;
        }
        // The first of equals wins, as the table lists them.
        const bool smallest = q.quantity == Quantity::CompareSmallestGradient;
        const auto better = [smallest](const CompareResult &x, const CompareResult &y) {
            return smallest ? x.firstLayerGradient < y.firstLayerGradient : x.testAccuracy > y.testAccuracy;
        };
        std::size_t best = 0;
        for (std::size_t i = 1; i < runs.size(); ++i)
            if (better(*runs[i], *runs[best]))
                best = i;
        a.value = double(best + 1);
        a.text = std::to_string(best + 1);
        return a;
    }
    case Quantity::AllReduceTime:
    case Quantity::SnapshotTime: {
        if (!sources.clusterSeconds)
            return Error{"this window cannot simulate a cluster"};
        a.value = 1e6 * sources.clusterSeconds(q.cluster, q.quantity == Quantity::SnapshotTime);
        a.text = significant(a.value) + " \u00b5s";
        return a;
    }
    default:
        if (!sources.trace || sources.trace->label < 0)
            return Error{"no labelled image is shown"};
        return traceAnswer(q, *sources.trace);
    }
}

Result<bool> isRightAnswer(const LessonQuestion &q, const TrueAnswer &truth, const std::string &given)
{
    std::string g = trimmed(given);
    for (char &c : g)
        c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    switch (truth.kind) {
    case AnswerKind::Class:
        if ((q.quantity == Quantity::CompareBest || q.quantity == Quantity::CompareSmallestGradient) && (g.size() != 1 || g[0] < '1' || g[0] > '4'))
            return Error{"answer with a run's number from 1 to 4"};
        if (g.size() != 1 || g[0] < '0' || g[0] > '9')
            return Error{"answer with a class from 0 to 9"};
        return double(g[0] - '0') == truth.value;
    case AnswerKind::YesNo:
        if (g != "yes" && g != "no")
            return Error{"answer yes or no"};
        return (g == "yes") == (truth.value != 0);
    case AnswerKind::Sign: {
        double s = 0;
        if (g == "+" || g == "positive")
            s = 1;
        else if (g == "-" || g == "negative")
            s = -1;
        else if (g != "0" && g != "zero")
            return Error{"answer +, - or 0"};
        return s == truth.value;
    }
    case AnswerKind::Number: break;
    }
    const std::optional<double> v = parseTyped(g);
    if (!v)
        return Error{"answer with a number, such as 0.53"};
    if (q.tolerancePercent > 0)
        return std::abs(*v - truth.value) <= q.tolerancePercent / 100.0 * std::abs(truth.value);
    // Right when it rounds to the value's decimals: |given - value| <= half a unit of the last
    // decimal (with room for the value's own float rounding).
    const double half = 0.5 * std::pow(10.0, -q.digits);
    return std::abs(*v - truth.value) <= half * (1 + 1e-9);
}

} // namespace bplab
