// NumPy .npz: a zip of W1.npy, b1.npy, W2.npy, b2.npy (torch.nn.Linear layout). The zip is
// libzip's: written with stored (uncompressed) entries; read stored or deflated, with Zip64 as
// NumPy writes it. The .npy inside is ours: float32 or float64, C or Fortran order, either byte order.

#include "io/npz.h"

#include "io/fileio.h"
#include "data/idx.h"

#include <array>
#include <bit>
#include <charconv>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <zip.h>

namespace bplab {

namespace {

constexpr std::size_t kMaxEntryBytes = std::size_t(16) << 20; // W1 as float64 is 0.8 MB

struct NpyArray {
    std::string name;
    std::vector<std::uint8_t> bytes; // the whole .npy entry
};

void put16(std::vector<std::uint8_t> &o, std::uint32_t v)
{
    o.push_back(std::uint8_t(v));
    o.push_back(std::uint8_t(v >> 8));
}
void put32(std::vector<std::uint8_t> &o, std::uint32_t v)
{
    put16(o, v & 0xFFFF);
    put16(o, v >> 16);
}
std::uint32_t get16(const std::uint8_t *p)
{
    return std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8);
}
std::uint32_t get32(const std::uint8_t *p)
{
    return get16(p) | (get16(p + 2) << 16);
}
std::uint64_t get64(const std::uint8_t *p)
{
    return std::uint64_t(get32(p)) | (std::uint64_t(get32(p + 4)) << 32);
}

/** The start of an .npy (format 1.0): magic, version and the header dictionary `{'descr': descr,
 *  'fortran_order': False, 'shape': shape, }`, padded as NumPy pads it. */
std::vector<std::uint8_t> npyStart(const std::string &descr, const std::string &shape)
{
    std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    // magic(6) + version(2) + length(2) + header + '\n' is a multiple of 64, as NumPy aligns it.
    const std::size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header.push_back('\n');
    std::vector<std::uint8_t> out = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
    put16(out, std::uint32_t(header.size()));
    out.insert(out.end(), header.begin(), header.end());
    return out;
}

/** An .npy (format 1.0) holding m as little-endian float32 in C order. */
/** m row after row as float32; shape: the .npy's shape text when it is not m's own ("(8, 1, 5, 5)"). */
std::vector<std::uint8_t> encodeNpy(const Mat<float> &m, bool vector, const std::string &shape = {})
{
    const std::string rows = std::to_string(m.rows());
    std::vector<std::uint8_t> out =
            npyStart("<f4", !shape.empty() ? shape
                            : vector       ? "(" + rows + ",)"
                                           : "(" + rows + ", " + std::to_string(m.cols()) + ")");
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            put32(out, std::bit_cast<std::uint32_t>(m(r, c)));
    return out;
}

struct NpyHeader {
    char byteOrder = '<';
    int itemSize = 4;
    bool fortran = false;
    std::vector<std::uint64_t> shape;
    std::size_t dataOffset = 0;
};

/** Value of 'key' in the header dict text (up to the next top-level comma or brace). */
std::optional<std::string> dictValue(const std::string &h, const std::string &key)
{
    std::size_t k = h.find("'" + key + "'");
    if (k == std::string::npos)
        k = h.find("\"" + key + "\"");
    if (k == std::string::npos)
        return std::nullopt;
    std::size_t colon = h.find(':', k + key.size() + 2);
    if (colon == std::string::npos)
        return std::nullopt;
    std::size_t i = colon + 1;
    while (i < h.size() && h[i] == ' ')
        ++i;
    std::size_t end = i;
    if (end < h.size() && h[end] == '(')
        end = h.find(')', end);
    else
        end = h.find_first_of(",}", end);
    if (end == std::string::npos)
        return std::nullopt;
    return h.substr(i, end - i + (h[i] == '(' ? 1 : 0));
}

/** The header dict's text and where the data starts. */
Result<std::pair<std::string, std::size_t>> npyHeaderText(const std::vector<std::uint8_t> &b, const std::string &where)
{
    static const std::uint8_t magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
    if (b.size() < 10 || std::memcmp(b.data(), magic, 6) != 0)
        return Error{where + ": not a NumPy .npy array"};
    const int major = b[6];
    std::size_t len = 0, start = 0;
    if (major == 1) {
        len = get16(b.data() + 8);
        start = 10;
    } else if (major == 2 || major == 3) {
        if (b.size() < 12)
            return Error{where + ": .npy header cut short"};
        len = get32(b.data() + 8);
        start = 12;
    } else {
        return Error{where + ": .npy format version " + std::to_string(major) + " is unknown"};
    }
    if (start + len > b.size())
        return Error{where + ": .npy header of " + withThousands(len) + " bytes runs past the entry"};
    return std::pair{std::string(b.begin() + std::ptrdiff_t(start), b.begin() + std::ptrdiff_t(start + len)),
                     start + len};
}

Result<NpyHeader> parseNpyHeader(const std::vector<std::uint8_t> &b, const std::string &where)
{
    auto text = npyHeaderText(b, where);
    if (!text)
        return Error{text.error()};
    const std::string &h = text->first;
    NpyHeader out;
    out.dataOffset = text->second;
    const auto descr = dictValue(h, "descr");
    const auto fortran = dictValue(h, "fortran_order");
    const auto shape = dictValue(h, "shape");
    if (!descr || !fortran || !shape)
        return Error{where + ": .npy header lacks descr, fortran_order or shape: " + h};
    std::string d = *descr;
    std::erase_if(d, [](char c) { return c == '\'' || c == '"'; });
    if (d == "<f4" || d == "=f4" || d == "f4") {
        out.byteOrder = '<';
        out.itemSize = 4;
    } else if (d == "<f8" || d == "=f8" || d == "f8") {
        out.byteOrder = '<';
        out.itemSize = 8;
    } else if (d == ">f4" || d == ">f8") {
        out.byteOrder = '>';
        out.itemSize = d[2] == '4' ? 4 : 8;
    } else {
        return Error{where + ": data type " + d + " is not float32 or float64"};
    }
    if (fortran->rfind("True", 0) == 0)
        out.fortran = true;
    else if (fortran->rfind("False", 0) != 0)
        return Error{where + ": fortran_order is " + *fortran};
    // shape: "(128, 784)", "(128,)" or "()"
    if (shape->size() < 2 || shape->front() != '(' || shape->back() != ')')
        return Error{where + ": shape is '" + *shape + "', not a tuple like (128, 784)"};
    std::string s = shape->substr(1, shape->size() - 2);
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == ','))
            ++i;
        if (i >= s.size())
            break;
        std::uint64_t v = 0;
        std::size_t digits = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9' && digits < 12) {
            v = v * 10 + std::uint64_t(s[i] - '0');
            ++i;
            ++digits;
        }
        if (digits == 0 || (i < s.size() && s[i] != ',' && s[i] != ' ' && s[i] != 'L'))
            return Error{where + ": cannot read the shape " + *shape};
        if (i < s.size() && s[i] == 'L')
            ++i;
        out.shape.push_back(v);
    }
    return out;
}

std::string shapeText(const std::vector<std::uint64_t> &shape)
{
    std::string t = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        t += (i ? ", " : "") + std::to_string(shape[i]);
    return t + (shape.size() == 1 ? ",)" : ")");
}

/** Decodes an .npy into m (rows x cols as the network needs); vectors may be (n,), (n,1) or (1,n).
 *  With `torch` (a convolution's C_out x C_in x k x k), the array must have that shape, in C order,
 *  and is read as rows x cols = C_out x (C_in k k). */
Status decodeNpy(const NpyArray &a, Eigen::Index rows, Eigen::Index cols, bool vector, Mat<float> &m,
                 const std::string &file, const std::vector<std::uint64_t> &torch = {})
{
    const std::string where = file + ": " + a.name;
    auto h = parseNpyHeader(a.bytes, where);
    if (!h)
        return Error{h.error()};
    const auto &shape = h->shape;
    bool shapeOk = false;
    if (vector)
        shapeOk = (shape.size() == 1 && shape[0] == std::uint64_t(rows)) ||
                  (shape.size() == 2 && ((shape[0] == std::uint64_t(rows) && shape[1] == 1) ||
                                         (shape[0] == 1 && shape[1] == std::uint64_t(rows))));
    else if (!torch.empty())
        shapeOk = shape == torch && !h->fortran;
    else
        shapeOk = shape.size() == 2 && shape[0] == std::uint64_t(rows) && shape[1] == std::uint64_t(cols);
    if (!shapeOk && !torch.empty())
        return Error{where + " has shape " + shapeText(shape) + (h->fortran ? " in Fortran order" : "") +
                     "; the network needs " + shapeText(torch) +
                     " in C order (torch.nn.Conv2d layout: C_out x C_in x k x k)"};
    if (!shapeOk)
        return Error{where + " has shape " + shapeText(shape) + "; the network needs " +
                     (vector ? "(" + std::to_string(rows) + ",)"
                             : "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")") +
                     " (torch.nn.Linear layout: outputs x inputs)"};
    const std::size_t count = std::size_t(rows * cols);
    const std::size_t need = count * std::size_t(h->itemSize);
    if (a.bytes.size() - h->dataOffset != need)
        return Error{where + " holds " + withThousands(a.bytes.size() - h->dataOffset) + " data bytes; its shape needs " +
                     withThousands(need)};
    m.resize(rows, cols);
    const std::uint8_t *p = a.bytes.data() + h->dataOffset;
    for (std::size_t i = 0; i < count; ++i, p += h->itemSize) {
        std::uint8_t v[8];
        for (int b = 0; b < h->itemSize; ++b)
            v[b] = h->byteOrder == '<' ? p[b] : p[h->itemSize - 1 - b];
        double x;
        if (h->itemSize == 4)
            x = std::bit_cast<float>(get32(v));
        else
            x = std::bit_cast<double>(get64(v));
        // Element i in memory order: C order walks rows first, Fortran order columns first.
        const Eigen::Index r = h->fortran ? Eigen::Index(i) % rows : Eigen::Index(i) / cols;
        const Eigen::Index c = h->fortran ? Eigen::Index(i) / rows : Eigen::Index(i) % cols;
        m(r, c) = float(x);
    }
    return Status::success();
}

/** libzip's handles, closed however the reading ends. */
struct ZipCloser
{
    void operator()(zip_t *z) const { zip_discard(z); }
    void operator()(zip_file_t *f) const { zip_fclose(f); }
};
using ZipArchive = std::unique_ptr<zip_t, ZipCloser>;
using ZipFile = std::unique_ptr<zip_file_t, ZipCloser>;

/** libzip's error in our words where we have them ("not a zip archive", "CRC32 mismatch"). */
std::string zipReason(zip_error_t *error)
{
    switch (zip_error_code_zip(error)) {
    case ZIP_ER_NOZIP: return "not a zip archive (no end-of-central-directory record)";
    case ZIP_ER_CRC: return "CRC32 mismatch, the file is damaged";
    case ZIP_ER_INCONS: return "damaged zip directory (" + std::string(zip_error_strerror(error)) + ")";
    case ZIP_ER_COMPNOTSUPP: return "a compression method other than stored or deflated";
    case ZIP_ER_EOF: return "cut short (the data runs past the end of the file)";
    default: return zip_error_strerror(error);
    }
}

/** The entries of a zip, read by libzip (each checked against its CRC32 as it is read). */
Result<std::vector<NpyArray>> readZip(const std::uint8_t *data, std::size_t size, const std::string &file)
{
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t *source = zip_source_buffer_create(data, size, 0, &error);
    if (!source) {
        const std::string reason = zipReason(&error);
        zip_error_fini(&error);
        return Error{file + ": " + reason};
    }
    ZipArchive zip(zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error));
    if (!zip) {
        zip_source_free(source); // not taken over when the open fails
        const std::string reason = zipReason(&error);
        zip_error_fini(&error);
        return Error{file + ": " + reason};
    }
    zip_error_fini(&error);
    const zip_int64_t entries = zip_get_num_entries(zip.get(), 0);
    if (entries < 0 || entries > 1000)
        return Error{file + ": damaged zip directory (" + withThousands(std::uint64_t(std::max<zip_int64_t>(entries, 0))) +
                     " entries)"};
    std::vector<NpyArray> out;
    for (zip_uint64_t e = 0; e < zip_uint64_t(entries); ++e) {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(zip.get(), e, ZIP_FL_ENC_RAW, &st) != 0 || !(st.valid & ZIP_STAT_SIZE) || !st.name)
            return Error{file + ": damaged zip directory at entry " + std::to_string(e + 1)};
        const std::string name = st.name;
        if (st.size > kMaxEntryBytes)
            return Error{file + ": entry " + name + " claims " + withThousands(st.size) +
                         " bytes, more than a network array needs"};
        ZipFile f(zip_fopen_index(zip.get(), e, 0));
        if (!f)
            return Error{file + ": entry " + name + ": " + zipReason(zip_get_error(zip.get()))};
        NpyArray a;
        a.name = name;
        a.bytes.resize(std::size_t(st.size));
        // One byte more than the entry claims: a stream that holds more is as damaged as one that holds less.
        std::vector<std::uint8_t> spare(1);
        const zip_int64_t got = a.bytes.empty() ? 0 : zip_fread(f.get(), a.bytes.data(), a.bytes.size());
        if (got < 0)
            return Error{file + ": entry " + name + ": " + zipReason(zip_file_get_error(f.get()))};
        if (zip_uint64_t(got) != st.size || zip_fread(f.get(), spare.data(), 1) != 0)
            return Error{file + ": entry " + name + ": " +
                         (zip_error_code_zip(zip_file_get_error(f.get())) != ZIP_ER_OK
                                  ? zipReason(zip_file_get_error(f.get()))
                                  : std::string("holds other than the ") + withThousands(st.size) + " bytes it claims")};
        out.push_back(std::move(a));
    }
    return out;
}

/** The entry "key.npy" (or "key"), or null. */
const NpyArray *findEntry(const std::vector<NpyArray> &entries, const std::string &key)
{
    for (const auto &e : entries)
        if (e.name == key + ".npy" || e.name == key)
            return &e;
    return nullptr;
}

/** "W1.npy, b1.npy" or "nothing": what an archive holds, for messages. */
std::string entryList(const std::vector<NpyArray> &entries)
{
    std::string have;
    for (const auto &e : entries)
        have += (have.empty() ? "" : ", ") + e.name;
    return have.empty() ? std::string("nothing") : have;
}

/** A 0-d .npy of a NumPy unicode string ("<U7": UTF-32LE code points, NUL-padded). */
std::vector<std::uint8_t> encodeNpyString(const std::string &text)
{
    std::vector<std::uint8_t> out = npyStart("<U" + std::to_string(text.size()), "()");
    for (const char c : text)
        put32(out, std::uint8_t(c));
    return out;
}

/** The text of a 0-d (or one-element) .npy string of at most maxChars characters: unicode ("<U",
 *  ">U") or bytes ("|S"). Code points beyond ASCII read as '?': the names it carries are ASCII. */
Result<std::string> decodeNpyString(const NpyArray &a, const std::string &file, std::size_t maxChars = 64)
{
    const std::string where = file + ": " + a.name;
    auto text = npyHeaderText(a.bytes, where);
    if (!text)
        return Error{text.error()};
    const auto descr = dictValue(text->first, "descr");
    const auto shape = dictValue(text->first, "shape");
    if (!descr || !shape)
        return Error{where + ": .npy header lacks descr or shape: " + text->first};
    std::string d = *descr;
    std::erase_if(d, [](char c) { return c == '\'' || c == '"'; });
    std::string s = *shape;
    std::erase_if(s, [](char c) { return c == ' '; });
    if (s != "()" && s != "(1,)")
        return Error{where + " has shape " + *shape + "; expected a single string, shape ()"};
    const bool unicode = d.size() > 2 && (d[0] == '<' || d[0] == '>' || d[0] == '=') && d[1] == 'U';
    const bool bytes = d.size() > 2 && d[0] == '|' && d[1] == 'S';
    std::size_t chars = 0;
    const auto r = std::from_chars(d.data() + 2, d.data() + d.size(), chars);
    if ((!unicode && !bytes) || r.ec != std::errc() || r.ptr != d.data() + d.size() || chars > maxChars)
        return Error{where + ": data type " + d + " is not a short string (<U or |S)"};
    const std::size_t width = unicode ? 4 : 1;
    if (a.bytes.size() - text->second != chars * width)
        return Error{where + " holds " + withThousands(a.bytes.size() - text->second) + " data bytes; its type " + d +
                     " needs " + withThousands(chars * width)};
    std::string out;
    for (std::size_t i = 0; i < chars; ++i) {
        const std::uint8_t *p = a.bytes.data() + text->second + i * width;
        const std::uint32_t c = !unicode      ? p[0]
                               : d[0] == '>' ? (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) |
                                                   (std::uint32_t(p[2]) << 8) | p[3]
                                             : get32(p);
        if (c == 0)
            break; // NumPy pads with NULs
        out += c < 128 ? char(c) : '?';
    }
    return out;
}

using ZipEntries = std::vector<std::pair<std::string, std::vector<std::uint8_t>>>;

/** A zip of stored (uncompressed) entries, in order, written by libzip into memory. Each entry gets
 *  the fixed timestamp 1980-01-01 00:00, so that the bytes are a function of the weights alone. */
std::vector<std::uint8_t> zipStored(const ZipEntries &entries)
{
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t *target = zip_source_buffer_create(nullptr, 0, 0, &error);
    zip_t *zip = target ? zip_open_from_source(target, ZIP_TRUNCATE, &error) : nullptr;
    zip_error_fini(&error);
    const auto failed = [&](const char *what) {
        std::fprintf(stderr, "npz: libzip failed to %s\n", what);
        std::abort(); // in memory, with our own names and sizes: only a broken libzip fails here
    };
    if (!zip)
        failed("open a zip in memory");
    zip_source_keep(target); // read after zip_close
    for (const auto &[name, bytes] : entries) {
        zip_source_t *entry = zip_source_buffer(zip, bytes.data(), bytes.size(), 0);
        const zip_int64_t index = entry ? zip_file_add(zip, name.c_str(), entry, ZIP_FL_ENC_UTF_8) : -1;
        if (index < 0)
            failed("add an entry");
        if (zip_set_file_compression(zip, zip_uint64_t(index), ZIP_CM_STORE, 0) != 0 ||
            zip_file_set_dostime(zip, zip_uint64_t(index), 0, (1 << 5) | 1, 0) != 0)
            failed("set an entry's method or time");
    }
    if (zip_close(zip) != 0)
        failed("write the archive");
    std::vector<std::uint8_t> out;
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_source_stat(target, &st) != 0 || zip_source_open(target) != 0)
        failed("read the archive back");
    out.resize(std::size_t(st.size));
    if (zip_source_read(target, out.data(), out.size()) != zip_int64_t(out.size()))
        failed("read the archive back");
    zip_source_close(target);
    zip_source_free(target);
    return out;
}

/** W1.npy, b1.npy, ..., WL.npy, bL.npy as float32 entries. */
/** W1, b1, ... of every layer with parameters; a weight whose `shapes` entry is not empty is
 *  written in that shape (a convolution's C_out x (C_in k k) rows are C_out x C_in x k x k in C
 *  order). */
ZipEntries weightEntries(const MlpParamsF &params, const std::vector<std::vector<std::uint64_t>> &shapes = {})
{
    ZipEntries entries;
    for (std::size_t l = 0; l < params.layers.size(); ++l) {
        const std::string n = std::to_string(l + 1);
        const std::string shape = l < shapes.size() && !shapes[l].empty() ? shapeText(shapes[l]) : std::string();
        entries.push_back({"W" + n + ".npy", encodeNpy(params.layers[l].W, false, shape)});
        entries.push_back({"b" + n + ".npy", encodeNpy(params.layers[l].b, true)});
    }
    return entries;
}

} // namespace

std::vector<std::uint8_t> encodeNpz(const MlpParamsF &params)
{
    return zipStored(weightEntries(params));
}

Result<MlpParamsF> decodeNpz(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    auto entries = readZip(data, size, name);
    if (!entries)
        return Error{entries.error()};
    auto find = [&](const std::string &key) { return findEntry(*entries, key); };
    // A file of the general writer (it names its activation) may hold another network: it must
    // not be read as the source's by taking its first layers.
    if (find("activation") || find("W3")) {
        auto net = decodeNetworkNpz(data, size, name);
        if (!net)
            return Error{net.error()};
        if (net->arch != Architecture::source())
            return Error{name + ": holds a " + describe(net->arch) +
                         " network; only the source's 784-128-10 ReLU network is read here"};
        return std::move(net->params);
    }
    struct Want {
        const char *key;
        Eigen::Index rows, cols;
        bool vector;
    };
    const std::array<Want, 4> wants = {{{"W1", kHidden, kInputs, false},
                                        {"b1", kHidden, 1, true},
                                        {"W2", kOutputs, kHidden, false},
                                        {"b2", kOutputs, 1, true}}};
    Mat<float> W1, b1, W2, b2; // read column-major (b1, b2 as one-column matrices), then copied
    const std::array<Mat<float> *, 4> targets = {&W1, &b1, &W2, &b2};
    for (std::size_t i = 0; i < wants.size(); ++i) {
        const NpyArray *a = find(wants[i].key);
        if (!a) {
            return Error{name + ": no " + wants[i].key + ".npy in the archive (it holds: " + entryList(*entries) +
                         "); expected W1, b1, W2, b2"};
        }
        if (Status s = decodeNpy(*a, wants[i].rows, wants[i].cols, wants[i].vector, *targets[i], name); !s)
            return Error{s.error()};
    }
    MlpParamsF p;
    p.layers.push_back({W1, b1.col(0)});
    p.layers.push_back({W2, b2.col(0)});
    return p;
}

Status saveNpz(const std::string &path, const MlpParamsF &params)
{
    const std::vector<std::uint8_t> bytes = encodeNpz(params);
    return atomicWriteFile(path, {{bytes.data(), bytes.size()}});
}

Result<MlpParamsF> loadNpz(const std::string &path)
{
    auto bytes = readWholeFile(path, std::uint64_t(64) << 20);
    if (!bytes)
        return Error{bytes.error()};
    return decodeNpz(bytes->data(), bytes->size(), fileNameOf(path));
}

namespace {

/** Per layer with parameters: PyTorch's shape of its weight when it is not 2-D (a convolution's
 *  C_out x C_in x k x k), else empty. */
std::vector<std::vector<std::uint64_t>> torchWeightShapes(const Architecture &arch)
{
    std::vector<std::vector<std::uint64_t>> shapes;
    const auto after = layerShapes(arch.layers);
    FeatureShape in = inputShape();
    for (std::size_t i = 0; i < arch.layers.size(); ++i) {
        const LayerSpec &s = arch.layers[i];
        if (s.kind == LayerKind::Conv)
            shapes.push_back({std::uint64_t(s.size), std::uint64_t(in.channels), std::uint64_t(s.kernel),
                              std::uint64_t(s.kernel)});
        else if (s.kind == LayerKind::Dense)
            shapes.push_back({});
        if (after)
            in = after.value()[i];
    }
    shapes.push_back({}); // the output layer
    return shapes;
}

} // namespace

std::vector<std::uint8_t> encodeNetworkNpz(const Architecture &arch, const MlpParamsF &params)
{
    ZipEntries entries = weightEntries(params, torchWeightShapes(arch));
    entries.push_back({"activation.npy", encodeNpyString(toString(arch.activation))});
    if (arch.layered())
        entries.push_back({"layers.npy", encodeNpyString(layersText(arch.layers))});
    return zipStored(entries);
}

namespace {

/** A layer list's file: `layers` names the list, W1..WL and b1..bL its layers with parameters. */
Result<NetworkModel> decodeLayeredNpz(const std::vector<NpyArray> &entries, const NpyArray &layersEntry,
                                      Activation activation, const std::string &name)
{
    auto text = decodeNpyString(layersEntry, name, 1024); // 16 layers of a few words
    if (!text)
        return Error{text.error()};
    auto specs = parseLayers(*text);
    if (!specs)
        return Error{name + ": layers.npy: " + specs.error()};
    NetworkModel m;
    m.arch = withLayers(*specs, activation);
    if (Status s = validate(m.arch); !s)
        return Error{name + ": layers.npy: " + s.error()};
    const auto torch = torchWeightShapes(m.arch);
    for (int l = 0; l < m.arch.layerCount(); ++l) {
        const std::string n = std::to_string(l + 1);
        const NpyArray *W = findEntry(entries, "W" + n), *b = findEntry(entries, "b" + n);
        if (!W || !b)
            return Error{name + ": no " + (W ? "b" : "W") + n + ".npy in the archive (it holds: " +
                         entryList(entries) + "); the network \"" + *text + "\" needs W1..W" +
                         std::to_string(m.arch.layerCount()) + " and b1..b" + std::to_string(m.arch.layerCount())};
        Mat<float> Wm, bm;
        const Eigen::Index rows = m.arch.layerOutputs(l), cols = m.arch.layerInputs(l);
        if (Status s = decodeNpy(*W, rows, cols, false, Wm, name, torch[std::size_t(l)]); !s)
            return Error{s.error()};
        if (Status s = decodeNpy(*b, rows, 1, true, bm, name); !s)
            return Error{s.error()};
        m.params.layers.push_back({Wm, bm.col(0)});
    }
    if (findEntry(entries, "W" + std::to_string(m.arch.layerCount() + 1)))
        return Error{name + ": holds W" + std::to_string(m.arch.layerCount() + 1) + ".npy; the network \"" + *text +
                     "\" has " + std::to_string(m.arch.layerCount()) + " layers with parameters"};
    return m;
}

} // namespace

Result<NetworkModel> decodeNetworkNpz(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    auto entries = readZip(data, size, name);
    if (!entries)
        return Error{entries.error()};
    auto find = [&](const std::string &key) { return findEntry(*entries, key); };
    if (const NpyArray *list = find("layers")) {
        Activation act = Activation::ReLU;
        if (const NpyArray *a = find("activation")) {
            auto text = decodeNpyString(*a, name);
            if (!text)
                return Error{text.error()};
            const auto parsed = activationFromName(*text);
            if (!parsed)
                return Error{name + ": activation is \"" + *text + "\"; expected relu, sigmoid, tanh or leakyrelu"};
            act = *parsed;
        }
        return decodeLayeredNpz(*entries, *list, act, name);
    }
    std::size_t layers = 0;
    while (layers <= std::size_t(kMaxHiddenLayers) + 1 && find("W" + std::to_string(layers + 1)))
        ++layers;
    if (layers == 0)
        return Error{name + ": no W1.npy in the archive (it holds: " + entryList(*entries) +
                     "); expected W1, b1, ..., WL, bL"};
    if (layers > std::size_t(kMaxHiddenLayers) + 1)
        return Error{name + ": holds W" + std::to_string(layers) + ".npy; a network has at most " +
                     std::to_string(kMaxHiddenLayers + 1) + " weight layers (" + std::to_string(kMaxHiddenLayers) +
                     " hidden)"};
    std::string needed;
    for (std::size_t l = 1; l <= layers; ++l)
        needed += (l > 1 ? ", W" : "W") + std::to_string(l) + ", b" + std::to_string(l);

    NetworkModel m;
    m.arch.hidden.clear();
    if (const NpyArray *a = find("activation")) {
        auto text = decodeNpyString(*a, name);
        if (!text)
            return Error{text.error()};
        const auto act = activationFromName(*text);
        if (!act)
            return Error{name + ": activation is \"" + *text + "\"; expected relu, sigmoid, tanh or leakyrelu"};
        m.arch.activation = *act;
    } // without it: ReLU, the only activation of the files written before there was a choice
    Eigen::Index in = kInputs;
    for (std::size_t l = 1; l <= layers; ++l) {
        const std::string n = std::to_string(l);
        const NpyArray *W = find("W" + n), *b = find("b" + n);
        if (!b)
            return Error{name + ": no b" + n + ".npy in the archive (it holds: " + entryList(*entries) +
                         "); a network of " + std::to_string(layers) + " layers needs " + needed};
        Eigen::Index rows = kOutputs;
        if (l < layers) { // a hidden layer: its width is W's first dimension
            auto h = parseNpyHeader(W->bytes, name + ": " + W->name);
            if (!h)
                return Error{h.error()};
            if (h->shape.size() != 2)
                return Error{name + ": " + W->name + " has shape " + shapeText(h->shape) +
                             "; a weight matrix is outputs x inputs (torch.nn.Linear layout)"};
            if (h->shape[0] < 1 || h->shape[0] > std::uint64_t(kMaxHiddenWidth))
                return Error{name + ": " + W->name + " has shape " + shapeText(h->shape) +
                             "; a hidden layer needs 1 to " + withThousands(kMaxHiddenWidth) + " neurons"};
            rows = Eigen::Index(h->shape[0]);
        }
        Mat<float> Wm, bm;
        if (Status s = decodeNpy(*W, rows, in, false, Wm, name); !s)
            return Error{s.error()};
        if (Status s = decodeNpy(*b, rows, 1, true, bm, name); !s)
            return Error{s.error()};
        m.params.layers.push_back({Wm, bm.col(0)});
        if (l < layers)
            m.arch.hidden.push_back(int(rows));
        in = rows;
    }
    return m;
}

Status saveNetworkNpz(const std::string &path, const Architecture &arch, const MlpParamsF &params)
{
    if (Status s = validate(arch); !s)
        return Error{path + ": " + s.error() + "; nothing written"};
    if (!params.hasShape(arch))
        return Error{path + ": the parameters do not have the " + describe(arch) + " shapes; nothing written"};
    const std::vector<std::uint8_t> bytes = encodeNetworkNpz(arch, params);
    return atomicWriteFile(path, {{bytes.data(), bytes.size()}});
}

} // namespace bplab
