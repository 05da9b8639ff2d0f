// import-images: folders of pictures of digits, labelled by folder or name, as the test or the
// training set of an IDX data folder, through MNIST's preprocessing (as predict and the Draw view).

#include "command.h"
#include "commands.h"
#include "progressbar.h"

#include "pictureimport.h"
#include "picturereader.h"

#include <array>

namespace bplab::cli {

namespace {

const char *kImportDetails
        = R"(Each DIR is read recursively (links followed, a link back into a folder being
read is not); every .png, .jpg, .jpeg, .bmp and .pgm file is a picture. Its label is the name of the
nearest folder 0-9 it is in, or the leading digit of its file name (7_anna_03.png, 7.png; not
12.png); when both are there they must agree. Each picture goes through MNIST's preprocessing as in
predict (dark ink on light paper or light on dark, any size up to 50 megapixels, refused from its
header above that) and becomes one 28x28 image. Several DIRs make one set, in the order given,
each folder's files in name order.

A file that cannot be imported (not a picture or a damaged one, such as a truncated JPEG; too
large, without ink, without a label or with two, a link loop, an empty folder given) is named on
stderr and left out; a summary says how many and why. The set is written as OUT/t10k-images-idx3-ubyte and OUT/t10k-labels-idx1-ubyte (--as
test, the default) or OUT/train-images-idx3-ubyte and OUT/train-labels-idx1-ubyte (--as train),
replacing that set only; each file goes to a temporary file renamed when complete. Beside them,
OUT/t10k-images-idx3-ubyte.files (or train-...) lists the picture of each image, one path a line,
for the app's Dataset view to name them. A folder with
one set serves the commands that read only that set: eval and explain --set test on a test set.
Exit codes: 0 every file imported; 3 the set written, but some files were skipped; 2, with
nothing written, when no picture could be imported; 1 usage error.)";

} // namespace

int runImportImages(const QStringList &args)
{
    Command cmd(QStringLiteral("import-images"),
                QStringLiteral("Imports folders of pictures of digits as the test or training set "
                               "of a data folder."),
                QString::fromUtf8(kImportDetails));
    cmd.addOption(QStringLiteral("out"),
                  QStringLiteral("The data folder to write (created when missing)."),
                  QStringLiteral("OUT"));
    cmd.addOption(QStringLiteral("as"),
                  QStringLiteral("Which set the pictures become: test (the default) or train."),
                  QStringLiteral("SET"));
    cmd.parser().addPositionalArgument(QStringLiteral("DIR"),
                                       QStringLiteral("Folders (or files) of pictures."),
                                       QStringLiteral("DIR..."));

    QStringList optionArgs, folders;
    splitPositionals(args, {QStringLiteral("--out"), QStringLiteral("--as")}, optionArgs, folders);
    if (const int code = cmd.parse(optionArgs); code >= 0)
        return code;
    if (!cmd.require(QStringLiteral("out")))
        return kExitUsage;
    QString set = QStringLiteral("test");
    if (!cmd.choiceValue(QStringLiteral("as"), {QStringLiteral("test"), QStringLiteral("train")},
                         set))
        return kExitUsage;
    const QString out = cmd.value(QStringLiteral("out"));
    if (out.isEmpty())
        return cmd.usageError(QStringLiteral("--out needs a folder"));
    if (folders.isEmpty())
        return cmd.usageError(QStringLiteral("name at least one DIR of pictures to import"));

    std::vector<std::string> roots;
    for (const QString &f : folders)
        roots.push_back(f.toStdString());
    const PictureScan scan = scanPictureFolders(roots);
    ProgressBar bar(QStringLiteral("importing"), scan.files.size());
    const Result<ImportedPictures> imported
            = importPictures(scan, qtPictureReader(), [&bar](std::size_t done, std::size_t) {
                  bar.update(done);
                  return true;
              });
    bar.clear();
    if (!imported)
        return cmd.dataError(qs(imported.error()));
    for (const ImportSkip &skip : imported->skipped)
        cmd.note(QStringLiteral("skipped %1").arg(qs(skip.detail)));
    const QString summary = qs(summarizeSkips(imported->skipped));
    if (imported->data.size() == 0)
        return cmd.dataError(
                QStringLiteral("no picture could be imported from %1%2; nothing written")
                        .arg(folders.join(QStringLiteral(", ")),
                             summary.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(summary)));

    const ImportTarget target
            = set == QLatin1String("train") ? ImportTarget::Train : ImportTarget::Test;
    if (const Status written = writeImportedSet(out.toStdString(), imported->data, target, imported->files);
        !written)
        return cmd.dataError(qs(written.error()));

    std::array<std::size_t, kOutputs> perClass {};
    for (std::uint8_t label : imported->data.labels)
        ++perClass[label];
    QStringList counts;
    for (int c = 0; c < kOutputs; ++c)
        counts << QStringLiteral("%1: %2").arg(c).arg(thousands(perClass[std::size_t(c)]));
    printOut(QStringLiteral("imported %1 pictures into %2 as its %3 set (%4)\n")
                     .arg(thousands(imported->data.size()), out,
                          target == ImportTarget::Train ? QStringLiteral("training")
                                                        : QStringLiteral("test"),
                          counts.join(QStringLiteral(", "))));
    if (!summary.isEmpty())
        printOut(summary + QLatin1Char('\n'));
    // A script sees from the code alone that files were left out, though the set was written.
    return imported->skipped.empty() ? kExitOk : kExitPartly;
}

} // namespace bplab::cli
