#pragma once
// Helpers for the command-line tests: running backprop-lab-cli, and writing IDX fixtures and a
// small learnable synthetic dataset, so that no test needs data from outside its temporary folder.

#include "testsupport.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdint>
#include <cstring>
#include <limits>

namespace bplab::test {

struct CliRun
{
    int exitCode = -1;
    bool crashed = false;
    QByteArray out;
    QByteArray err;
    /** stdout parsed as one JSON object (an empty object when it is not one). */
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

/**
 * Runs the CLI with args. BPLAB_DATA is removed and XDG_DATA_HOME points to a folder that does
 * not exist, so the tool finds only the data a test names (the user's own data never leaks in).
 */
inline CliRun runCli(const QStringList &args, int timeoutMs = 300000)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("BPLAB_DATA"));
    env.insert(QStringLiteral("XDG_DATA_HOME"),
               QDir::temp().filePath(QStringLiteral("bplab-test-no-data")));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(BPLAB_CLI_PATH), args);
    CliRun run;
    if (!process.waitForStarted(30000)) {
        run.crashed = true;
        run.err = "cannot start " BPLAB_CLI_PATH;
        return run;
    }
    if (!process.waitForFinished(timeoutMs))
        process.kill();
    process.waitForFinished(5000);
    run.crashed = process.exitStatus() != QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

inline QByteArray bigEndian32(std::uint32_t v)
{
    QByteArray b(4, '\0');
    b[0] = char(v >> 24);
    b[1] = char(v >> 16);
    b[2] = char(v >> 8);
    b[3] = char(v);
    return b;
}

/** An IDX image file: magic, count, rows, cols, then the pixels as given. */
inline QByteArray idxImages(std::uint32_t count, std::uint32_t rows, std::uint32_t cols,
                            const QByteArray &pixels, std::uint32_t magic = 0x00000803)
{
    return bigEndian32(magic) + bigEndian32(count) + bigEndian32(rows) + bigEndian32(cols) + pixels;
}

/** An IDX label file: magic, count, then one byte per label. */
inline QByteArray idxLabels(std::uint32_t count, const QByteArray &labels,
                            std::uint32_t magic = 0x00000801)
{
    return bigEndian32(magic) + bigEndian32(count) + labels;
}

inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/** Images and labels of one set, as bytes. */
struct SyntheticSet
{
    QByteArray pixels; // count * 784
    QByteArray labels;
    int count() const { return int(labels.size()); }
};

/**
 * A learnable 28x28 dataset: an image of class c is dim noise (0-40) with a bright 5x5 block
 * (180-255) at a place of its own: two rows of five places, shifted by up to 1 pixel at random.
 * The classes are separable by a linear function of the pixels, so the network reaches ~100%.
 */
inline SyntheticSet syntheticSet(int count, std::uint32_t seed)
{
    std::uint64_t state = 0x9E3779B97F4A7C15ull ^ seed;
    const auto next = [&state](int n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return int((state >> 33) % std::uint64_t(n));
    };
    SyntheticSet set;
    set.pixels.resize(count * 784);
    set.labels.resize(count);
    for (int i = 0; i < count; ++i) {
        const int c = i % 10;
        set.labels[i] = char(c);
        char *image = set.pixels.data() + i * 784;
        for (int p = 0; p < 784; ++p)
            image[p] = char(next(41));
        const int top = 6 + (c / 5) * 11 + next(3) - 1;
        const int left = 2 + (c % 5) * 5 + next(3) - 1;
        for (int r = top; r < top + 5; ++r)
            for (int col = left; col < left + 5; ++col)
                image[r * 28 + col] = char(180 + next(76));
    }
    return set;
}

/** Writes the four uncompressed IDX files of a synthetic data folder into dir. */
inline bool writeSyntheticFolder(const QString &dir, int trainCount, int testCount,
                                 std::uint32_t seed = 1, SyntheticSet *trainOut = nullptr,
                                 SyntheticSet *testOut = nullptr)
{
    const SyntheticSet train = syntheticSet(trainCount, seed);
    const SyntheticSet test = syntheticSet(testCount, seed + 1000);
    const QDir d(dir);
    const bool ok = QDir().mkpath(dir)
                    && writeFile(d.filePath(QStringLiteral("train-images-idx3-ubyte")),
                                 idxImages(std::uint32_t(trainCount), 28, 28, train.pixels))
                    && writeFile(d.filePath(QStringLiteral("train-labels-idx1-ubyte")),
                                 idxLabels(std::uint32_t(trainCount), train.labels))
                    && writeFile(d.filePath(QStringLiteral("t10k-images-idx3-ubyte")),
                                 idxImages(std::uint32_t(testCount), 28, 28, test.pixels))
                    && writeFile(d.filePath(QStringLiteral("t10k-labels-idx1-ubyte")),
                                 idxLabels(std::uint32_t(testCount), test.labels));
    if (trainOut)
        *trainOut = train;
    if (testOut)
        *testOut = test;
    return ok;
}

/** CRC-32 (zip's polynomial 0xEDB88320). */
inline std::uint32_t crc32(const QByteArray &data)
{
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char c : data) {
        crc ^= std::uint8_t(c);
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

inline QByteArray littleEndian(std::uint32_t v, int bytes)
{
    QByteArray b;
    for (int i = 0; i < bytes; ++i)
        b += char((v >> (8 * i)) & 0xFF);
    return b;
}

/** One float32 array for writeNpz: name (without .npy), shape, values in C order. */
struct NpyArray
{
    QString name;
    QVector<int> shape;
    QVector<float> values;
};

/**
 * Writes arrays as np.savez does: a zip of stored .npy (format 1.0, '<f4', C order) entries.
 * Written here, independently of the tool, so that a test can hand it weights of its choosing.
 */
inline bool writeNpz(const QString &path, const QVector<NpyArray> &arrays)
{
    QByteArray zip, directory;
    for (const NpyArray &a : arrays) {
        QStringList dims;
        for (int d : a.shape)
            dims << QString::number(d);
        QByteArray header
                = QStringLiteral("{'descr': '<f4', 'fortran_order': False, 'shape': (%1%2), }")
                          .arg(dims.join(QStringLiteral(", ")), a.shape.size() == 1 ? "," : "")
                          .toLatin1();
        while ((10 + header.size() + 1) % 64 != 0)
            header += ' ';
        header += '\n';
        QByteArray npy = QByteArray("\x93NUMPY\x01\x00", 8)
                         + littleEndian(std::uint32_t(header.size()), 2) + header;
        for (float v : a.values) {
            std::uint32_t bits;
            std::memcpy(&bits, &v, 4);
            npy += littleEndian(bits, 4);
        }
        const QByteArray name = (a.name + QStringLiteral(".npy")).toUtf8();
        const std::uint32_t crc = crc32(npy), size = std::uint32_t(npy.size()),
                            offset = std::uint32_t(zip.size());
        // version 20, no flags, stored, time 0, date 1980-01-01
        const QByteArray common
                = littleEndian(20, 2) + littleEndian(0, 2) + littleEndian(0, 2) + littleEndian(0, 2)
                  + littleEndian(0x21, 2) + littleEndian(crc, 4) + littleEndian(size, 4)
                  + littleEndian(size, 4) + littleEndian(std::uint32_t(name.size()), 2)
                  + littleEndian(0, 2);
        zip += littleEndian(0x04034b50, 4) + common + name + npy;
        directory += littleEndian(0x02014b50, 4) + littleEndian(20, 2) + common + littleEndian(0, 2)
                     + littleEndian(0, 2) + littleEndian(0, 2) + littleEndian(0, 4)
                     + littleEndian(offset, 4) + name;
    }
    const std::uint32_t directoryOffset = std::uint32_t(zip.size());
    zip += directory;
    zip += littleEndian(0x06054b50, 4) + littleEndian(0, 2) + littleEndian(0, 2)
           + littleEndian(std::uint32_t(arrays.size()), 2)
           + littleEndian(std::uint32_t(arrays.size()), 2)
           + littleEndian(std::uint32_t(directory.size()), 4) + littleEndian(directoryOffset, 4)
           + littleEndian(0, 2);
    return writeFile(path, zip);
}

/** The values of a JSON array as doubles (null -> NaN). */
inline QVector<double> numbers(const QJsonValue &v)
{
    QVector<double> out;
    for (const QJsonValue &e : v.toArray())
        out.push_back(e.isNull() ? std::numeric_limits<double>::quiet_NaN() : e.toDouble());
    return out;
}

/** stderr is a single line (the contract for failures). */
inline bool isOneLine(const QByteArray &err)
{
    const QByteArray t = err.trimmed();
    return !t.isEmpty() && !t.contains('\n');
}

} // namespace bplab::test
