#include "lesson/handcell.h"

#include <charconv>

namespace bplab {

namespace {

using HandKind = HandCellRef::Kind;

constexpr const char *kHandCellForms = "write z1:5, a1:5, p:3, loss, delta2:3, dLdw2:3:17, Deltaw2:3:17 or w2:3:17";

struct HandCellName
{
    const char *name;
    HandKind kind;
    bool layered; ///< written with its layer ("z1")
    int numbers;  ///< after the colons: 0, 1 (the neuron) or 2 (row and column)
};

constexpr HandCellName kHandCellNames[] = {
        {"z", HandKind::Z, true, 1},         {"a", HandKind::A, true, 1},
        {"p", HandKind::P, false, 1},        {"loss", HandKind::Loss, false, 0},
        {"delta", HandKind::Delta, true, 1}, {"dLdw", HandKind::DLdw, true, 2},
        {"Deltaw", HandKind::DeltaW, true, 2}, {"w", HandKind::W, true, 2},
        {"dw", HandKind::DLdw, true, 2}, // older lessons' name of dL/dw, read only
};

/** Names are compared without their case ("deltaw" is Deltaw, never delta: the w stays). */
bool handSameName(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i]))
            return false;
    return true;
}

const HandCellName &handNameOf(HandKind kind)
{
    for (const HandCellName &n : kHandCellNames)
        if (n.kind == kind)
            return n;
    return kHandCellNames[0];
}

/** A whole number from 1, or -1. */
int handPositive(std::string_view s)
{
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size() && v >= 1 ? v : -1;
}

std::string_view handTrimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

std::string handQuoted(std::string_view s)
{
    return "\"" + std::string(s.substr(0, 40)) + "\"";
}

} // namespace

Result<HandCellRef> parseHandCell(std::string_view text)
{
    const std::string_view s = handTrimmed(text);
    std::size_t letters = 0;
    while (letters < s.size() && ((s[letters] >= 'a' && s[letters] <= 'z') || (s[letters] >= 'A' && s[letters] <= 'Z')))
        ++letters;
    const std::string_view word = s.substr(0, letters);
    for (const HandCellName &n : kHandCellNames) {
        if (!handSameName(word, n.name))
            continue;
        std::string_view rest = s.substr(letters);
        HandCellRef cell;
        cell.kind = n.kind;
        const std::size_t colon = rest.find(':');
        if (n.layered) {
            cell.layer = handPositive(rest.substr(0, colon));
            if (cell.layer < 1)
                return Error {handQuoted(s) + ": " + n.name + " needs its layer from 1 (" + n.name
                              + "1), then the neuron; " + kHandCellForms};
        } else if (colon != 0 && !rest.empty()) {
            return Error {handQuoted(s) + ": " + n.name + " has no layer; " + kHandCellForms};
        }
        rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
        if (n.numbers == 0) {
            if (colon != std::string_view::npos)
                return Error {handQuoted(s) + ": the loss is one number, written loss"};
            return cell;
        }
        const std::size_t second = rest.find(':');
        const int first = handPositive(rest.substr(0, second));
        const int other
                = second == std::string_view::npos ? -1 : handPositive(rest.substr(second + 1));
        if (n.numbers == 1 && (first < 1 || second != std::string_view::npos))
            return Error {handQuoted(s) + ": the neuron goes after a colon, counted from 1 ("
                          + std::string(n.name) + (n.layered ? "1" : "") + ":5)"};
        if (n.numbers == 2 && (first < 1 || other < 1))
            return Error {handQuoted(s)
                          + ": a weight is its row and column after colons, each counted from 1 ("
                          + std::string(n.name) + "2:3:17)"};
        cell.row = first - 1;
        cell.col = n.numbers == 2 ? other - 1 : 0;
        return cell;
    }
    return Error {handQuoted(s) + " is not a cell; " + kHandCellForms};
}

Result<std::vector<HandCellRef>> parseHandCells(std::string_view spec)
{
    std::vector<HandCellRef> cells;
    std::size_t item = 0;
    while (true) {
        const std::size_t comma = spec.find(',');
        ++item;
        const std::string_view text = spec.substr(0, comma);
        if (handTrimmed(text).empty()) {
            if (comma == std::string_view::npos && item > 1)
                break; // a trailing comma
            return Error {"item " + std::to_string(item) + " is empty; " + kHandCellForms
                          + ", separated by commas"};
        }
        Result<HandCellRef> cell = parseHandCell(text);
        if (!cell)
            return Error {"item " + std::to_string(item) + ", " + cell.error()};
        bool seen = false;
        for (const HandCellRef &c : cells)
            seen = seen || c == *cell;
        if (!seen)
            cells.push_back(*cell);
        if (comma == std::string_view::npos)
            break;
        spec.remove_prefix(comma + 1);
    }
    return cells;
}

std::string handCellText(const HandCellRef &cell)
{
    const HandCellName &n = handNameOf(cell.kind);
    std::string s = n.name;
    if (n.layered)
        s += std::to_string(cell.layer);
    if (n.numbers >= 1)
        s += ":" + std::to_string(cell.row + 1);
    if (n.numbers == 2)
        s += ":" + std::to_string(cell.col + 1);
    return s;
}

std::string handCellFits(const HandCellRef &cell, const Architecture &arch)
{
    const std::string text = handCellText(cell);
    if (!arch.layers.empty())
        return text + ": cells by hand are of dense networks (--hidden), not of " + describe(arch);
    const int L = arch.layerCount();
    const std::string network = "the network " + describe(arch);
    if (cell.kind == HandKind::A && cell.layer >= L)
        return text + ": " + network
               + (L == 1   ? " has no hidden layer"
                  : L == 2 ? " has one hidden layer, a1"
                           : " has its hidden activations in a1 to a" + std::to_string(L - 1));
    if (cell.layer > L)
        return text + ": " + network + " has " + std::to_string(L) + " weight layer"
               + (L == 1 ? "" : "s") + ", 1 to " + std::to_string(L);
    const int neurons = cell.layer == 0 ? arch.outputs : arch.layerOutputs(cell.layer - 1);
    if (cell.kind != HandKind::Loss && cell.row >= neurons)
        return text + ": layer " + std::to_string(cell.layer == 0 ? L : cell.layer) + " of "
               + network + " has " + std::to_string(neurons) + " neurons, 1 to "
               + std::to_string(neurons);
    if ((cell.kind == HandKind::DLdw || cell.kind == HandKind::DeltaW || cell.kind == HandKind::W)
        && cell.col >= arch.layerInputs(cell.layer - 1))
        return text + ": W" + std::to_string(cell.layer) + " of " + network + " has "
               + std::to_string(arch.layerInputs(cell.layer - 1)) + " columns (its inputs), 1 to "
               + std::to_string(arch.layerInputs(cell.layer - 1));
    return {};
}

const Vec<float> &handLayerInput(const MlpTraceF &trace, int layer)
{
    return layer <= 1 ? trace.input : trace.hidden[std::size_t(layer - 2)].a;
}

const Vec<float> &handLayerDelta(const MlpTraceF &trace, int layer)
{
    return layer > int(trace.hidden.size()) ? trace.deltaOut
                                            : trace.hidden[std::size_t(layer - 1)].delta;
}

float handCellValue(const HandCellRef &cell, const Architecture &arch, const MlpParamsF &params,
                    const MlpTraceF &trace)
{
    const int L = arch.layerCount();
    switch (cell.kind) {
    case HandKind::Z:
        return cell.layer == L ? trace.logits[cell.row]
                               : trace.hidden[std::size_t(cell.layer - 1)].z[cell.row];
    case HandKind::A:
        return trace.hidden[std::size_t(cell.layer - 1)].a[cell.row];
    case HandKind::P:
        return trace.probabilities[cell.row];
    case HandKind::Loss:
        return trace.loss;
    case HandKind::Delta:
        return handLayerDelta(trace, cell.layer)[cell.row];
    case HandKind::DLdw:
    case HandKind::DeltaW:
    case HandKind::W: {
        // dL/dw = delta_row * input_col; Delta w = -lr * dL/dw; w after the step = w + Delta w
        const float g = handLayerDelta(trace, cell.layer)[cell.row]
                        * handLayerInput(trace, cell.layer)[cell.col];
        if (cell.kind == HandKind::DLdw)
            return g;
        if (cell.kind == HandKind::DeltaW)
            return -trace.lr * g;
        return params.layers[std::size_t(cell.layer - 1)].W(cell.row, cell.col) - trace.lr * g;
    }
    }
    return 0;
}

} // namespace bplab
