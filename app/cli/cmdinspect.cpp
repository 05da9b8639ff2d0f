// inspect: what a file is, told by its content (never its name), and whether it is valid.
// Every kind is checked by the same loader the rest of the program uses, so the reasons are the
// loaders' messages. Nothing is read without a bound: the first bytes to recognise the kind,
// then at most what the kind's loader accepts (IDX data up to 1 GiB, manifests up to 1 MiB).

#include "command.h"
#include "commands.h"
#include "jsonwriter.h"

#include "io/fileformat.h"
#include "io/fileio.h"
#include "data/idx.h"
#include "lesson/lessonreader.h"
#include "manifest.h"
#include "io/modelfile.h"
#include "io/npz.h"
#include "io/onnxfile.h"
#if __has_include("snapshot.h")
#include "train/snapshot.h"
#define BPLAB_INSPECT_SNAPSHOTS 1
#endif

#include <array>
#include <cerrno>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace bplab::cli {

namespace {

// The most IDX data inspect loads: 20x full MNIST, more than any MNIST-format set in use.
constexpr std::uint64_t kMaxIdxDataBytes = std::uint64_t(1) << 30;
constexpr std::size_t kSniffBytes = 64;

/** What inspect found: the kind, a one-line description, kind-specific JSON, and the verdict. */
struct Finding {
    QString kind = QStringLiteral("unknown"); // idx-images, idx-labels, model, npz, onnx, snapshot, manifest, ...
    QString what;                             // "IDX images (gzip-compressed): 10,000 images of 28x28"
    bool compressed = false;
    std::string error; // empty when valid
    JsonObject details;
};

bool startsWith(const std::vector<std::uint8_t> &head, const char *magic, std::size_t n)
{
    return head.size() >= n && std::memcmp(head.data(), magic, n) == 0;
}

std::string hexBytes(const std::vector<std::uint8_t> &head, std::size_t n)
{
    std::string out;
    char buf[4];
    for (std::size_t i = 0; i < std::min(n, head.size()); ++i) {
        std::snprintf(buf, sizeof buf, "%02X", head[i]);
        out += (i ? " " : "") + std::string(buf);
    }
    return out;
}

/** Up to n bytes from the start of a regular file (never blocks on a pipe). */
Result<std::vector<std::uint8_t>> readHead(const std::string &path, std::size_t n)
{
    std::vector<std::uint8_t> head(n);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return Error{path + ": cannot open: " + systemError(errno)};
    std::size_t done = 0;
    while (done < n) {
        const ssize_t got = ::read(fd, head.data() + done, n - done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        done += std::size_t(got);
    }
    ::close(fd);
    head.resize(done);
    return head;
}

/**
 * The first n inflated bytes of a gzip file, from at most its first 64 KiB. zlib's gzread would
 * inflate ahead into its own buffer and fail on damage far behind the header; this stops as soon
 * as n bytes are out, so that damage later on is left to the loader, which says where it is.
 */
Result<std::vector<std::uint8_t>> inflateHead(const std::string &path, std::size_t n)
{
    auto in = readHead(path, std::size_t(1) << 16);
    if (!in)
        return in;
    std::vector<std::uint8_t> out(n);
    z_stream zs {};
    if (inflateInit2(&zs, 15 + 16) != Z_OK)
        return Error{fileNameOf(path) + ": zlib could not start"};
    zs.next_in = in->data();
    zs.avail_in = uInt(in->size());
    zs.next_out = out.data();
    zs.avail_out = uInt(n);
    int rc = Z_OK;
    while (zs.avail_out > 0 && rc == Z_OK)
        rc = inflate(&zs, Z_SYNC_FLUSH);
    const std::string zlibMessage = zs.msg ? zs.msg : "no data";
    out.resize(n - zs.avail_out);
    inflateEnd(&zs);
    if (out.empty() && rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
        return Error{fileNameOf(path) + ": the gzip data is damaged at its start (zlib: " + zlibMessage + ")"};
    return out;
}

/** The bytes an IDX header promises after itself (saturating), or 0 when the header is too short. */
std::uint64_t idxPromise(const std::vector<std::uint8_t> &head, bool images)
{
    if (head.size() < (images ? 16u : 8u))
        return 0;
    unsigned __int128 n = readBigEndian32(head.data() + 4);
    if (images)
        n *= static_cast<unsigned __int128>(readBigEndian32(head.data() + 8)) * readBigEndian32(head.data() + 12);
    return n > UINT64_MAX ? UINT64_MAX : std::uint64_t(n);
}

void inspectIdx(const std::string &path, std::uint64_t fileSize, const std::vector<std::uint8_t> &head, bool images,
                Finding &f)
{
    f.kind = images ? QStringLiteral("idx-images") : QStringLiteral("idx-labels");
    f.what = images ? QStringLiteral("IDX images") : QStringLiteral("IDX labels");
    if (f.compressed)
        f.what += QStringLiteral(" (gzip-compressed)");
    // The loader allocates what the header promises once the file can deliver it: a raw file of
    // exactly that size, or a small gzip file inflating to gigabytes of zeros. Such promises are
    // bounded here; every other damaged header is left to the loader, which refuses it unread.
    const std::uint64_t promise = idxPromise(head, images);
    const auto side = [&](std::size_t at) { return readBigEndian32(head.data() + at); };
    const bool plausibleSides = !images || (head.size() >= 16 && side(8) >= 1 && side(8) <= 65536 &&
                                            side(12) >= 1 && side(12) <= 65536);
    const bool deliverable = f.compressed || fileSize == (images ? 16u : 8u) + promise;
    if (plausibleSides && deliverable && promise > kMaxIdxDataBytes) {
        f.error = fileNameOf(path) + ": header promises " + withThousands(promise) +
                  " bytes of data; inspect checks IDX files of at most " + withThousands(kMaxIdxDataBytes) +
                  " bytes (and a data set that large does not fit this program's training in memory)";
        return;
    }
    if (images) {
        auto r = readIdxImages(path);
        if (!r) {
            f.error = r.error();
            return;
        }
        f.what += QStringLiteral(": %1 images of %2x%3").arg(thousands(r->count)).arg(r->rows).arg(r->cols);
        f.details.add("count", std::uint64_t(r->count)).add("rows", r->rows).add("cols", r->cols);
        return;
    }
    auto r = readIdxLabels(path);
    if (!r) {
        f.error = r.error();
        return;
    }
    std::array<std::uint64_t, 10> perClass {};
    for (std::uint8_t v : r->labels)
        ++perClass[v]; // the loader guarantees 0-9
    QString text;
    for (std::size_t c = 0; c < perClass.size(); ++c)
        text += (c ? QStringLiteral(", ") : QString()) + thousands(perClass[c]);
    f.what += QStringLiteral(": %1 labels (per class 0-9: %2)").arg(thousands(r->labels.size()), text);
    f.details.add("count", std::uint64_t(r->labels.size())).addJson("class_counts", perClass);
}

/** Weights as the loaders return them: the network, each array's shape and whether every value
 *  is finite. */
void describeParams(const NetworkModel &m, Finding &f)
{
    std::size_t nonFinite = 0;
    QStringList shapes;
    Json arrays = Json::array();
    for (std::size_t l = 0; l < m.params.layers.size(); ++l) {
        const Layer<float> &L = m.params.layers[l];
        nonFinite += std::size_t((!L.W.array().isFinite()).count() + (!L.b.array().isFinite()).count());
        const QString n = QString::number(l + 1);
        shapes << QStringLiteral("W%1 %2x%3, b%1 %2").arg(n).arg(L.W.rows()).arg(L.W.cols());
        arrays.push_back(Json {{"name", "W" + std::to_string(l + 1)}, {"shape", Json {L.W.rows(), L.W.cols()}}});
        arrays.push_back(Json {{"name", "b" + std::to_string(l + 1)}, {"shape", Json {L.b.size()}}});
    }
    f.what += QStringLiteral(": %1 network, %2 (float32)").arg(qs(describe(m.arch)), shapes.join(QStringLiteral(", ")));
    f.details.add("network", qs(describe(m.arch)));
    f.details.addJson("arrays", arrays);
    f.details.add("non_finite", std::uint64_t(nonFinite));
    if (nonFinite > 0)
        f.error = "the weights hold " + withThousands(nonFinite) +
                  " values that are NaN or infinite: a diverged run; train again with a smaller learning rate";
}

void inspectModel(const std::string &path, bool npz, Finding &f)
{
    f.kind = npz ? QStringLiteral("npz") : QStringLiteral("model");
    f.what = npz ? QStringLiteral("NumPy .npz (zip)") : QStringLiteral("Backprop Lab model file");
    const auto read = [&]() -> Result<NetworkModel> {
        if (!npz)
            return readNetworkModel(path);
        auto p = loadNpz(path);
        if (!p)
            return Error {p.error()};
        return NetworkModel {Architecture::source(), std::move(*p), std::nullopt};
    };
    const Result<NetworkModel> r = read();
    if (!r) {
        f.error = r.error();
        return;
    }
    describeParams(*r, f);
    if (!f.error.empty())
        f.error = fileNameOf(path) + ": " + f.error;
}

#ifdef BPLAB_INSPECT_SNAPSHOTS
void inspectSnapshot(const std::string &path, Finding &f)
{
    f.kind = QStringLiteral("snapshot");
    f.what = QStringLiteral("training snapshot");
    auto s = loadSnapshot(path);
    if (!s) {
        f.error = s.error();
        return;
    }
    f.what += QStringLiteral(": ") + qs(describeSnapshot(*s));
    f.details.add("epoch", s->epoch).add("batch_in_epoch", s->batchInEpoch).add("step", std::uint64_t(s->step));
    f.details.add("train_count", std::uint64_t(s->data.trainCount)).add("test_count", std::uint64_t(s->data.testCount));
}
#else
bool looksLikeSnapshot(const std::uint8_t *data, std::size_t size)
{
    return size >= 8 && std::memcmp(data, "BPLABSNP", 8) == 0;
}
void inspectSnapshot(const std::string &path, Finding &f)
{
    f.kind = QStringLiteral("snapshot");
    f.what = QStringLiteral("training snapshot");
    f.error = fileNameOf(path) + ": a training snapshot, but this build cannot check snapshots";
}
#endif

/** A download manifest ({"files": [{"name", "md5", "size"}, ...]}), checked by the downloader's parser. */
/** "[N, 784]" */
std::string shapeText(const std::vector<std::string> &shape)
{
    std::string t = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        t += (i ? ", " : "") + shape[i];
    return t + "]";
}

void inspectOnnx(const std::string &path, Finding &f)
{
    f.kind = QStringLiteral("onnx");
    f.what = QStringLiteral("ONNX model");
    const auto r = readOnnx(path);
    if (!r) {
        f.error = r.error();
        return;
    }
    const auto tensors = [](const std::vector<OnnxTensor> &list) {
        Json a = Json::array();
        for (const OnnxTensor &t : list)
            a.push_back(Json {{"name", t.name}, {"type", t.type}, {"shape", t.shape}});
        return a;
    };
    const auto words = [](const std::vector<OnnxTensor> &list) {
        std::string out;
        for (const OnnxTensor &t : list)
            out += (out.empty() ? "" : ", ") + t.name + " " + t.type + " " + shapeText(t.shape);
        return out;
    };
    std::string network, ops;
    Json nodes = Json::array(), metadata = Json::object();
    for (const auto &[name, op] : r->nodes) {
        nodes.push_back(Json {{"name", name}, {"op", op}});
        ops += (ops.empty() ? "" : ", ") + op;
    }
    for (const auto &[key, value] : r->metadata) {
        metadata[key] = value;
        if (key == "network")
            network = value;
    }
    f.what += QString::fromStdString((network.empty() ? std::string() : " of a " + network + " network") + " (opset " +
                                     std::to_string(r->opset) + ", by " + (r->producer.empty() ? "?" : r->producer) +
                                     "): inputs " + words(r->inputs) + "; outputs " + words(r->outputs) + "; " +
                                     std::to_string(r->nodes.size()) + " nodes (" + ops + ")");
    f.details.add("ir_version", (long long)r->irVersion)
            .add("opset", (long long)r->opset)
            .add("producer", QString::fromStdString(r->producer))
            .addJson("inputs", tensors(r->inputs))
            .addJson("outputs", tensors(r->outputs))
            .addJson("weights", tensors(r->weights))
            .addJson("nodes", std::move(nodes))
            .addJson("metadata", std::move(metadata));
}

void inspectManifest(const std::string &path, Finding &f)
{
    f.kind = QStringLiteral("manifest");
    f.what = QStringLiteral("download manifest (JSON)");
    auto m = download::loadManifest(QString::fromStdString(path));
    if (!m) {
        f.error = m.error();
        return;
    }
    f.what += QStringLiteral(": %1 files, %2 bytes in all").arg(m->files.size()).arg(thousands(std::uint64_t(m->totalBytes())));
    f.details.add("files", std::uint64_t(m->files.size())).add("total_bytes", std::uint64_t(m->totalBytes()));
}

/** A lesson ({"format": "backprop-lab-lesson", ...}), checked by the app's lesson reader. */
void inspectLesson(const std::string &path, Finding &f)
{
    f.kind = QStringLiteral("lesson");
    f.what = QStringLiteral("lesson (JSON)");
    auto l = loadLesson(path);
    if (!l) {
        f.error = l.error();
        return;
    }
    int questions = 0;
    for (const LessonStep &s : l->steps)
        questions += s.question.has_value();
    f.what += QStringLiteral(": \"%1\", %2 steps, %3 questions").arg(qs(l->title)).arg(l->steps.size()).arg(questions);
    f.details.add("title", qs(l->title)).add("dataset", qs(l->dataset));
    f.details.add("steps", std::uint64_t(l->steps.size())).add("questions", questions);
}

/** Recognises the file by its first bytes and checks it with the loader of its kind. */
void inspectFile(const std::string &path, Finding &f)
{
    const std::string name = fileNameOf(path);
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        f.kind = QStringLiteral("missing");
        f.what = QStringLiteral("cannot be opened");
        f.error = path + ": cannot open: " + systemError(errno);
        return;
    }
    if (!S_ISREG(st.st_mode)) {
        // Devices, pipes and sockets can be endless or block forever: never read them.
        f.kind = S_ISDIR(st.st_mode) ? QStringLiteral("folder") : QStringLiteral("special");
        f.what = S_ISDIR(st.st_mode) ? QStringLiteral("a folder") : QStringLiteral("not a regular file");
        f.error = path + (S_ISDIR(st.st_mode) ? ": is a folder; inspect a file in it"
                                              : ": is a device, pipe or socket; inspect reads regular files only");
        return;
    }
    const std::uint64_t size = std::uint64_t(st.st_size);
    f.details.add("bytes", size);
    if (size == 0) {
        f.kind = QStringLiteral("empty");
        f.what = QStringLiteral("an empty file");
        f.error = name + ": the file is empty (0 bytes)";
        return;
    }
    auto raw = readHead(path, kSniffBytes);
    if (!raw) {
        f.error = raw.error();
        return;
    }
    std::vector<std::uint8_t> head = *raw;
    if (head.size() >= 2 && head[0] == 0x1F && head[1] == 0x8B) {
        f.compressed = true;
        f.kind = QStringLiteral("gzip");
        f.what = QStringLiteral("gzip-compressed data");
        auto inflated = inflateHead(path, 16);
        if (!inflated) {
            f.error = inflated.error();
            return;
        }
        head = *inflated;
    }
    // IDX: two zero bytes, the element type (0x08 = unsigned byte) and the number of dimensions.
    if (head.size() >= 4 && head[0] == 0 && head[1] == 0 && head[2] == 0x08 && (head[3] == 3 || head[3] == 1)) {
        inspectIdx(path, size, head, head[3] == 3, f);
    } else if (head.size() >= 4 && head[0] == 0 && head[1] == 0 &&
               (head[2] == 0x08 || head[2] == 0x09 || (head[2] >= 0x0B && head[2] <= 0x0E)) && head[3] >= 1 &&
               head[3] <= 8) {
        f.kind = QStringLiteral("idx");
        f.what = QStringLiteral("IDX data of another kind");
        f.error = name + ": an IDX file of element type 0x" + hexBytes({head[2]}, 1) + " with " +
                  std::to_string(head[3]) + " dimensions; MNIST images are unsigned bytes (0x08) in 3, labels in 1";
    } else if (f.compressed) {
        f.error = name + ": gzip-compressed, but the content is not an IDX file (it starts with " +
                  (head.empty() ? std::string("nothing") : "bytes " + hexBytes(head, 8)) + ")";
    } else if (startsWith(head, kModelFileMagic.data(), kModelFileMagic.size())) {
        inspectModel(path, false, f);
    } else if (looksLikeSnapshot(head.data(), head.size())) {
        inspectSnapshot(path, f);
    } else if (looksLikeZip(head.data(), head.size())) {
        inspectModel(path, true, f);
    } else if (looksLikeOnnx(head.data(), head.size())) {
        inspectOnnx(path, f);
    } else {
        std::size_t i = startsWith(head, "\xEF\xBB\xBF", 3) ? 3 : 0; // a UTF-8 byte order mark
        while (i < head.size() && head[i] != 0 && std::strchr(" \t\r\n", head[i]))
            ++i;
        if (i < head.size() && head[i] == '{') {
            // A lesson names its format near the start; every other JSON object is taken for a manifest.
            auto json = readHead(path, 4096);
            if (json && looksLikeLesson(std::string_view(reinterpret_cast<const char *>(json->data()), json->size())))
                inspectLesson(path, f);
            else
                inspectManifest(path, f);
        } else {
            f.what = QStringLiteral("not a kind this program reads");
            f.error = name + ": not an IDX, model, snapshot, .npz, ONNX, manifest or lesson file (it starts with bytes " +
                      hexBytes(head, 8) + ")";
        }
    }
}

} // namespace

int runInspect(const QStringList &args)
{
    Command cmd(QStringLiteral("inspect"),
                QStringLiteral("Says what a file is and whether it is valid."),
                QStringLiteral(R"(Kinds, told by the content (never the name): IDX images or labels (raw or gzip), a model
file, a NumPy .npz of weights, an ONNX model (its inputs, outputs, layers and metadata; checked by
ONNX's checker), a training snapshot, a download manifest (JSON with a "files" list
of name, md5 and size), a lesson (JSON with "format": "backprop-lab-lesson"; the first wrong
field is named, e.g. "steps[2].view"). Each is checked by the loader the program uses for it.
Exit codes: 0 valid, 1 usage error, 2 not valid (the reason on stderr; with --json also in "error").)"));
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object: file, kind, valid, details, error."));
    cmd.parser().addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The file to inspect."));
    // The shared parser refuses positional arguments: split FILE off (--json takes no value).
    QStringList optionArgs = {args.value(0)}, files;
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--")) {
            files += args.mid(i + 1);
            break;
        }
        (args[i].startsWith(QLatin1Char('-')) && args[i].size() > 1 ? optionArgs : files) << args[i];
    }
    if (const int code = cmd.parse(optionArgs); code >= 0)
        return code;
    if (files.size() != 1)
        return cmd.usageError(files.isEmpty() ? QStringLiteral("name the FILE to inspect")
                                              : QStringLiteral("inspect takes one FILE (got %1)").arg(files.size()));
    const QString path = files.first();
    if (path.isEmpty())
        return cmd.usageError(QStringLiteral("the FILE name is empty"));

    Finding f;
    try {
        inspectFile(path.toStdString(), f);
    } catch (const std::exception &e) {
        // A loader must return an error, never throw; should one throw, the file is still reported.
        f.error = fileNameOf(path.toStdString()) + ": the " + f.kind.toStdString() +
                  " reader failed on this file (" + e.what() + ")";
    }
    const bool valid = f.error.empty();
    if (cmd.isSet(QStringLiteral("json"))) {
        JsonObject o;
        o.add("file", path).add("kind", f.kind).add("description", f.what).add("compressed", f.compressed);
        o.add("valid", valid).add("details", f.details);
        if (!valid)
            o.add("error", qs(f.error));
        o.printLine();
    } else {
        printOut(QStringLiteral("%1: %2: %3\n").arg(path, f.what, valid ? QStringLiteral("valid")
                                                                          : QStringLiteral("NOT valid")));
    }
    if (!valid)
        return cmd.dataError(qs(f.error));
    return kExitOk;
}

} // namespace bplab::cli
