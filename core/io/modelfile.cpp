// The model file (docs/file-formats.md): a fixed header, the four arrays as little-endian float32
// in row-major order (torch.nn.Linear layout), the info block (version 2) and a CRC32 of
// everything before it.

#include "io/modelfile.h"
#include "io/npz.h"

#include "nn/architecture.h"
#include "io/fileformat.h"
#include "io/fileio.h"
#include "data/idx.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <zlib.h>

namespace bplab {

namespace {

constexpr std::uint32_t kVersion = 2;       // written for the source network; version 1 (no info block) is still read
constexpr std::uint32_t kVersionAnyShape = 3; // written for every other dense architecture
constexpr std::uint32_t kVersionLayers = 4;   // written for a layer list (convolution, pooling, dropout)
constexpr std::uint32_t kMaxLayersTextBytes = 4096;
constexpr std::uint32_t kMaxInfoBytes = 65536; // the info block is a few hundred bytes
constexpr std::uint32_t kDtypeFloat32 = 1;
constexpr std::uint32_t kArrayCount = 4;
/** The bytes start with kModelFileMagic. */
bool hasModelMagic(const std::uint8_t *data, std::size_t size)
{
    return size >= kModelFileMagic.size() && std::memcmp(data, kModelFileMagic.data(), kModelFileMagic.size()) == 0;
}
constexpr std::size_t kHeaderBytes = 8 + 4 * 4 + kArrayCount * 8; // magic, version, dtype, count, info size, shapes
constexpr std::size_t kArraysEnd = kHeaderBytes + parameterBytes(4);
constexpr std::size_t kFileBytes = kArraysEnd + 4; // without info

struct Shape {
    const char *name;
    std::uint32_t rows;
    std::uint32_t cols;
};
constexpr std::array<Shape, kArrayCount> kShapes = {
    {{"W1", kHidden, kInputs}, {"b1", kHidden, 1}, {"W2", kOutputs, kHidden}, {"b2", kOutputs, 1}}};

// Little-endian, as the format says; fileio.h holds the byte loops.
void putU32(std::vector<std::uint8_t> &out, std::uint32_t v)
{
    putLittleEndian(out, v, 4);
}

std::uint32_t getU32(const std::uint8_t *p)
{
    return std::uint32_t(readLittleEndian(p, 4));
}

void putF32(std::vector<std::uint8_t> &out, float v)
{
    putU32(out, std::bit_cast<std::uint32_t>(v));
}

float getF32(const std::uint8_t *p)
{
    return std::bit_cast<float>(getU32(p));
}

/** Row-major traversal of m, as the file stores it. */
template <class M, class F>
void forEachRowMajor(M &m, F f)
{
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            f(m(r, c));
}

std::string hexByte(std::uint8_t b)
{
    static const char *digits = "0123456789ABCDEF";
    return {digits[b >> 4], digits[b & 15]};
}

/** The CRC32 in the last four bytes against the one of everything before them. */
Status checkCrc(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    const std::uint32_t stored = getU32(data + size - 4);
    const std::uint32_t actual = std::uint32_t(crc32(crc32(0L, Z_NULL, 0), data, uInt(size - 4)));
    if (stored == actual)
        return Status::success();
    char buf[96];
    std::snprintf(buf, sizeof buf, "checksum mismatch (CRC32 stored 0x%08X, computed 0x%08X)", stored, actual);
    return Error{name + ": " + buf + ": the file is damaged"};
}

Result<NetworkModel> decodeVersion3(const std::uint8_t *data, std::size_t size, const std::string &name);
Result<NetworkModel> decodeVersion4(const std::uint8_t *data, std::size_t size, const std::string &name);
std::size_t maxNetworkFileBytes();

} // namespace

std::vector<std::uint8_t> encodeModel(const MlpParamsF &params, const ModelInfo *info)
{
    const std::string text = info ? encodeModelInfo(*info) : std::string();
    std::vector<std::uint8_t> out;
    out.reserve(kFileBytes + text.size());
    // Byte by byte: GCC 12 reports a bogus overflow for insert() of this range (-Warray-bounds).
    for (char c : kModelFileMagic)
        out.push_back(std::uint8_t(c));
    putU32(out, kVersion);
    putU32(out, kDtypeFloat32);
    putU32(out, kArrayCount);
    putU32(out, std::uint32_t(text.size())); // info size (reserved, 0, in version 1)
    for (const Shape &s : kShapes) {
        putU32(out, s.rows);
        putU32(out, s.cols);
    }
    for (const Layer<float> &L : params.layers) { // W1, b1, W2, b2
        forEachRowMajor(L.W, [&](float v) { putF32(out, v); });
        forEachRowMajor(L.b, [&](float v) { putF32(out, v); });
    }
    out.insert(out.end(), text.begin(), text.end());
    const uLong crc = crc32(crc32(0L, Z_NULL, 0), out.data(), uInt(out.size()));
    putU32(out, std::uint32_t(crc));
    return out;
}

Result<Model> decodeModelFile(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    if (!hasModelMagic(data, size)) {
        std::string start;
        for (std::size_t i = 0; i < std::min<std::size_t>(size, 8); ++i)
            start += (i ? " " : "") + hexByte(data[i]);
        return Error{name + ": not a Backprop Lab model file (it should start with \"" + std::string(kModelFileMagic) + "\"; it starts with " +
                     (size == 0 ? std::string("nothing: the file is empty") : "bytes " + start) + ")"};
    }
    if (size < 16)
        return Error{name + ": cut short after " + withThousands(size) + " bytes (a model file has " +
                     withThousands(kFileBytes) + ")"};
    const std::uint32_t version = getU32(data + 8);
    if (version == kVersionAnyShape) {
        auto any = decodeVersion3(data, size, name);
        if (!any)
            return Error{any.error()};
        if (any->arch != Architecture::source())
            return Error{name + ": holds a " + describe(any->arch) +
                         " network; only the source's 784-128-10 ReLU network is read here"};
        return Model{std::move(any->params), std::move(any->info)};
    }
    if (version == kVersionLayers) {
        auto any = decodeVersion4(data, size, name);
        if (!any)
            return Error{any.error()};
        return Error{name + ": holds a " + describe(any->arch) +
                     " network; only the source's 784-128-10 ReLU network is read here"};
    }
    if (version != 1 && version != kVersion)
        return Error{name + ": model file version " + withThousands(version) + "; this program reads versions 1 to " +
                     std::to_string(kVersionLayers)};
    const std::uint32_t dtype = getU32(data + 12);
    if (dtype != kDtypeFloat32)
        return Error{name + ": data type code " + withThousands(dtype) + " is unknown (1 = float32)"};
    if (size < kHeaderBytes)
        return Error{name + ": cut short after " + withThousands(size) + " bytes (a model file has " +
                     withThousands(kFileBytes) + ")"};
    const std::uint32_t count = getU32(data + 16);
    if (count != kArrayCount)
        return Error{name + ": holds " + withThousands(count) + " arrays; the 784-128-10 network has 4"};
    const std::uint32_t infoBytes = getU32(data + 20);
    if (version == 1 && infoBytes != 0)
        return Error{name + ": reserved header field is " + withThousands(infoBytes) + ", expected 0"};
    if (infoBytes > kMaxInfoBytes)
        return Error{name + ": the header announces " + withThousands(infoBytes) +
                     " bytes of model info; at most " + withThousands(kMaxInfoBytes) + " are allowed"};
    for (std::size_t i = 0; i < kArrayCount; ++i) {
        const std::uint32_t rows = getU32(data + 24 + 8 * i), cols = getU32(data + 28 + 8 * i);
        if (rows != kShapes[i].rows || cols != kShapes[i].cols)
            return Error{name + ": array " + kShapes[i].name + " is " + withThousands(rows) + "x" + withThousands(cols) +
                         "; the network needs " + std::to_string(kShapes[i].rows) + "x" +
                         std::to_string(kShapes[i].cols)};
    }
    const std::size_t expected = kFileBytes + infoBytes;
    if (size != expected)
        return Error{name + ": the file holds " + withThousands(size) + " bytes; a model file" +
                     (infoBytes ? " with " + withThousands(infoBytes) + " bytes of info" : std::string()) + " has " +
                     withThousands(expected) + (size < expected ? " (it is cut short)" : " (extra data at the end)")};
    if (Status s = checkCrc(data, size, name); !s)
        return Error{s.error()};
    Model model;
    if (infoBytes > 0) {
        auto info = decodeModelInfo(std::string(reinterpret_cast<const char *>(data + kArraysEnd), infoBytes), name);
        if (!info)
            return Error{info.error()};
        model.info = std::move(*info);
    }
    model.params = MlpParamsF::zeros(Architecture::source());
    const std::uint8_t *v = data + kHeaderBytes;
    auto read = [&](float &x) {
        x = getF32(v);
        v += 4;
    };
    for (Layer<float> &L : model.params.layers) { // W1, b1, W2, b2
        forEachRowMajor(L.W, read);
        forEachRowMajor(L.b, read);
    }
    return model;
}

Result<MlpParamsF> decodeModel(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    auto model = decodeModelFile(data, size, name);
    if (!model)
        return Error{model.error()};
    return std::move(model->params);
}

std::size_t modelFileBytes()
{
    return kFileBytes;
}

namespace {

Status writeModel(const std::string &path, const MlpParamsF &params, const ModelInfo *info)
{
    if (!params.hasShape(Architecture::source()))
        return Error{path + ": the parameters do not have the 784-128-10 shapes; nothing written"};
    const std::vector<std::uint8_t> bytes = encodeModel(params, info);
    return atomicWriteFile(path, {{bytes.data(), bytes.size()}});
}

} // namespace

Status saveModel(const std::string &path, const MlpParamsF &params)
{
    return writeModel(path, params, nullptr);
}

Status saveModel(const std::string &path, const MlpParamsF &params, const ModelInfo &info)
{
    return writeModel(path, params, &info);
}

Result<Model> readModel(const std::string &path)
{
    // A model file has kFileBytes plus its info; anything far larger is refused before it is read.
    auto bytes = readWholeFile(path, kFileBytes + kMaxInfoBytes);
    if (!bytes)
        return Error{bytes.error()};
    return decodeModelFile(bytes->data(), bytes->size(), fileNameOf(path));
}

Result<MlpParamsF> loadModel(const std::string &path)
{
    auto model = readModel(path);
    if (!model)
        return Error{model.error()};
    return std::move(model->params);
}

Result<MlpParamsF> loadAnyModel(const std::string &path)
{
    auto model = readAnyModel(path);
    if (!model)
        return Error{model.error()};
    return std::move(model->params);
}

Result<Model> readAnyModel(const std::string &path)
{
    auto bytes = readWholeFile(path, std::uint64_t(64) << 20);
    if (!bytes)
        return Error{bytes.error()};
    const auto &b = *bytes;
    if (hasModelMagic(b.data(), b.size()))
        return decodeModelFile(b.data(), b.size(), fileNameOf(path));
    if (looksLikeZip(b.data(), b.size())) {
        auto params = decodeNpz(b.data(), b.size(), fileNameOf(path));
        if (!params)
            return Error{params.error()};
        return Model{std::move(*params), std::nullopt};
    }
    return Error{fileNameOf(path) + ": neither a Backprop Lab model file (\"" + std::string(kModelFileMagic) + "\") nor a NumPy .npz (zip)"};
}

// Version 3: magic, version 3, dtype, array count (2L), info size, activation code, then per layer
// the shapes of W_l (rows x cols) and b_l (rows x 1), the arrays in that order (row-major float32),
// the info block and the CRC32. The architecture is the chain of shapes: W1 has 784 columns, each
// W_l as many columns as W_{l-1} has rows, and WL 10 rows.

namespace {

constexpr std::size_t kHeaderBytes3 = 8 + 4 * 5; // before the shapes
constexpr std::uint32_t kMaxArrays = 2 * (kMaxHiddenLayers + 1);
constexpr std::array<Activation, 4> kActivationCodes = {Activation::ReLU, Activation::Sigmoid, Activation::Tanh,
                                                        Activation::LeakyReLU};

std::uint32_t activationCode(Activation a)
{
    for (std::uint32_t i = 0; i < kActivationCodes.size(); ++i)
        if (kActivationCodes[i] == a)
            return i;
    return 0;
}

std::string arrayName(std::size_t i)
{
    return (i % 2 == 0 ? "W" : "b") + std::to_string(i / 2 + 1);
}

std::string shapeText(std::uint32_t rows, std::uint32_t cols)
{
    return withThousands(rows) + "x" + withThousands(cols);
}

std::size_t maxNetworkFileBytes()
{
    Architecture widest;
    widest.hidden.assign(kMaxHiddenLayers, kMaxHiddenWidth);
    return kHeaderBytes3 + 8 * kMaxArrays + widest.parameterBytes(4) + kMaxInfoBytes + 4;
}

// The end every version 3 and 4 file shares once its network is known: the size the network and
// the info block give, the CRC, the info block, then the arrays W1, b1, W2, ... in row-major order.
Status readArraysAndInfo(NetworkModel &model, const std::uint8_t *data, std::size_t size, std::size_t headerBytes,
                         std::size_t infoBytes, const std::string &name)
{
    const std::size_t arraysEnd = headerBytes + model.arch.parameterBytes(4);
    const std::size_t expected = arraysEnd + infoBytes + 4;
    if (size != expected)
        return Error{name + ": the file holds " + withThousands(size) + " bytes; a model file of the " +
                     describe(model.arch) + " network" +
                     (infoBytes ? " with " + withThousands(infoBytes) + " bytes of info" : std::string()) + " has " +
                     withThousands(expected) + (size < expected ? " (it is cut short)" : " (extra data at the end)")};
    if (Status s = checkCrc(data, size, name); !s)
        return Error{s.error()};
    if (infoBytes > 0) {
        auto info = decodeModelInfo(std::string(reinterpret_cast<const char *>(data + arraysEnd), infoBytes), name);
        if (!info)
            return Error{info.error()};
        model.info = std::move(*info);
    }
    model.params = MlpParamsF::zeros(model.arch);
    const std::uint8_t *v = data + headerBytes;
    auto read = [&](float &x) {
        x = getF32(v);
        v += 4;
    };
    for (Layer<float> &L : model.params.layers) {
        forEachRowMajor(L.W, read);
        forEachRowMajor(L.b, read);
    }
    return Status::success();
}

Result<NetworkModel> decodeVersion3(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    // The caller has checked the magic and the version.
    if (size < kHeaderBytes3)
        return Error{name + ": cut short after " + withThousands(size) + " bytes, inside the header"};
    const std::uint32_t dtype = getU32(data + 12);
    if (dtype != kDtypeFloat32)
        return Error{name + ": data type code " + withThousands(dtype) + " is unknown (1 = float32)"};
    const std::uint32_t count = getU32(data + 16);
    if (count < 2 || count > kMaxArrays || count % 2 != 0)
        return Error{name + ": holds " + withThousands(count) +
                     " arrays; a network has 2, 4 or 6 (W and b of each layer, at most 2 hidden layers)"};
    const std::uint32_t infoBytes = getU32(data + 20);
    if (infoBytes > kMaxInfoBytes)
        return Error{name + ": the header announces " + withThousands(infoBytes) +
                     " bytes of model info; at most " + withThousands(kMaxInfoBytes) + " are allowed"};
    const std::uint32_t code = getU32(data + 24);
    if (code >= kActivationCodes.size())
        return Error{name + ": activation code " + withThousands(code) +
                     " is unknown (0 relu, 1 sigmoid, 2 tanh, 3 leakyrelu)"};
    const std::size_t headerBytes = kHeaderBytes3 + 8 * std::size_t(count);
    if (size < headerBytes)
        return Error{name + ": cut short after " + withThousands(size) + " bytes, inside the header"};

    NetworkModel model;
    model.arch.hidden.clear();
    model.arch.activation = kActivationCodes[code];
    const std::size_t layers = count / 2;
    std::uint32_t in = kInputs;
    for (std::size_t l = 0; l < layers; ++l) {
        const std::uint8_t *s = data + kHeaderBytes3 + 16 * l;
        const std::uint32_t rows = getU32(s), cols = getU32(s + 4), bRows = getU32(s + 8), bCols = getU32(s + 12);
        const std::string W = arrayName(2 * l), b = arrayName(2 * l + 1);
        const bool last = l + 1 == layers;
        if (cols != in)
            return Error{name + ": array " + W + " is " + shapeText(rows, cols) + "; it needs " + withThousands(in) +
                         " columns, one per " +
                         (l == 0 ? std::string("input pixel") : "output of " + arrayName(2 * l - 2))};
        if (last && rows != std::uint32_t(kOutputs))
            return Error{name + ": array " + W + " is " + shapeText(rows, cols) +
                         "; the output layer needs 10 rows, one per class"};
        if (!last && (rows < 1 || rows > std::uint32_t(kMaxHiddenWidth)))
            return Error{name + ": array " + W + " is " + shapeText(rows, cols) + "; a hidden layer needs 1 to " +
                         withThousands(kMaxHiddenWidth) + " neurons"};
        if (bRows != rows || bCols != 1)
            return Error{name + ": array " + b + " is " + shapeText(bRows, bCols) + "; " + W + " (" +
                         shapeText(rows, cols) + ") needs it " + shapeText(rows, 1)};
        if (!last)
            model.arch.hidden.push_back(int(rows));
        in = rows;
    }
    if (Status st = readArraysAndInfo(model, data, size, headerBytes, infoBytes, name); !st)
        return Error{st.error()};
    return model;
}

// Version 4 (a layer list): version 3's header up to the activation code, then the length of the
// --layers text and the text itself (UTF-8, no terminator), then per layer with parameters the
// shapes of W_l and b_l as in version 3 (a convolution's W is C_out x C_in k k), the arrays, the
// info block and the CRC32. The layers and the activation make the architecture; the shapes must
// be its own.
Result<NetworkModel> decodeVersion4(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    if (size < kHeaderBytes3 + 4)
        return Error{name + ": cut short after " + withThousands(size) + " bytes, inside the header"};
    const std::uint32_t dtype = getU32(data + 12);
    if (dtype != kDtypeFloat32)
        return Error{name + ": data type code " + withThousands(dtype) + " is unknown (1 = float32)"};
    const std::uint32_t count = getU32(data + 16);
    const std::uint32_t infoBytes = getU32(data + 20);
    if (infoBytes > kMaxInfoBytes)
        return Error{name + ": the header announces " + withThousands(infoBytes) +
                     " bytes of model info; at most " + withThousands(kMaxInfoBytes) + " are allowed"};
    const std::uint32_t code = getU32(data + 24);
    if (code >= kActivationCodes.size())
        return Error{name + ": activation code " + withThousands(code) +
                     " is unknown (0 relu, 1 sigmoid, 2 tanh, 3 leakyrelu)"};
    const std::uint32_t textBytes = getU32(data + kHeaderBytes3);
    if (textBytes == 0 || textBytes > kMaxLayersTextBytes)
        return Error{name + ": the header announces " + withThousands(textBytes) + " bytes of layer list; 1 to " +
                     withThousands(kMaxLayersTextBytes) + " are allowed"};
    const std::size_t shapesAt = kHeaderBytes3 + 4 + textBytes;
    if (size < shapesAt)
        return Error{name + ": cut short after " + withThousands(size) + " bytes, inside the layer list"};
    const std::string text(reinterpret_cast<const char *>(data + kHeaderBytes3 + 4), textBytes);
    auto specs = parseLayers(text);
    if (!specs)
        return Error{name + ": " + specs.error()};
    NetworkModel model;
    model.arch = withLayers(*specs, kActivationCodes[code]);
    if (!model.arch.layered())
        return Error{name + ": the layer list \"" + text + "\" holds dense layers only (written as version 3)"};
    if (Status st = validate(model.arch); !st)
        return Error{name + ": " + st.error()};
    const int layers = model.arch.layerCount();
    if (count != std::uint32_t(2 * layers))
        return Error{name + ": holds " + withThousands(count) + " arrays; the " + describe(model.arch) + " network has " +
                     std::to_string(2 * layers) + " (W and b of each layer with parameters)"};
    const std::size_t headerBytes = shapesAt + 8 * std::size_t(count);
    if (size < headerBytes)
        return Error{name + ": cut short after " + withThousands(size) + " bytes, inside the header"};
    for (int l = 0; l < layers; ++l) {
        const std::uint8_t *sh = data + shapesAt + 16 * std::size_t(l);
        const std::uint32_t rows = getU32(sh), cols = getU32(sh + 4), bRows = getU32(sh + 8), bCols = getU32(sh + 12);
        const std::uint32_t wantRows = std::uint32_t(model.arch.layerOutputs(l));
        const std::uint32_t wantCols = std::uint32_t(model.arch.layerInputs(l));
        const std::string W = arrayName(2 * std::size_t(l)), b = arrayName(2 * std::size_t(l) + 1);
        if (rows != wantRows || cols != wantCols)
            return Error{name + ": array " + W + " is " + shapeText(rows, cols) + "; the " + describe(model.arch) +
                         " network needs " + shapeText(wantRows, wantCols)};
        if (bRows != wantRows || bCols != 1)
            return Error{name + ": array " + b + " is " + shapeText(bRows, bCols) + "; the " + describe(model.arch) +
                         " network needs " + shapeText(wantRows, 1)};
    }
    if (Status st = readArraysAndInfo(model, data, size, headerBytes, infoBytes, name); !st)
        return Error{st.error()};
    return model;
}

} // namespace

std::vector<std::uint8_t> encodeNetworkModel(const Architecture &arch, const MlpParamsF &params, const ModelInfo *info)
{
    if (arch == Architecture::source())
        return encodeModel(params, info);
    const std::string text = info ? encodeModelInfo(*info) : std::string();
    std::vector<std::uint8_t> out;
    out.reserve(kHeaderBytes3 + 8 * kMaxArrays + arch.parameterBytes(4) + text.size() + 4);
    for (char c : kModelFileMagic)
        out.push_back(std::uint8_t(c));
    const std::string layers = arch.layered() ? layersText(arch.layers) : std::string();
    putU32(out, arch.layered() ? kVersionLayers : kVersionAnyShape);
    putU32(out, kDtypeFloat32);
    putU32(out, std::uint32_t(2 * params.layers.size()));
    putU32(out, std::uint32_t(text.size()));
    putU32(out, activationCode(arch.activation));
    if (arch.layered()) {
        putU32(out, std::uint32_t(layers.size()));
        for (char c : layers)
            out.push_back(std::uint8_t(c));
    }
    for (const Layer<float> &L : params.layers) {
        putU32(out, std::uint32_t(L.W.rows()));
        putU32(out, std::uint32_t(L.W.cols()));
        putU32(out, std::uint32_t(L.b.size()));
        putU32(out, 1);
    }
    for (const Layer<float> &L : params.layers) {
        forEachRowMajor(L.W, [&](float v) { putF32(out, v); });
        forEachRowMajor(L.b, [&](float v) { putF32(out, v); });
    }
    out.insert(out.end(), text.begin(), text.end());
    const uLong crc = crc32(crc32(0L, Z_NULL, 0), out.data(), uInt(out.size()));
    putU32(out, std::uint32_t(crc));
    return out;
}

Result<NetworkModel> decodeNetworkModel(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    if (size >= 12 && hasModelMagic(data, size) && getU32(data + 8) == kVersionAnyShape)
        return decodeVersion3(data, size, name);
    if (size >= 12 && hasModelMagic(data, size) && getU32(data + 8) == kVersionLayers)
        return decodeVersion4(data, size, name);
    auto model = decodeModelFile(data, size, name);
    if (!model)
        return Error{model.error()};
    return NetworkModel{Architecture::source(), std::move(model->params), std::move(model->info)};
}

Status saveNetworkModel(const std::string &path, const Architecture &arch, const MlpParamsF &params,
                        const ModelInfo *info)
{
    if (Status s = validate(arch); !s)
        return Error{path + ": " + s.error() + "; nothing written"};
    if (!params.hasShape(arch))
        return Error{path + ": the parameters do not have the " + describe(arch) + " shapes; nothing written"};
    const std::vector<std::uint8_t> bytes = encodeNetworkModel(arch, params, info);
    return atomicWriteFile(path, {{bytes.data(), bytes.size()}});
}

Result<NetworkModel> readNetworkModel(const std::string &path)
{
    auto bytes = readWholeFile(path, std::max<std::size_t>(maxNetworkFileBytes(), std::size_t(64) << 20));
    if (!bytes)
        return Error{bytes.error()};
    return decodeNetworkModel(bytes->data(), bytes->size(), fileNameOf(path));
}

Result<NetworkModel> readAnyNetwork(const std::string &path)
{
    auto bytes = readWholeFile(path, std::uint64_t(64) << 20);
    if (!bytes)
        return Error{bytes.error()};
    const auto &b = *bytes;
    if (hasModelMagic(b.data(), b.size()))
        return decodeNetworkModel(b.data(), b.size(), fileNameOf(path));
    if (looksLikeZip(b.data(), b.size()))
        return decodeNetworkNpz(b.data(), b.size(), fileNameOf(path));
    return Error{fileNameOf(path) + ": neither a Backprop Lab model file (\"" + std::string(kModelFileMagic) + "\") nor a NumPy .npz (zip)"};
}

} // namespace bplab
