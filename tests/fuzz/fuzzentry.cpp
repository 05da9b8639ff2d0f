#include "fuzzentry.h"

#include "data/idx.h"
#include "lesson/lessonreader.h"
#include "io/modelfile.h"
#include "io/npz.h"
#include "io/onnxfile.h"
#include "train/snapshot.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <zlib.h>

namespace bplab::fuzz {

namespace {

/** Stops the run with a message: a loader returned success with a value that breaks its contract. */
[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz: invariant broken: %s\n", what);
    std::abort();
}

/** The readers of IDX files take a path: every input goes through one file of this process. */
class ScratchFile {
public:
    ScratchFile()
    {
        const std::filesystem::path shm("/dev/shm"); // memory-backed when there, for speed
        std::error_code ec;
        const auto dir = std::filesystem::is_directory(shm, ec) && ::access("/dev/shm", W_OK) == 0
                                 ? shm
                                 : std::filesystem::temp_directory_path();
        m_path = (dir / ("bplab-fuzz-" + std::to_string(::getpid()) + ".bin")).string();
    }
    ~ScratchFile() { std::remove(m_path.c_str()); }

    const std::string &write(const std::uint8_t *data, std::size_t size)
    {
        std::FILE *f = std::fopen(m_path.c_str(), "wb");
        if (!f || (size > 0 && std::fwrite(data, 1, size, f) != size) || std::fclose(f) != 0)
            broken("cannot write the scratch file");
        return m_path;
    }

private:
    std::string m_path;
};

ScratchFile &scratch()
{
    static ScratchFile file;
    return file;
}

/** Both IDX readers on the file; whatever they accept must be what they promise. */
void readIdxFile(const std::string &path)
{
    if (auto images = readIdxImages(path); images) {
        if (images->rows < 1 || images->cols < 1 ||
            images->pixels.size() != images->count * std::size_t(images->rows) * std::size_t(images->cols))
            broken("readIdxImages: pixel count differs from count x rows x cols");
    } else if (images.error().empty()) {
        broken("readIdxImages: an error without a message");
    }
    if (auto labels = readIdxLabels(path); labels) {
        for (std::uint8_t v : labels->labels)
            if (v > 9)
                broken("readIdxLabels: accepted a label above 9");
    } else if (labels.error().empty()) {
        broken("readIdxLabels: an error without a message");
    }
}

/** The input as it is: raw IDX, or any gzip stream when it starts with 1F 8B. */
void fuzzIdx(const std::uint8_t *data, std::size_t size)
{
    readIdxFile(scratch().write(data, size));
}

/** The input gzip-compressed first: the readers' inflating path on well-formed streams. */
void fuzzIdxGz(const std::uint8_t *data, std::size_t size)
{
    z_stream zs {};
    if (deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        broken("deflateInit2 failed");
    std::vector<std::uint8_t> gz(deflateBound(&zs, uLong(size)) + 32);
    zs.next_in = const_cast<Bytef *>(data);
    zs.avail_in = uInt(size);
    zs.next_out = gz.data();
    zs.avail_out = uInt(gz.size());
    const int rc = deflate(&zs, Z_FINISH);
    gz.resize(zs.total_out);
    deflateEnd(&zs);
    if (rc != Z_STREAM_END)
        broken("deflate did not finish");
    readIdxFile(scratch().write(gz.data(), gz.size()));
}

void checkParams(const MlpParamsF &p, const char *who)
{
    if (!p.hasShape(Architecture::source()))
        broken(who);
}

void checkParams(const Result<MlpParamsF> &p, const char *who)
{
    if (p)
        checkParams(*p, who);
    else if (p.error().empty())
        broken("a model reader returned an error without a message");
}

void fuzzModel(const std::uint8_t *data, std::size_t size)
{
    checkParams(decodeModel(data, size, "fuzz.bplab"), "decodeModel: accepted wrong shapes");
}

void fuzzNpz(const std::uint8_t *data, std::size_t size)
{
    checkParams(decodeNpz(data, size, "fuzz.npz"), "decodeNpz: accepted wrong shapes");
}

void fuzzSnapshot(const std::uint8_t *data, std::size_t size)
{
    auto s = decodeSnapshot(data, size, "fuzz.bplabsnap");
    if (s) {
        // any network's snapshot, in the shapes of the network it names
        if (!s->networkParams.hasShape(s->config.network))
            broken("decodeSnapshot: accepted weights of other shapes than its network's");
        if (!s->networkVelocity.layers.empty() && !s->networkVelocity.hasShape(s->config.network))
            broken("decodeSnapshot: accepted momentum of other shapes than its network's");
        if (!checkSnapshot(*s).ok())
            broken("decodeSnapshot: accepted a snapshot that checkSnapshot refuses");
        // What was read is written back byte for byte.
        const std::vector<std::uint8_t> again = encodeSnapshot(*s);
        if (again.size() != size || !std::equal(again.begin(), again.end(), data))
            broken("decodeSnapshot: encodeSnapshot(decodeSnapshot(bytes)) differs from bytes");
    } else if (s.error().empty()) {
        broken("decodeSnapshot: an error without a message");
    }
}

/** An ONNX model as inspect reads it: protobuf's parser, then ONNX's checker. */
void fuzzOnnx(const std::uint8_t *data, std::size_t size)
{
    auto s = decodeOnnx(data, size, "fuzz.onnx");
    if (!s && s.error().empty())
        broken("decodeOnnx: an error without a message");
}

/** A lesson as text: refused with a message, or valid through and through. */
void fuzzLesson(const std::uint8_t *data, std::size_t size)
{
    auto l = parseLesson(std::string_view(reinterpret_cast<const char *>(data), size), "fuzz.json");
    if (!l) {
        if (l.error().empty())
            broken("parseLesson: an error without a message");
        return;
    }
    if (l->title.empty() || l->views.empty() || l->steps.empty() || l->steps.size() > std::size_t(kMaxLessonSteps))
        broken("parseLesson: accepted a lesson without a title, views or steps");
    // The stages of the lesson's network, counted here apart from the parser: 784-128-10 has 10,
    // each further hidden layer 3 more, none 7; a layer list 6 and 2 per layer. A step of a Compare
    // run's network may show up to 38 (16 layers, the longest list) when the run is not one of the
    // file's, its own count when it is.
    const auto stagesOf = [](const Architecture &a) {
        return a.layers.empty() ? 7 + 3 * int(a.hidden.size()) : 6 + 2 * int(a.layers.size());
    };
    const int lessonStages = l->settings.network ? stagesOf(*l->settings.network) : 10;
    // The batches the lesson trains: epochs x ceil(images / batch), the sample set 8,000 images,
    // mnist and fashion 60,000; what the lesson leaves open at its widest (1000 epochs, batch 1).
    const long long images = l->dataset == "sample" ? 8000 : 60000;
    const long long subset = l->settings.trainSubset && *l->settings.trainSubset > 0
                                     ? std::min<long long>(images, (long long)*l->settings.trainSubset)
                                     : images;
    const long long batch = l->settings.batch.value_or(1);
    const long long trained = l->settings.epochs.value_or(1000) * ((subset + batch - 1) / batch);
    const std::vector<CompareChoice> *runs = nullptr;
    for (const LessonStep &s : l->steps) {
        if (std::find(l->views.begin(), l->views.end(), s.view) == l->views.end())
            broken("parseLesson: accepted a step whose view the lesson does not show");
        int stages = lessonStages;
        if (s.stepOf.value_or(0) > 0)
            stages = runs && *s.stepOf <= int(runs->size()) ? stagesOf((*runs)[std::size_t(*s.stepOf - 1)].arch) : 38;
        if (s.stage && (*s.stage < 1 || *s.stage > stages || s.view != LessonView::Step))
            broken("parseLesson: accepted a stage outside its network's stages or off the step view");
        if (s.timelineAt && (*s.timelineAt < 0 || *s.timelineAt > trained))
            broken("parseLesson: accepted a timeline_at beyond the batches the lesson trains");
        if (!s.compare.empty())
            runs = &s.compare;
        if (s.question && s.question->text.empty())
            broken("parseLesson: accepted a question without text");
    }
}

} // namespace

const std::vector<Target> &targets()
{
    static const std::vector<Target> all = {
        {"idx", fuzzIdx},
        {"idx_gz", fuzzIdxGz},
        {"model", fuzzModel},
        {"npz", fuzzNpz},
        {"lesson", fuzzLesson},
        {"onnx", fuzzOnnx},
        {"snapshot", fuzzSnapshot},
    };
    return all;
}

const Target *findTarget(std::string_view name)
{
    for (const Target &t : targets())
        if (t.name == name)
            return &t;
    return nullptr;
}

} // namespace bplab::fuzz
