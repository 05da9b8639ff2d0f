#include "picturereader.h"

#include <QImageReader>
#include <QLoggingCategory>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <mutex>

namespace bplab {

namespace {

std::string notAPicture(const QString &path, const QImageReader &reader)
{
    return (path + QStringLiteral(": not a picture (%1)").arg(reader.errorString())).toStdString();
}

/**
 * The largest decoded picture, in MB, for QImageReader's allocation limit: kMaxPicturePixels at
 * 8 bytes a pixel (a 16-bit RGBA PNG decodes to RGBA64), so that every picture the header check
 * lets through can be decoded (Qt's own default, 128 MB, stops at 32 MP of RGB).
 */
constexpr int kAllocationLimitMb = int((kMaxPicturePixels * 8 + (1 << 20) - 1) >> 20);

// The warnings a decoder sends through qWarning while the current thread decodes a picture
// (libjpeg's "Premature end of JPEG file", libpng's "IDAT: CRC error"): the picture is damaged.
thread_local QStringList *t_decodeWarnings = nullptr;
QtMessageHandler g_previousHandler = nullptr;

/** A warning about a picture's colour profile or gamma: metadata, its pixels are whole. */
bool aboutColourOnly(const QMessageLogContext &context, const QString &message)
{
    if (context.category && QByteArray(context.category).startsWith("qt.gui.icc"))
        return true;
    for (const char *chunk : {"iCCP", "sRGB", "cHRM", "gAMA", "ICC profile"})
        if (message.contains(QLatin1String(chunk)))
            return true;
    return false;
}

void catchDecodeWarnings(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (t_decodeWarnings && (type == QtWarningMsg || type == QtCriticalMsg)
        && !aboutColourOnly(context, message)) {
        t_decodeWarnings->append(message.trimmed());
        return; // named with the file in the skip's line instead
    }
    if (g_previousHandler)
        g_previousHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qPrintable(message));
}

/** Collects the decoder's warnings on this thread while it lives (the handler is installed once
 *  and passes every other message on to the one before it). */
class DecodeWarnings
{
public:
    DecodeWarnings()
    {
        static std::once_flag installed;
        std::call_once(installed, [] { g_previousHandler = qInstallMessageHandler(catchDecodeWarnings); });
        m_outer = t_decodeWarnings;
        t_decodeWarnings = &m_messages;
    }
    ~DecodeWarnings() { t_decodeWarnings = m_outer; }
    DecodeWarnings(const DecodeWarnings &) = delete;
    DecodeWarnings &operator=(const DecodeWarnings &) = delete;

    const QStringList &messages() const { return m_messages; }

private:
    QStringList m_messages;
    QStringList *m_outer = nullptr;
};

/** Grey of one pixel: alpha * luma + (1 - alpha) * 255. */
std::uint8_t greyOf(QRgb pixel)
{
    const double a = qAlpha(pixel) / 255.0;
    return std::uint8_t(std::clamp(a * qGray(pixel) + (1 - a) * 255 + 0.5, 0.0, 255.0));
}

} // namespace

void allowLargestPictures()
{
    if (QImageReader::allocationLimit() < kAllocationLimitMb)
        QImageReader::setAllocationLimit(kAllocationLimitMb);
}

GreyImage greyOfPicture(const QImage &image)
{
    // Read in place where the format allows (a 50 MP photo is 200 MB as RGB32: no copy of it);
    // other formats are converted a band of rows at a time.
    GreyImage out(image.width(), image.height());
    const auto fromArgb = [&out](const QImage &argb, int firstRow) {
        for (int r = 0; r < argb.height(); ++r) {
            const QRgb *line = reinterpret_cast<const QRgb *>(argb.constScanLine(r));
            for (int c = 0; c < argb.width(); ++c)
                out.at(c, firstRow + r) = greyOf(line[c]);
        }
    };
    switch (image.format()) {
    case QImage::Format_Grayscale8:
        for (int r = 0; r < image.height(); ++r)
            std::copy_n(image.constScanLine(r), image.width(), &out.at(0, r));
        break;
    case QImage::Format_RGB32:
    case QImage::Format_ARGB32: fromArgb(image, 0); break;
    default:
        for (int r = 0; r < image.height(); r += 64) {
            const int rows = std::min(64, image.height() - r);
            fromArgb(image.copy(0, r, image.width(), rows).convertToFormat(QImage::Format_ARGB32), r);
        }
    }
    return out;
}

Result<GreyImage> readPicture(const QString &path)
{
    allowLargestPictures();
    QImageReader reader(path);
    reader.setAutoTransform(true);
    QImage image;
    QStringList warnings;
    {
        const DecodeWarnings caught;
        image = reader.read();
        warnings = caught.messages();
    }
    if (image.isNull())
        return Error {notAPicture(path, reader)};
    // A decoder that warns has filled in what it could not read (a truncated JPEG comes out
    // white below its last whole row): the picture is damaged, not a digit to learn from.
    if (!warnings.isEmpty())
        return Error {(path + QStringLiteral(": a damaged picture (%1)").arg(warnings.join(QStringLiteral("; "))))
                              .toStdString()};
    return greyOfPicture(image);
}

Result<PictureReader::Size> pictureSize(const QString &path)
{
    QImageReader reader(path);
    const QSize size = reader.size();
    if (!size.isValid() || !reader.canRead())
        return Error {notAPicture(path, reader)};
    return PictureReader::Size {size.width(), size.height()};
}

PictureReader qtPictureReader()
{
    PictureReader reader;
    reader.size = [](const std::string &path) { return pictureSize(QString::fromStdString(path)); };
    reader.decode
            = [](const std::string &path) { return readPicture(QString::fromStdString(path)); };
    return reader;
}

} // namespace bplab
