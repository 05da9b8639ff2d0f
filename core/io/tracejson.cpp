#include "io/tracejson.h"

#include <charconv>
#include <cmath>

namespace bplab {

namespace {

std::string quoted(const std::string &s)
{
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20)
            out += c;
    }
    return out + '"';
}

std::string array(const Vec<float> &v)
{
    std::string out = "[";
    for (Eigen::Index i = 0; i < v.size(); ++i) {
        if (i)
            out += ',';
        out += jsonFloat(v[i]);
    }
    return out + ']';
}

void csvRows(std::string &out, const char *name, const Vec<float> &v)
{
    for (Eigen::Index i = 0; i < v.size(); ++i)
        out += std::string(name) + ',' + std::to_string(i) + ',' + jsonFloat(v[i]) + '\n';
}

void csvRow(std::string &out, const char *name, const std::string &value)
{
    out += std::string(name) + ",0," + value + '\n';
}

} // namespace

namespace {
template<class T>
std::string shortestJson(T v)
{
    if (!std::isfinite(v))
        return "null";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, result.ptr);
}
} // namespace

std::string jsonFloat(float v) { return shortestJson(v); }
std::string jsonDouble(double v) { return shortestJson(v); }

namespace {

/** key("name") appends the comma (after the first key) and "name": to s. */
auto keyWriter(std::string &s)
{
    return [&s](const char *k) {
        if (s.size() > 1)
            s += ',';
        s += '"';
        s += k;
        s += "\":";
    };
}

/** The keys every trace starts with: set, index, label, predicted, network. */
template<class Key>
void opening(const Key &key, std::string &s, const std::string &set, long long index, int label, int predicted,
             const Architecture &arch)
{
    key("set"), s += quoted(set);
    key("index"), s += std::to_string(index);
    key("label"), s += std::to_string(label);
    key("predicted"), s += std::to_string(predicted);
    key("network"), s += quoted(describe(arch));
}

/** One hidden layer: {"z": [...], "a": [...], "delta": [...]}. */
std::string hiddenObject(const Vec<float> &z, const Vec<float> &a, const Vec<float> &delta)
{
    return "{\"z\":" + array(z) + ",\"a\":" + array(a) + ",\"delta\":" + array(delta) + '}';
}

/** The output layer's keys, the same for every network's trace: logits, exp, exp_sum (null when
 *  e^z overflowed), probabilities, loss. */
template<class Key, class Trace>
void outputKeys(const Key &key, std::string &s, const Trace &t)
{
    key("logits"), s += array(t.logits);
    key("exp"), s += array(t.exp);
    key("exp_sum"), s += jsonFloat(t.expFinite ? t.expSum : std::nanf(""));
    key("probabilities"), s += array(t.probabilities);
    key("loss"), s += jsonFloat(t.loss);
}

} // namespace

std::string explainJson(const StepTrace<float> &step, const std::string &set, long long index, float lr)
{
    const TraceF &t = step.before;
    std::string s = "{";
    const auto key = keyWriter(s);
    opening(key, s, set, index, t.label, t.predicted, Architecture::source());
    key("input"), s += array(t.input);
    key("target"), s += array(t.target);
    key("z1"), s += array(t.z1);
    key("a1"), s += array(t.a1);
    key("hidden"), s += '[' + hiddenObject(t.z1, t.a1, t.delta1) + ']';
    outputKeys(key, s, t);
    key("delta2"), s += array(t.delta2);
    key("delta_out"), s += array(t.delta2);
    key("delta1"), s += array(t.delta1);
    key("lr"), s += jsonFloat(lr);
    key("loss_after"), s += jsonFloat(step.afterTrace.loss);
    return s + '}';
}

std::string explainJson(const Architecture &arch, const MlpTrace<float> &t, const std::string &set, long long index)
{
    std::string s = "{";
    const auto key = keyWriter(s);
    opening(key, s, set, index, t.label, t.predicted, arch);
    key("input"), s += array(t.input);
    key("target"), s += array(t.target);
    key("hidden"), s += '[';
    for (std::size_t l = 0; l < t.hidden.size(); ++l)
        s += (l ? "," : "") + hiddenObject(t.hidden[l].z, t.hidden[l].a, t.hidden[l].delta);
    s += ']';
    outputKeys(key, s, t);
    key("delta_out"), s += array(t.deltaOut);
    key("lr"), s += jsonFloat(t.lr);
    key("loss_after"), s += jsonFloat(t.lossAfter);
    return s + '}';
}

std::string explainCsv(const StepTrace<float> &step, const std::string &set, long long index, float lr)
{
    const TraceF &t = step.before;
    std::string out = "quantity,index,value\n";
    csvRow(out, "set", quoted(set));
    csvRow(out, "index", std::to_string(index));
    csvRow(out, "label", std::to_string(t.label));
    csvRow(out, "predicted", std::to_string(t.predicted));
    csvRows(out, "input", t.input);
    csvRows(out, "target", t.target);
    csvRows(out, "z1", t.z1);
    csvRows(out, "a1", t.a1);
    csvRows(out, "logits", t.logits);
    csvRows(out, "exp", t.exp);
    csvRow(out, "exp_sum", jsonFloat(t.expFinite ? t.expSum : std::nanf("")));
    csvRows(out, "probabilities", t.probabilities);
    csvRow(out, "loss", jsonFloat(t.loss));
    csvRows(out, "delta2", t.delta2);
    csvRows(out, "delta1", t.delta1);
    csvRow(out, "lr", jsonFloat(lr));
    csvRow(out, "loss_after", jsonFloat(step.afterTrace.loss));
    csvRows(out, "probabilities_after", step.afterTrace.probabilities);
    csvRow(out, "predicted_after", std::to_string(step.afterTrace.predicted));
    return out;
}

std::string explainCsv(const Architecture &arch, const MlpTrace<float> &t, const std::string &set, long long index)
{
    std::string out = "quantity,index,value\n";
    csvRow(out, "set", quoted(set));
    csvRow(out, "index", std::to_string(index));
    csvRow(out, "network", quoted(describe(arch)));
    csvRow(out, "label", std::to_string(t.label));
    csvRow(out, "predicted", std::to_string(t.predicted));
    csvRows(out, "input", t.input);
    csvRows(out, "target", t.target);
    // hidden layer l (1-based) as z<l>, a<l>, delta<l>
    for (std::size_t l = 0; l < t.hidden.size(); ++l) {
        const std::string n = std::to_string(l + 1);
        csvRows(out, ("z" + n).c_str(), t.hidden[l].z);
        csvRows(out, ("a" + n).c_str(), t.hidden[l].a);
        csvRows(out, ("delta" + n).c_str(), t.hidden[l].delta);
    }
    csvRows(out, "logits", t.logits);
    csvRows(out, "exp", t.exp);
    csvRow(out, "exp_sum", jsonFloat(t.expFinite ? t.expSum : std::nanf("")));
    csvRows(out, "probabilities", t.probabilities);
    csvRow(out, "loss", jsonFloat(t.loss));
    csvRows(out, "delta_out", t.deltaOut);
    csvRow(out, "lr", jsonFloat(t.lr));
    csvRow(out, "loss_after", jsonFloat(t.lossAfter));
    return out;
}

} // namespace bplab
