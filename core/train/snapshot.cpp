// The snapshot file (docs/file-formats.md, "Snapshot"): a header, tagged sections each with its
// own CRC32, and a CRC32 of everything before the end. Every field is checked on loading.

#include "train/snapshot.h"

#include "train/trainer.h"

#include "io/fileio.h"
#include "data/idx.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <zlib.h>

namespace bplab {

namespace {

constexpr std::size_t kSnapshotHeaderBytes = 8 + 4 + 4 + 8; // magic, version, section count, file size
constexpr std::size_t kSectionHeadBytes = 4 + 8;    // tag, payload length
constexpr std::size_t kConfigBytes = 4 + 4 + 8 + 8 + 4 + 4 + 4 + 4 + 8; // version 1
constexpr std::size_t kConfigBytesV2 = kConfigBytes + 4;                 // + int32 workers
constexpr std::size_t kConfigBytesV4 = kConfigBytesV2 + 8;               // + uint64 training subset
constexpr std::size_t kPositionBytes = 4 * 4 + 8 * 3;
constexpr std::size_t kEpochReportBytes = 4 + 5 * 8;
constexpr std::size_t kEpochReportBytesV4 = kEpochReportBytes + 2 * 8; // + the training set's loss, accuracy
constexpr std::uint64_t kMaxFileBytes = std::uint64_t(1) << 30;

// The sections, in the order they are written; each must appear exactly once. Versions 1 and 2
// have the first seven, versions 3 and 4 also the optimiser's, versions 5 and 6 also the
// network's (6 with the --layers text and the weight decay). Each file is written in the oldest
// version that holds it: 6 for a layer list or a weight decay, 5 for another network than the
// default 784-128-10 ReLU,
// 4 for a training subset or epoch reports with the training set's loss and accuracy, 3 for an
// optimiser other than SGD, 2 for several workers.
enum Section { kConf, kData, kPosn, kParm, kVelo, kLoss, kEpoc, kOptm, kNetw, kSectionCount };
constexpr int kSectionsV1 = kOptm;
constexpr int kSectionsV3 = kNetw;
constexpr const char *kTags[kSectionCount]
        = {"CONF", "DATA", "POSN", "PARM", "VELO", "LOSS", "EPOC", "OPTM", "NETW"};
constexpr const char *kSectionNames[kSectionCount]
        = {"hyperparameters", "dataset identity", "position",        "weights", "momentum buffer",
           "loss history",    "epoch reports",    "optimiser state", "network"};

std::uint32_t sectionsOf(std::uint32_t version)
{
    return version >= 5 ? kSectionCount : version >= 3 ? kSectionsV3 : kSectionsV1;
}
constexpr std::uint32_t kMaxOptimizerBuffers = 4;

/** Appends little-endian values; sections are built in their own buffer, then framed. */
struct Writer {
    std::vector<std::uint8_t> out;
    void u32(std::uint32_t v) { putLittleEndian(out, v, 4); }
    void i32(std::int32_t v) { putLittleEndian(out, std::uint32_t(v), 4); }
    void u64(std::uint64_t v) { putLittleEndian(out, v, 8); }
    void f32(float v) { putLittleEndian(out, std::bit_cast<std::uint32_t>(v), 4); }
    void f64(double v) { putLittleEndian(out, std::bit_cast<std::uint64_t>(v), 8); }
    void text(const std::string &s)
    {
        u32(std::uint32_t(s.size()));
        out.insert(out.end(), s.begin(), s.end());
    }
    /** Another network's layers in the same order; `arch`'s zeros when p has no layers. */
    void params(const MlpParamsF &p, const Architecture &arch)
    {
        for (int l = 0; l < arch.layerCount(); ++l) {
            const std::size_t n = arch.layerWeightCount(l) + std::size_t(arch.layerOutputs(l));
            if (p.layers.empty()) {
                out.insert(out.end(), 4 * n, std::uint8_t(0));
                continue;
            }
            const Layer<float> &layer = p.layers[std::size_t(l)];
            for (Eigen::Index r = 0; r < layer.W.rows(); ++r)
                for (Eigen::Index c = 0; c < layer.W.cols(); ++c)
                    f32(layer.W(r, c));
            for (Eigen::Index r = 0; r < layer.b.size(); ++r)
                f32(layer.b(r));
        }
    }
};

/** Reads little-endian values from one section; running past its end sets `overrun`. */
struct Reader {
    const std::uint8_t *p;
    std::size_t left;
    bool overrun = false;
    const std::uint8_t *take(std::size_t n)
    {
        static const std::uint8_t zeros[8] = {};
        if (n > left) {
            overrun = true;
            left = 0;
            return zeros;
        }
        const std::uint8_t *at = p;
        p += n;
        left -= n;
        return at;
    }
    std::uint32_t u32() { return std::uint32_t(readLittleEndian(take(4), 4)); }
    std::int32_t i32() { return std::int32_t(u32()); }
    std::uint64_t u64() { return readLittleEndian(take(8), 8); }
    float f32() { return std::bit_cast<float>(u32()); }
    double f64() { return std::bit_cast<double>(u64()); }
    std::string text(std::size_t maxBytes)
    {
        const std::uint32_t n = u32();
        if (n > maxBytes || n > left) {
            overrun = true;
            return {};
        }
        const std::uint8_t *at = take(n);
        return std::string(reinterpret_cast<const char *>(at), n);
    }
    void params(MlpParamsF &p, const Architecture &arch)
    {
        p = MlpParamsF::zeros(arch);
        for (Layer<float> &layer : p.layers) {
            for (Eigen::Index r = 0; r < layer.W.rows(); ++r)
                for (Eigen::Index c = 0; c < layer.W.cols(); ++c)
                    layer.W(r, c) = f32();
            for (Eigen::Index r = 0; r < layer.b.size(); ++r)
                layer.b(r) = f32();
        }
    }
};

void appendSection(std::vector<std::uint8_t> &file, Section which, const std::vector<std::uint8_t> &payload)
{
    file.insert(file.end(), kTags[which], kTags[which] + 4);
    putLittleEndian(file, payload.size(), 8);
    file.insert(file.end(), payload.begin(), payload.end());
    putLittleEndian(file, crc32Of(payload.data(), payload.size()), 4);
}

std::vector<std::uint8_t> configPayload(const TrainConfig &c)
{
    Writer w;
    w.i32(c.epochs);
    w.i32(c.batch);
    w.f64(c.lr);
    w.f64(c.momentum);
    w.u32(c.schedule == Schedule::Cosine ? 1 : 0);
    w.u32(c.normalize == Normalize::Standard ? 1 : 0);
    w.u32(c.init == Init::Xavier ? 1 : c.init == Init::PyTorch ? 2 : 0);
    w.u32(c.augment ? 1 : 0);
    w.u64(c.seed);
    return w.out;
}

Status readConfig(Reader &r, TrainConfig &c)
{
    c.epochs = r.i32();
    c.batch = r.i32();
    c.lr = r.f64();
    c.momentum = r.f64();
    const std::uint32_t schedule = r.u32(), normalize = r.u32(), init = r.u32(), augment = r.u32();
    c.seed = r.u64();
    if (c.epochs < 0 || c.batch < 1)
        return Error{"epochs " + std::to_string(c.epochs) + " and batch " + std::to_string(c.batch) +
                     " are impossible (epochs >= 0, batch >= 1)"};
    if (!std::isfinite(c.lr) || c.lr < 0 || !std::isfinite(c.momentum) || c.momentum < 0 || c.momentum >= 1)
        return Error{"learning rate " + std::to_string(c.lr) + " or momentum " + std::to_string(c.momentum) +
                     " is out of range"};
    if (schedule > 1 || normalize > 1 || init > 2 || augment > 1)
        return Error{"unknown setting codes (schedule " + std::to_string(schedule) + ", input scaling " +
                     std::to_string(normalize) + ", init " + std::to_string(init) + ", augmentation " +
                     std::to_string(augment) + ")"};
    c.schedule = schedule == 1 ? Schedule::Cosine : Schedule::Constant;
    c.normalize = normalize == 1 ? Normalize::Standard : Normalize::None;
    c.init = init == 1 ? Init::Xavier : init == 2 ? Init::PyTorch : Init::He;
    c.augment = augment == 1;
    return Status::success();
}

std::string numberText(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

} // namespace

bool looksLikeSnapshot(const std::uint8_t *data, std::size_t size)
{
    return size >= 8 && std::memcmp(data, kSnapshotMagic, 8) == 0;
}

std::vector<std::uint8_t> encodeSnapshot(const TrainingSnapshot &s)
{
    std::vector<std::uint8_t> file(kSnapshotMagic, kSnapshotMagic + 8);
    const bool sgd = s.config.optimizer == TrainConfig {}.optimizer;
    const bool trainScores = std::any_of(s.epochs.begin(), s.epochs.end(), [](const EpochReport &e) {
        return std::isfinite(e.trainEvalLoss) || std::isfinite(e.trainAccuracy);
    });
    // The default network's snapshots keep the versions before the network section, which older
    // programs read.
    const Architecture &arch = s.config.network;
    const bool firstNetwork = arch == Architecture::source();
    const std::uint32_t version = arch.layered() || s.config.weightDecay != 0   ? 6
                                  : !firstNetwork                               ? 5
                                  : s.config.trainSubset > 0 || trainScores ? 4
                                  : !sgd                                    ? 3
                                  : s.workers > 1                           ? 2
                                                                            : 1;
    putLittleEndian(file, version, 4);
    putLittleEndian(file, sectionsOf(version), 4);
    putLittleEndian(file, 0, 8); // file size, filled in at the end
    file.reserve(kSnapshotHeaderBytes + 2 * arch.parameterBytes(4) + 4 * s.batchLosses.size() + 4096);

    std::vector<std::uint8_t> conf = configPayload(s.config);
    if (version >= 2)
        putLittleEndian(conf, std::uint32_t(s.workers), 4);
    if (version >= 4)
        putLittleEndian(conf, std::uint64_t(s.config.trainSubset), 8);
    appendSection(file, kConf, conf);
    Writer data;
    data.u64(s.data.trainCount);
    data.u64(s.data.testCount);
    data.u32(s.data.trainCrc);
    data.u32(s.data.testCrc);
    data.text(s.data.name);
    data.text(s.data.folder);
    appendSection(file, kData, data.out);
    Writer pos;
    pos.i32(s.epoch);
    pos.i32(s.batchInEpoch);
    pos.i32(s.batchesPerEpoch);
    pos.u32(s.orderCrc);
    pos.u64(s.step);
    pos.f64(s.epochLossSum);
    pos.f64(s.epochSeconds);
    appendSection(file, kPosn, pos.out);
    Writer params;
    params.out.reserve(arch.parameterBytes(4));
    params.params(s.networkParams, arch);
    appendSection(file, kParm, params.out);
    params.out.clear();
    params.params(s.networkVelocity, arch);
    appendSection(file, kVelo, params.out);
    Writer losses;
    losses.out.reserve(8 + 4 * s.batchLosses.size());
    losses.u64(s.batchLosses.size());
    for (float l : s.batchLosses)
        losses.f32(l);
    appendSection(file, kLoss, losses.out);
    Writer epochs;
    epochs.u32(std::uint32_t(s.epochs.size()));
    for (const EpochReport &e : s.epochs) {
        epochs.i32(e.epoch);
        epochs.f64(e.trainLoss);
        epochs.f64(e.testLoss);
        epochs.f64(e.testAccuracy);
        epochs.f64(e.seconds);
        epochs.f64(e.samplesPerSecond);
        if (version >= 4) { // NaN: not measured (an epoch restored from an older file)
            epochs.f64(e.trainEvalLoss);
            epochs.f64(e.trainAccuracy);
        }
    }
    appendSection(file, kEpoc, epochs.out);
    if (version >= 3) {
        Writer optimizer;
        optimizer.text(s.config.optimizer);
        optimizer.u64(s.optimizerSteps);
        optimizer.u32(std::uint32_t(s.networkBuffers.size()));
        for (const MlpParamsF &p : s.networkBuffers)
            optimizer.params(p, arch);
        appendSection(file, kOptm, optimizer.out);
    }
    if (version >= 5) { // the widths of the hidden layers, then the activation's name
        Writer network;
        network.u32(std::uint32_t(arch.hidden.size()));
        for (int width : arch.hidden)
            network.i32(width);
        network.text(toString(arch.activation));
        if (version >= 6) { // the --layers text (empty: the widths are the network), then lambda
            network.text(layersText(arch.layers));
            network.f64(s.config.weightDecay);
        }
        appendSection(file, kNetw, network.out);
    }

    const std::uint64_t total = file.size() + 4;
    for (int i = 0; i < 8; ++i)
        file[16 + std::size_t(i)] = std::uint8_t(total >> (8 * i));
    putLittleEndian(file, crc32Of(file.data(), file.size()), 4);
    return file;
}

Result<TrainingSnapshot> decodeSnapshot(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    const std::string what = name + ": ";
    if (!looksLikeSnapshot(data, size))
        return Error{what + "not a Backprop Lab snapshot (it should start with \"BPLABSNP\")" +
                     (size == 0 ? std::string(": the file is empty") : std::string())};
    if (size < kSnapshotHeaderBytes + 4)
        return Error{what + "cut short after " + withThousands(size) + " bytes, inside the header"};
    const std::uint32_t version = std::uint32_t(readLittleEndian(data + 8, 4));
    if (version < 1 || version > kSnapshotVersion)
        return Error{what + "snapshot version " + withThousands(version) + "; this program reads versions 1 to " +
                     std::to_string(kSnapshotVersion)};
    const std::uint32_t sections = std::uint32_t(readLittleEndian(data + 12, 4));
    const std::uint64_t declared = readLittleEndian(data + 16, 8);
    if (declared != size)
        return Error{what + "the file holds " + withThousands(size) + " bytes but its header says " +
                     withThousands(declared) +
                     (size < declared ? " (it is cut short: an interrupted copy or write)" : "")};
    const std::uint32_t storedCrc = std::uint32_t(readLittleEndian(data + size - 4, 4));
    const std::uint32_t actualCrc = crc32Of(data, size - 4);
    const std::uint32_t expectedSections = sectionsOf(version);
    if (sections != expectedSections)
        return Error {what + "holds " + withThousands(sections) + " sections; version "
                      + std::to_string(version) + " has " + std::to_string(expectedSections)};

    // Find every section, checking its frame and its own CRC.
    const std::uint8_t *payload[kSectionCount] = {};
    std::uint64_t length[kSectionCount] = {};
    std::size_t at = kSnapshotHeaderBytes;
    for (std::uint32_t i = 0; i < sections; ++i) {
        if (size - 4 - at < kSectionHeadBytes + 4)
            return Error{what + "section " + std::to_string(i + 1) + " runs past the end of the file"};
        int which = -1;
        for (int k = 0; k < int(expectedSections); ++k)
            if (std::memcmp(data + at, kTags[k], 4) == 0)
                which = k;
        const std::uint64_t n = readLittleEndian(data + at + 4, 8);
        if (which < 0)
            return Error{what + "unknown section tag at byte " + withThousands(at) + " (the file is damaged)"};
        if (payload[which])
            return Error{what + "the " + kSectionNames[which] + " section appears twice"};
        if (n > size - 4 - at - kSectionHeadBytes - 4)
            return Error{what + "the " + kSectionNames[which] + " section claims " + withThousands(n) +
                         " bytes, more than the file holds (the file is damaged)"};
        const std::uint8_t *p = data + at + kSectionHeadBytes;
        const std::uint32_t stored = std::uint32_t(readLittleEndian(p + n, 4));
        if (const std::uint32_t actual = crc32Of(p, std::size_t(n)); stored != actual)
            return Error{what + "the " + kSectionNames[which] + " section is damaged (CRC32 stored " +
                         hex32(stored) + ", computed " + hex32(actual) + ")"};
        payload[which] = p;
        length[which] = n;
        at += kSectionHeadBytes + std::size_t(n) + 4;
    }
    if (at != size - 4)
        return Error{what + withThousands(size - 4 - at) + " bytes after the last section (the file is damaged)"};
    if (storedCrc != actualCrc)
        return Error{what + "checksum mismatch (CRC32 stored " + hex32(storedCrc) + ", computed " + hex32(actualCrc) +
                     "): the file is damaged"};

    TrainingSnapshot s;
    auto sized = [&](int which, std::uint64_t expected) -> Status {
        if (length[which] != expected)
            return Error{what + "the " + std::string(kSectionNames[which]) + " section holds " +
                         withThousands(length[which]) + " bytes; it should hold " + withThousands(expected)};
        return Status::success();
    };
    if (Status st = sized(kConf, version == 1 ? kConfigBytes : version < 4 ? kConfigBytesV2 : kConfigBytesV4); !st)
        return Error{st.error()};
    Reader conf{payload[kConf], std::size_t(length[kConf])};
    if (Status st = readConfig(conf, s.config); !st)
        return Error{what + "hyperparameters: " + st.error()};
    s.workers = version == 1 ? 1 : conf.i32();
    if (version >= 4)
        s.config.trainSubset = std::size_t(conf.u64());
    Architecture &arch = s.config.network; // the source's before version 5
    if (version >= 5) {
        Reader network {payload[kNetw], std::size_t(length[kNetw])};
        const std::uint32_t layers = network.u32();
        if (network.overrun || layers > std::uint32_t(kMaxHiddenLayers))
            return Error {what + "the network section is malformed"};
        arch.hidden.assign(layers, 0);
        for (int &width : arch.hidden)
            width = network.i32();
        const std::optional<Activation> activation = activationFromName(network.text(64));
        const std::string layerList = version >= 6 ? network.text(4096) : std::string();
        s.config.weightDecay = version >= 6 ? network.f64() : 0.0;
        if (network.overrun || network.left != 0 || !activation || !std::isfinite(s.config.weightDecay)
            || s.config.weightDecay < 0 || (!layerList.empty() && !arch.hidden.empty()))
            return Error {what + "the network section is malformed"};
        arch.activation = *activation;
        if (!layerList.empty()) {
            const auto specs = parseLayers(layerList);
            if (!specs)
                return Error {what + "network: " + specs.error()};
            arch = withLayers(*specs, *activation);
            if (!arch.layered())
                return Error {what + "the network section is malformed"};
        }
        if (Status st = validate(arch); !st)
            return Error {what + "network: " + st.error()};
        if (arch == Architecture::source() && s.config.weightDecay == 0)
            return Error {what + "a version " + std::to_string(version)
                          + " snapshot names the default network in its network section"};
    }
    const std::size_t arrayBytes = arch.parameterBytes(4);
    if (version >= 3) {
        Reader optimizer {payload[kOptm], std::size_t(length[kOptm])};
        s.config.optimizer = optimizer.text(64);
        s.optimizerSteps = optimizer.u64();
        const std::uint32_t buffers = optimizer.u32();
        if (optimizer.overrun || buffers > kMaxOptimizerBuffers || optimizer.left != std::size_t(buffers) * arrayBytes)
            return Error {what + "the optimiser state section is malformed"};
        s.networkBuffers.resize(buffers);
        for (MlpParamsF &p : s.networkBuffers)
            optimizer.params(p, arch);
    }

    Reader dataReader{payload[kData], std::size_t(length[kData])};
    s.data.trainCount = dataReader.u64();
    s.data.testCount = dataReader.u64();
    s.data.trainCrc = dataReader.u32();
    s.data.testCrc = dataReader.u32();
    s.data.name = dataReader.text(4096);
    s.data.folder = dataReader.text(65536);
    if (dataReader.overrun || dataReader.left != 0)
        return Error{what + "the dataset identity section is malformed"};

    if (Status st = sized(kPosn, kPositionBytes); !st)
        return Error{st.error()};
    Reader pos{payload[kPosn], std::size_t(length[kPosn])};
    s.epoch = pos.i32();
    s.batchInEpoch = pos.i32();
    s.batchesPerEpoch = pos.i32();
    s.orderCrc = pos.u32();
    s.step = pos.u64();
    s.epochLossSum = pos.f64();
    s.epochSeconds = pos.f64();

    if (Status st = sized(kParm, arrayBytes); !st)
        return Error{st.error()};
    if (Status st = sized(kVelo, arrayBytes); !st)
        return Error{st.error()};
    Reader parm{payload[kParm], std::size_t(length[kParm])};
    Reader velo{payload[kVelo], std::size_t(length[kVelo])};
    parm.params(s.networkParams, arch);
    velo.params(s.networkVelocity, arch);

    if (length[kLoss] < 8 || (length[kLoss] - 8) % 4 != 0)
        return Error{what + "the loss history section holds " + withThousands(length[kLoss]) +
                     " bytes; it should hold 8 + 4 per batch"};
    Reader loss{payload[kLoss], std::size_t(length[kLoss])};
    const std::uint64_t losses = loss.u64();
    if (losses != (length[kLoss] - 8) / 4)
        return Error{what + "the loss history counts " + withThousands(losses) + " batches but holds " +
                     withThousands((length[kLoss] - 8) / 4)};
    s.batchLosses.resize(std::size_t(losses));
    for (float &l : s.batchLosses)
        l = loss.f32();

    Reader ep{payload[kEpoc], std::size_t(length[kEpoc])};
    const std::uint32_t epochs = ep.u32();
    if (Status st = sized(kEpoc, 4 + std::uint64_t(epochs) * (version >= 4 ? kEpochReportBytesV4 : kEpochReportBytes)); !st)
        return Error{st.error()};
    s.epochs.resize(epochs);
    for (EpochReport &e : s.epochs) {
        e.epoch = ep.i32();
        e.trainLoss = ep.f64();
        e.testLoss = ep.f64();
        e.testAccuracy = ep.f64();
        e.seconds = ep.f64();
        e.samplesPerSecond = ep.f64();
        if (version >= 4) {
            e.trainEvalLoss = ep.f64();
            e.trainAccuracy = ep.f64();
        }
    }
    if (Status st = checkSnapshot(s); !st)
        return Error{what + st.error()};
    return s;
}

Status checkSnapshot(const TrainingSnapshot &s)
{
    if (s.workers < 1 || s.workers > kMaxSnapshotWorkers)
        return Error{"the worker count " + std::to_string(s.workers) + " is impossible (1 to " +
                     std::to_string(kMaxSnapshotWorkers) + ")"};
    if (s.batchesPerEpoch < 1 || s.epoch < 0 || s.batchInEpoch < 0 || s.batchInEpoch >= s.batchesPerEpoch)
        return Error{"the position (epoch " + std::to_string(s.epoch) + ", batch " + std::to_string(s.batchInEpoch) +
                     " of " + std::to_string(s.batchesPerEpoch) + ") is impossible"};
    const std::uint64_t expected = std::uint64_t(s.epoch) * std::uint64_t(s.batchesPerEpoch) + std::uint64_t(s.batchInEpoch);
    if (s.step != expected)
        return Error{"step " + withThousands(s.step) + " does not match epoch " + std::to_string(s.epoch) + ", batch " +
                     std::to_string(s.batchInEpoch) + " of " + std::to_string(s.batchesPerEpoch) + " (step " +
                     withThousands(expected) + ")"};
    if (s.batchLosses.size() != s.step)
        return Error{"the loss history holds " + withThousands(s.batchLosses.size()) + " batches; the position is step " +
                     withThousands(s.step)};
    if (s.epochs.size() != std::size_t(s.epoch))
        return Error{"there are " + withThousands(s.epochs.size()) + " epoch reports for " + std::to_string(s.epoch) +
                     " finished epochs"};
    if (s.batchInEpoch == 0 && s.orderCrc != 0)
        return Error{"a shuffle-order checksum is stored at the start of an epoch"};
    const std::size_t n = s.data.trainCount;
    const std::size_t global = std::size_t(s.config.batch) * std::size_t(s.workers);
    if (n == 0 || (n + global - 1) / global != std::size_t(s.batchesPerEpoch))
        return Error{withThousands(n) + " training images at batch " + std::to_string(s.config.batch) +
                     (s.workers > 1 ? " x " + std::to_string(s.workers) + " workers" : std::string()) + " are not " +
                     std::to_string(s.batchesPerEpoch) + " batches per epoch"};
    if (!std::isfinite(s.epochLossSum) || !std::isfinite(s.epochSeconds))
        return Error{"the running sums of the epoch are not finite"};
    const Architecture &arch = s.config.network;
    if (Status st = validate(arch); !st)
        return Error {"the network: " + st.error()};
    const auto shaped = [&](const MlpParamsF &p) { return p.hasShape(arch); };
    if (!shaped(s.networkParams) || (!s.networkVelocity.layers.empty() && !shaped(s.networkVelocity))
        || !std::all_of(s.networkBuffers.begin(), s.networkBuffers.end(), shaped))
        return Error {"the weights or the optimiser's state do not have the shapes of " + describe(arch)};
    const auto finite = [](const MlpParamsF &p) { return p.allFinite(); };
    if (!s.networkParams.allFinite())
        return Error{"the weights are not all finite"};
    if (!s.networkVelocity.allFinite())
        return Error{"the momentum buffer is not all finite"};
    if (!std::all_of(s.networkBuffers.begin(), s.networkBuffers.end(), finite))
        return Error {"the optimiser's state is not all finite"};
    for (std::size_t i = 0; i < s.batchLosses.size(); ++i)
        if (!std::isfinite(s.batchLosses[i]))
            return Error{"the loss of batch " + withThousands(i + 1) + " is not finite"};
    for (std::size_t i = 0; i < s.epochs.size(); ++i)
        if (s.epochs[i].epoch != int(i) + 1)
            return Error{"epoch report " + std::to_string(i + 1) + " is numbered " + std::to_string(s.epochs[i].epoch)};
    return Status::success();
}

std::uint32_t orderChecksum(const std::vector<std::uint32_t> &order)
{
    std::vector<std::uint8_t> bytes;
    bytes.reserve(order.size() * 4);
    for (std::uint32_t v : order)
        putLittleEndian(bytes, v, 4);
    return crc32Of(bytes.data(), bytes.size());
}

Result<std::vector<std::uint32_t>> resumeOrder(const TrainingSnapshot &s, const DatasetIdentity &actual,
                                               std::size_t trainCount, int workers)
{
    if (Status st = checkSnapshot(s); !st)
        return Error{st.error()};
    if (const std::string mismatch = describeDataMismatch(s.data, actual); !mismatch.empty())
        return Error{mismatch};
    if (s.workers != workers)
        return Error{"the snapshot was taken with " + std::to_string(s.workers) + " worker" +
                     (s.workers == 1 ? "" : "s") + "; this trainer has " + std::to_string(workers) +
                     " (the replicas' averaged gradient rounds differently, so resuming would not be exact)"};
    const std::size_t global = std::size_t(s.config.batch) * std::size_t(workers);
    const int perEpoch = int((trainCount + global - 1) / global);
    if (perEpoch != s.batchesPerEpoch)
        return Error{"the snapshot has " + std::to_string(s.batchesPerEpoch) + " batches per epoch; this data has " +
                     std::to_string(perEpoch) + " at batch " + std::to_string(s.config.batch)};
    std::vector<std::uint32_t> order(trainCount);
    std::iota(order.begin(), order.end(), std::uint32_t(0));
    if (s.batchInEpoch > 0) {
        epochOrder(s.config.seed, s.epoch, order);
        if (orderChecksum(order) != s.orderCrc)
            return Error{"the shuffle order of epoch " + std::to_string(s.epoch + 1) +
                         " does not come out as when the snapshot was taken (another build or version of the "
                         "program); resuming would not be exact"};
    }
    return order;
}

Status saveSnapshot(const std::string &path, const TrainingSnapshot &snapshot)
{
    if (Status st = checkSnapshot(snapshot); !st)
        return Error{path + ": not written: " + st.error()};
    const std::vector<std::uint8_t> bytes = encodeSnapshot(snapshot);
    return atomicWriteFile(path, {{bytes.data(), bytes.size()}});
}

Result<TrainingSnapshot> loadSnapshot(const std::string &path)
{
    auto bytes = readWholeFile(path, kMaxFileBytes);
    if (!bytes)
        return Error{bytes.error()};
    return decodeSnapshot(bytes->data(), bytes->size(), fileNameOf(path));
}

std::string describeSnapshot(const TrainingSnapshot &s)
{
    const TrainConfig &c = s.config;
    return "epoch " + std::to_string(s.epoch + 1) + "/" + std::to_string(c.epochs) + ", batch " +
           std::to_string(s.batchInEpoch + 1) + "/" + std::to_string(s.batchesPerEpoch) + " (step " +
           withThousands(s.step) + "), lr " + numberText(c.lr) +
           (c.schedule == Schedule::Cosine ? " cosine" : " constant") + ", momentum " + numberText(c.momentum) +
           (c.network == Architecture::source() ? std::string() : ", network " + describe(c.network)) +
           ", batch " + std::to_string(c.batch) +
           (s.workers > 1 ? " x " + std::to_string(s.workers) + " workers" : std::string()) + ", seed " + std::to_string(c.seed) + ", data " +
           (s.data.name.empty() ? std::string("(unnamed)") : s.data.name) + " (" + withThousands(s.data.trainCount) +
           " + " + withThousands(s.data.testCount) + " images)";
}

} // namespace bplab
