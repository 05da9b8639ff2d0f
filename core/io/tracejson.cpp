#include "io/tracejson.h"

#include "io/json.h"

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

Json array(const Vec<float> &v)
{
    Json a = Json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i)
        a.push_back(jsonNumberOf(v[i]));
    return a;
}

/** The keys every trace starts with: set, index, label, predicted, network. */
Json opening(const std::string &set, long long index, int label, int predicted, const Architecture &arch)
{
    return Json {{"set", set}, {"index", index}, {"label", label}, {"predicted", predicted}, {"network", describe(arch)}};
}

/** One hidden layer: {"z": [...], "a": [...], "delta": [...]}. */
Json hiddenObject(const Vec<float> &z, const Vec<float> &a, const Vec<float> &delta)
{
    return Json {{"z", array(z)}, {"a", array(a)}, {"delta", array(delta)}};
}

} // namespace

std::string explainJson(const Architecture &arch, const MlpTrace<float> &t, const std::string &set, long long index)
{
    return jsonText(explainObject(arch, t, set, index));
}

Json explainObject(const Architecture &arch, const MlpTrace<float> &t, const std::string &set, long long index)
{
    Json j = opening(set, index, t.label, t.predicted, arch);
    j["input"] = array(t.input);
    j["target"] = array(t.target);
    Json hidden = Json::array();
    for (const auto &layer : t.hidden)
        hidden.push_back(hiddenObject(layer.z, layer.a, layer.delta));
    j["hidden"] = std::move(hidden);
    j["logits"] = array(t.logits);
    j["exp"] = array(t.exp);
    j["exp_sum"] = t.expFinite ? jsonNumberOf(t.expSum) : Json(nullptr); // null when e^z overflowed
    j["probabilities"] = array(t.probabilities);
    j["loss"] = jsonNumberOf(t.loss);
    j["delta_out"] = array(t.deltaOut);
    j["lr"] = jsonNumberOf(t.lr);
    j["loss_after"] = jsonNumberOf(t.lossAfter);
    return j;
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
