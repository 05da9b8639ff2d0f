// The model file's info block (version 2): UTF-8 "key=value" lines that say how the weights were
// made. Text, so that `strings model.bplab` shows it; numbers in their shortest exact form.

#include "io/modelinfo.h"

#include "data/dataset.h"
#include "io/fileio.h"
#include "data/idx.h"
#include "train/snapshot.h"

#include <charconv>
#include <cstdio>
#include <map>

namespace bplab {

namespace {

std::string number(double v)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

/** Backslash, newline and carriage return escaped: one value is one line. */
std::string escaped(const std::string &s)
{
    std::string out;
    for (const char c : s) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else
            out += c;
    }
    return out;
}

std::string unescaped(const std::string &s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out += s[i];
            continue;
        }
        const char n = s[++i];
        out += n == 'n' ? '\n' : n == 'r' ? '\r' : n;
    }
    return out;
}

/** The parsed lines, and the first problem met while reading values out of them. */
class Fields {
public:
    Fields(std::map<std::string, std::string> values, std::string name)
        : m_values(std::move(values)), m_name(std::move(name))
    {
    }

    const std::string *find(const char *key) const
    {
        auto it = m_values.find(key);
        return it == m_values.end() ? nullptr : &it->second;
    }
    /** The value of a key that must be there. */
    const std::string *need(const char *key)
    {
        const std::string *v = find(key);
        if (!v)
            fail(std::string("the model info has no \"") + key + "\"");
        return v;
    }
    template <class T>
    void integer(const char *key, T &out, T lo, T hi, bool required = true)
    {
        const std::string *v = required ? need(key) : find(key);
        if (!v)
            return;
        T x{};
        const auto r = std::from_chars(v->data(), v->data() + v->size(), x);
        if (r.ec != std::errc() || r.ptr != v->data() + v->size() || x < lo || x > hi)
            return fail(std::string("model info \"") + key + "\" is \"" + *v + "\"; expected a whole number from " +
                        std::to_string(lo) + " to " + std::to_string(hi));
        out = x;
    }
    void real(const char *key, double &out, double lo, double hi)
    {
        const std::string *v = need(key);
        if (!v)
            return;
        double x = 0;
        const auto r = std::from_chars(v->data(), v->data() + v->size(), x);
        if (r.ec != std::errc() || r.ptr != v->data() + v->size() || !(x >= lo && x <= hi))
            return fail(std::string("model info \"") + key + "\" is \"" + *v + "\"; expected a number from " +
                        number(lo) + " to " + number(hi));
        out = x;
    }
    void crc(const char *key, std::uint32_t &out)
    {
        const std::string *v = find(key);
        if (!v)
            return;
        std::uint32_t x = 0;
        const auto r = std::from_chars(v->data(), v->data() + v->size(), x, 16);
        if (v->size() != 8 || r.ec != std::errc() || r.ptr != v->data() + v->size())
            return fail(std::string("model info \"") + key + "\" is \"" + *v + "\"; expected 8 hex digits");
        out = x;
    }
    /** parse: the value's meaning, or nullopt when it names nothing known. */
    template <class E, class Parse>
    void choice(const char *key, E &out, Parse parse, const char *allowed)
    {
        const std::string *v = need(key);
        if (!v)
            return;
        const std::optional<E> parsed = parse(*v);
        if (!parsed)
            return fail(std::string("model info \"") + key + "\" is \"" + *v + "\"; expected " + allowed);
        out = *parsed;
    }
    void fail(const std::string &message)
    {
        if (m_error.empty())
            m_error = m_name + ": " + message;
    }
    const std::string &error() const { return m_error; }

private:
    std::map<std::string, std::string> m_values;
    std::string m_name;
    std::string m_error;
};

} // namespace

bool ModelInfo::operator==(const ModelInfo &o) const
{
    const TrainConfig &a = recipe, &b = o.recipe;
    return a.epochs == b.epochs && a.batch == b.batch && a.lr == b.lr && a.momentum == b.momentum &&
           a.schedule == b.schedule && a.normalize == b.normalize && a.init == b.init && a.seed == b.seed &&
           a.augment == b.augment && initFrom == o.initFrom && dataset == o.dataset && trainCount == o.trainCount &&
           testCount == o.testCount && trainCrc == o.trainCrc && testCrc == o.testCrc &&
           epochsTrained == o.epochsTrained && testAccuracy == o.testAccuracy;
}

std::string encodeModelInfo(const ModelInfo &info)
{
    const TrainConfig &c = info.recipe;
    std::string s;
    const auto line = [&s](const char *key, const std::string &value) {
        s += key;
        s += '=';
        s += escaped(value);
        s += '\n';
    };
    line("normalize", toString(c.normalize));
    line("init", toString(c.init));
    if (!info.initFrom.empty())
        line("init_from", info.initFrom);
    line("seed", std::to_string(c.seed));
    line("epochs", std::to_string(c.epochs));
    line("batch", std::to_string(c.batch));
    line("lr", number(c.lr));
    line("momentum", number(c.momentum));
    line("schedule", scheduleName(c.schedule));
    line("augment", c.augment ? "true" : "false");
    line("dataset", info.dataset);
    line("train_count", std::to_string(info.trainCount));
    line("train_crc32", hexDigits32(info.trainCrc));
    line("test_count", std::to_string(info.testCount));
    line("test_crc32", hexDigits32(info.testCrc));
    line("epochs_trained", std::to_string(info.epochsTrained));
    if (info.testAccuracy)
        line("test_accuracy", number(*info.testAccuracy));
    return s;
}

Result<ModelInfo> decodeModelInfo(const std::string &text, const std::string &name)
{
    std::map<std::string, std::string> values;
    std::size_t pos = 0;
    for (int lineNo = 1; pos < text.size(); ++lineNo) {
        const std::size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            return Error{name + ": model info line " + std::to_string(lineNo) + " does not end with a line break"};
        const std::string line = text.substr(pos, end - pos);
        pos = end + 1;
        const std::size_t eq = line.find('=');
        const std::string key = line.substr(0, eq);
        bool keyOk = eq != std::string::npos && !key.empty();
        for (const char c : key)
            keyOk = keyOk && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
        if (!keyOk)
            return Error{name + ": model info line " + std::to_string(lineNo) + " is not key=value (\"" +
                         line.substr(0, 40) + "\")"};
        if (!values.emplace(key, unescaped(line.substr(eq + 1))).second)
            return Error{name + ": model info key \"" + key + "\" appears twice"};
    }
    // Keys this version does not know are ignored: a newer writer may add some.
    Fields f(std::move(values), name);
    ModelInfo info;
    TrainConfig &c = info.recipe;
    f.choice("normalize", c.normalize, parseNormalize, "none or standard");
    f.choice("init", c.init, parseInit, "he, xavier or pytorch");
    if (const std::string *v = f.find("init_from"))
        info.initFrom = *v;
    f.integer<std::uint64_t>("seed", c.seed, 0, ~std::uint64_t(0));
    f.integer("epochs", c.epochs, 0, 1000000);
    f.integer("batch", c.batch, 1, 1000000);
    f.real("lr", c.lr, 0, 1e6);
    f.real("momentum", c.momentum, 0, 1);
    f.choice("schedule", c.schedule, parseSchedule, "constant or cosine");
    if (const std::string *v = f.find("augment")) {
        if (*v != "true" && *v != "false")
            f.fail("model info \"augment\" is \"" + *v + "\"; expected true or false");
        c.augment = *v == "true";
    }
    if (const std::string *v = f.find("dataset"))
        info.dataset = *v;
    f.integer<std::uint64_t>("train_count", info.trainCount, 0, ~std::uint64_t(0), false);
    f.integer<std::uint64_t>("test_count", info.testCount, 0, ~std::uint64_t(0), false);
    f.crc("train_crc32", info.trainCrc);
    f.crc("test_crc32", info.testCrc);
    f.integer("epochs_trained", info.epochsTrained, 0, 1000000);
    if (f.find("test_accuracy")) {
        double a = 0;
        f.real("test_accuracy", a, 0, 100);
        info.testAccuracy = a;
    }
    if (!f.error().empty())
        return Error{f.error()};
    return info;
}

ModelInfo modelInfoFor(const TrainConfig &config, const DataSplit &data, int epochsTrained,
                       std::optional<double> testAccuracy)
{
    const DatasetIdentity id = datasetIdentity(data);
    ModelInfo info;
    info.recipe = config;
    info.dataset = data.name;
    info.trainCount = id.trainCount;
    info.testCount = id.testCount;
    info.trainCrc = id.trainCrc;
    info.testCrc = id.testCrc;
    info.epochsTrained = epochsTrained;
    info.testAccuracy = testAccuracy;
    return info;
}

std::string describeModelInfo(const ModelInfo &info)
{
    const TrainConfig &c = info.recipe;
    std::string s = std::to_string(info.epochsTrained) + (info.epochsTrained == 1 ? " epoch" : " epochs");
    if (!info.dataset.empty())
        s += " on " + info.dataset + " (" + withThousands(info.trainCount) + " training images)";
    s += ", " + (info.initFrom.empty() ? toString(c.init) + " init, seed " + std::to_string(c.seed)
                                       : "started from " + info.initFrom + ", seed " + std::to_string(c.seed));
    s += ", SGD lr " + number(c.lr);
    if (c.momentum != 0)
        s += " momentum " + number(c.momentum);
    if (c.schedule == Schedule::Cosine)
        s += " cosine";
    s += ", batch " + std::to_string(c.batch);
    if (c.augment)
        s += ", augmented";
    s += c.normalize == Normalize::Standard ? ", inputs standardised" : ", inputs x/255";
    if (info.testAccuracy) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2f%%", *info.testAccuracy);
        s += std::string("; test accuracy ") + buf;
    }
    return s;
}

} // namespace bplab
