#include "manifest.h"

#include "data/dataset.h"
#include "io/json.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cmath>

namespace bplab::download {

namespace {

/** A manifest lists a few files; anything past 1 MB is not one. */
constexpr std::size_t kMaxManifestBytes = std::size_t(1) << 20;

std::string str(const QString &s)
{
    return s.toStdString();
}

bool isMd5Hex(const QByteArray &text)
{
    if (text.size() != 32)
        return false;
    for (const char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

} // namespace

qint64 Manifest::totalBytes() const
{
    qint64 total = 0;
    for (const ManifestFile &f : files)
        total += f.size;
    return total;
}

Manifest mnistManifest()
{
    // Sizes and MD5s of the .gz files as the mirrors serve them (see docs/datasets.md).
    Manifest m;
    m.dataset = QStringLiteral("mnist");
    m.files = {
            {QStringLiteral("train-images-idx3-ubyte.gz"), "f68b3c2dcbeaaa9fbdd348bbdeb94873",
             9912422},
            {QStringLiteral("train-labels-idx1-ubyte.gz"), "d53e105ee54ea40749a09fcbcd1e9432",
             28881},
            {QStringLiteral("t10k-images-idx3-ubyte.gz"), "9fb629c4189551a2d022fa330f9573f3",
             1648877},
            {QStringLiteral("t10k-labels-idx1-ubyte.gz"), "ec29112dd5afa0611ce80d1b7f02629c",
             4542},
    };
    return m;
}

QList<QUrl> mnistMirrors()
{
    // torchvision's mirror, the original site, the CVDF mirror (sources in docs/datasets.md).
    return {QUrl(QStringLiteral("https://ossci-datasets.s3.amazonaws.com/mnist/")),
            QUrl(QStringLiteral("http://yann.lecun.com/exdb/mnist/")),
            QUrl(QStringLiteral("https://storage.googleapis.com/cvdf-datasets/mnist/"))};
}

Result<Manifest> parseManifest(const QByteArray &json, const QString &source)
{
    const std::string where = str(source);
    const auto doc = parseJson(std::string_view(json.constData(), std::size_t(json.size())), kMaxManifestBytes);
    if (!doc)
        return Error {where + ": not valid JSON: " + doc.error()};
    const Json *files = jsonMember(*doc, "files");
    if (!files || !files->is_array())
        return Error {where
                      + ": expected an object with a \"files\" array: "
                        "{\"files\": [{\"name\": ..., \"md5\": ..., \"size\": ...}]}"};
    if (files->empty())
        return Error {where + ": \"files\" is empty; list at least one file"};

    Manifest m;
    m.dataset = QFileInfo(source).completeBaseName();
    const auto text = [](const Json *v) {
        return v && v->is_string() ? QString::fromStdString(v->get<std::string>()) : QString();
    };
    for (std::size_t i = 0; i < files->size(); ++i) {
        const std::string entry = where + ": files[" + std::to_string(i) + "]";
        const Json &o = (*files)[i];
        if (!o.is_object())
            return Error {entry + " is not an object {\"name\", \"md5\", \"size\"}"};

        const QString name = text(jsonMember(o, "name"));
        if (name.isEmpty())
            return Error {entry + ": \"name\" is missing or not a string"};
        if (name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\'))
            || name == QLatin1String(".") || name == QLatin1String(".."))
            return Error {entry + ": \"name\" must be a plain file name, not a path (\""
                          + str(name) + "\")"};

        const QString md5Text = text(jsonMember(o, "md5"));
        const QByteArray md5 = md5Text.toLower().toLatin1();
        if (!isMd5Hex(md5))
            return Error {entry + " (" + str(name)
                          + "): \"md5\" must be 32 hexadecimal digits (got \""
                          + str(md5Text) + "\")"};

        const Json *sizeValue = jsonMember(o, "size");
        const double size = sizeValue && sizeValue->is_number() ? sizeValue->get<double>() : -1;
        if (size < 1 || size != std::floor(size) || size > 9.0e15)
            return Error {entry + " (" + str(name)
                          + "): \"size\" must be a whole number of bytes greater than 0"};

        for (const ManifestFile &earlier : m.files) {
            if (earlier.name == name)
                return Error {entry + ": \"" + str(name) + "\" is listed twice"};
        }
        m.files.append({name, md5, qint64(size)});
    }
    return m;
}

Result<Manifest> loadManifest(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error {str(path) + ": cannot read the manifest (" + str(file.errorString()) + ")"};
    if (file.size() > qint64(kMaxManifestBytes))
        return Error {str(path) + ": " + std::to_string(file.size())
                      + " bytes is too large for a manifest (at most 1 MB)"};
    return parseManifest(file.readAll(), path);
}

Result<QUrl> parseMirror(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return Error {"a mirror needs a URL such as https://example.org/mnist/"};
    QUrl url(trimmed, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return Error {"mirror \"" + str(trimmed)
                      + "\" is not an http:// or https:// URL (e.g. https://example.org/mnist/)"};
    if (url.host().isEmpty())
        return Error {"mirror \"" + str(trimmed) + "\" has no host name"};
    if (url.hasQuery() || url.hasFragment())
        return Error {"mirror \"" + str(trimmed)
                      + "\" must be a base URL without ?query or #fragment; the file name is "
                        "appended to it"};
    QString path = url.path();
    if (!path.endsWith(QLatin1Char('/')))
        path += QLatin1Char('/');
    url.setPath(path);
    return url;
}

QUrl fileUrl(const QUrl &mirror, const QString &name)
{
    QUrl url = mirror;
    QString path = url.path();
    if (!path.endsWith(QLatin1Char('/')))
        path += QLatin1Char('/');
    url.setPath(path + name);
    return url;
}

QString defaultMnistFolder()
{
    return QString::fromStdString(knownDatasetFolder(KnownDataset::Mnist));
}

QString partName(const QString &name)
{
    return name + QLatin1String(".part");
}

QByteArray fileMd5(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Md5);
    if (!hash.addData(&file))
        return {};
    return hash.result().toHex();
}

FileState checkFile(const QString &path, const ManifestFile &file)
{
    const QFileInfo info(path);
    if (!info.exists() || !info.isFile())
        return FileState::Missing;
    if (info.size() != file.size)
        return FileState::WrongSize;
    return fileMd5(path) == file.md5 ? FileState::Complete : FileState::WrongMd5;
}

bool isDownloaded(const Manifest &manifest, const QString &folder)
{
    const QDir dir(folder);
    for (const ManifestFile &f : manifest.files) {
        if (checkFile(dir.filePath(f.name), f) != FileState::Complete)
            return false;
    }
    return !manifest.files.isEmpty();
}

} // namespace bplab::download
