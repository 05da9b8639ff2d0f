#include "manifest.h"

#include "data/dataset.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>

namespace bplab::download {

namespace {

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
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error {where + ": not valid JSON at byte " + std::to_string(parseError.offset)
                      + " (" + str(parseError.errorString()) + ")"};
    if (!doc.isObject() || !doc.object().value(QLatin1String("files")).isArray())
        return Error {where
                      + ": expected an object with a \"files\" array: "
                        "{\"files\": [{\"name\": ..., \"md5\": ..., \"size\": ...}]}"};
    const QJsonArray files = doc.object().value(QLatin1String("files")).toArray();
    if (files.isEmpty())
        return Error {where + ": \"files\" is empty; list at least one file"};

    Manifest m;
    m.dataset = QFileInfo(source).completeBaseName();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const std::string entry = where + ": files[" + std::to_string(i) + "]";
        if (!files.at(i).isObject())
            return Error {entry + " is not an object {\"name\", \"md5\", \"size\"}"};
        const QJsonObject o = files.at(i).toObject();

        const QString name = o.value(QLatin1String("name")).toString();
        if (name.isEmpty())
            return Error {entry + ": \"name\" is missing or not a string"};
        if (name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\'))
            || name == QLatin1String(".") || name == QLatin1String(".."))
            return Error {entry + ": \"name\" must be a plain file name, not a path (\""
                          + str(name) + "\")"};

        const QByteArray md5 = o.value(QLatin1String("md5")).toString().toLower().toLatin1();
        if (!isMd5Hex(md5))
            return Error {entry + " (" + str(name)
                          + "): \"md5\" must be 32 hexadecimal digits (got \""
                          + str(o.value(QLatin1String("md5")).toString()) + "\")"};

        const QJsonValue sizeValue = o.value(QLatin1String("size"));
        const double size = sizeValue.toDouble(-1);
        if (!sizeValue.isDouble() || size < 1 || size != std::floor(size) || size > 9.0e15)
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
    // A manifest lists a few files; anything past 1 MB is not one.
    if (file.size() > (1 << 20))
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
