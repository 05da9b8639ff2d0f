// download: fetch a dataset's files from public mirrors, verified by size and MD5, into the folder
// where the data lookup finds them.

#include "command.h"
#include "commands.h"
#include "progressbar.h"

#include "downloader.h"
#include "manifest.h"

#include <QEventLoop>

#include <memory>

namespace bplab::cli {

namespace {

QString megabytes(qint64 bytes)
{
    return QStringLiteral("%1 MB").arg(double(bytes) / 1e6, 0, 'f', 1);
}

} // namespace

int runDownload(const QStringList &args)
{
    using namespace bplab::download;
    Command cmd(
            QStringLiteral("download"),
            QStringLiteral("Downloads MNIST (or the files of a manifest), checked by size and MD5."),
            QStringLiteral(
                    R"(The four MNIST files (11.6 MB of .gz) come from the first mirror that has them:
  https://ossci-datasets.s3.amazonaws.com/mnist/, http://yann.lecun.com/exdb/mnist/,
  https://storage.googleapis.com/cvdf-datasets/mnist/
--mirror (repeatable) replaces that list; each is a base URL to which the file name is appended.
Each file is written as NAME.part, checked against its size and MD5, then renamed to NAME, so an
interrupted or damaged download never looks like data. Running the command again resumes a .part
(HTTP Range) and skips files that are already complete.
--manifest FILE replaces the built-in file list: {"files": [{"name": ..., "md5": ..., "size": ...}]}
(then --dest is required). See docs/datasets.md.
--dest defaults to the folder where train, eval and the app look for MNIST.
Exit codes: 0 every file in place, 1 usage error, 2 a file could not be downloaded or written
(the message names the file, the mirrors tried and the cause: offline, not found, checksum or
write error).)"));
    cmd.addOption(QStringLiteral("dataset"), QStringLiteral("The dataset (default mnist)."),
                  QStringLiteral("mnist"), QStringLiteral("mnist"));
    cmd.addOption(QStringLiteral("dest"), QStringLiteral("The folder to download into."),
                  QStringLiteral("DIR"));
    cmd.addOption(QStringLiteral("mirror"),
                  QStringLiteral("A mirror's base URL (repeatable; replaces the built-in list)."),
                  QStringLiteral("URL"));
    cmd.addOption(QStringLiteral("manifest"),
                  QStringLiteral("A JSON list of files with MD5 and size to fetch instead."),
                  QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("timeout"),
                  QStringLiteral("Seconds without data before a mirror counts as failed "
                                 "(default 30)."),
                  QStringLiteral("SECONDS"), QStringLiteral("30"));

    if (const int code = cmd.parse(args); code >= 0)
        return code;
    QString dataset;
    if (!cmd.choiceValue(QStringLiteral("dataset"), {QStringLiteral("mnist")}, dataset))
        return kExitUsage;
    double timeout = 30;
    if (!cmd.doubleValue(QStringLiteral("timeout"), 0, 3600, timeout, true))
        return kExitUsage;

    QList<QUrl> mirrors;
    for (const QString &text : cmd.parser().values(QStringLiteral("mirror"))) {
        const Result<QUrl> mirror = parseMirror(text);
        if (!mirror)
            return cmd.usageError(qs(mirror.error()));
        mirrors.append(*mirror);
    }
    if (mirrors.isEmpty())
        mirrors = mnistMirrors();

    Manifest manifest = mnistManifest();
    if (cmd.isSet(QStringLiteral("manifest"))) {
        if (!cmd.isSet(QStringLiteral("dest")))
            return cmd.usageError(
                    QStringLiteral("--manifest needs --dest DIR (the default folder is MNIST's)"));
        const Result<Manifest> loaded = loadManifest(cmd.value(QStringLiteral("manifest")));
        if (!loaded)
            return cmd.dataError(qs(loaded.error()));
        manifest = *loaded;
    }
    const bool defaultDest = !cmd.isSet(QStringLiteral("dest"));
    const QString dest = defaultDest ? defaultMnistFolder() : cmd.value(QStringLiteral("dest"));
    if (dest.isEmpty())
        return cmd.usageError(QStringLiteral("--dest needs a folder"));

    cmd.note(QStringLiteral("downloading %1 file(s), %2, into %3")
                     .arg(manifest.files.size())
                     .arg(megabytes(manifest.totalBytes()), dest));

    Downloader downloader;
    downloader.setStallTimeout(int(timeout * 1000));
    std::unique_ptr<ProgressBar> bar;
    QObject::connect(&downloader, &Downloader::fileStarted,
                     [&](int index, const QString &name, const QUrl &) {
                         bar = std::make_unique<ProgressBar>(
                                 QStringLiteral("%1/%2 %3")
                                         .arg(index + 1)
                                         .arg(manifest.files.size())
                                         .arg(name),
                                 std::size_t(manifest.files.at(index).size));
                     });
    QObject::connect(&downloader, &Downloader::progress,
                     [&](int, qint64 received, qint64 total, double rate) {
                         if (bar)
                             bar->update(std::size_t(received),
                                         QStringLiteral(" %1 of %2, %3/s")
                                                 .arg(megabytes(received), megabytes(total),
                                                      megabytes(qint64(rate))));
                     });
    QObject::connect(&downloader, &Downloader::mirrorFailed,
                     [&](int, const QUrl &url, const QString &reason) {
                         if (bar)
                             bar->clear();
                         cmd.note(QStringLiteral("%1: %2").arg(url.toString(), reason));
                     });
    QObject::connect(&downloader, &Downloader::fileDone,
                     [&](int index, const QUrl &from, bool alreadyPresent) {
                         bar.reset();
                         const ManifestFile &file = manifest.files.at(index);
                         cmd.note(alreadyPresent
                                          ? QStringLiteral("%1: already present and verified")
                                                    .arg(file.name)
                                          : QStringLiteral("%1: %2 bytes, MD5 verified%3")
                                                    .arg(file.name, thousands(quint64(file.size)),
                                                         from.isEmpty()
                                                                 ? QString()
                                                                 : QStringLiteral(" (from %1)")
                                                                           .arg(from.toString())));
                     });
    DownloadResult result;
    QEventLoop loop;
    QObject::connect(&downloader, &Downloader::finished,
                     [&](const DownloadResult &r) {
                         result = r;
                         loop.quit();
                     });
    downloader.start(manifest, mirrors, dest);
    loop.exec();
    bar.reset();

    if (!result.ok()) {
        for (const QString &line : result.message.split(u'\n', Qt::SkipEmptyParts))
            printErr(QStringLiteral("%1 download: %2").arg(QLatin1String(kProgram), line));
        return result.error == DownloadError::InvalidInput ? kExitUsage : kExitBadData;
    }
    QString where = QStringLiteral("%1 is in %2 (%3 file(s), %4 downloaded, %5 already there).\n")
                            .arg(manifest.dataset, result.destDir)
                            .arg(manifest.files.size())
                            .arg(megabytes(result.bytesTransferred))
                            .arg(result.filesSkipped);
    if (defaultDest)
        where += QStringLiteral("`%1 train` and the app find it there (unless $BPLAB_DATA or "
                                "--data names another folder).\n")
                         .arg(QLatin1String(kProgram));
    else
        where += QStringLiteral("Use it with `%1 train --data %2`.\n")
                         .arg(QLatin1String(kProgram), result.destDir);
    printOut(where);
    return kExitOk;
}

} // namespace bplab::cli
