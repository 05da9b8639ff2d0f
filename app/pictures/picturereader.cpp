#include "picturereader.h"

#include <QImageReader>

#include <algorithm>

namespace bplab {

namespace {

std::string notAPicture(const QString &path, const QImageReader &reader)
{
    return (path + QStringLiteral(": not a picture (%1)").arg(reader.errorString())).toStdString();
}

} // namespace

GreyImage greyOfPicture(const QImage &image)
{
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    GreyImage out(argb.width(), argb.height());
    for (int r = 0; r < argb.height(); ++r) {
        const QRgb *line = reinterpret_cast<const QRgb *>(argb.constScanLine(r));
        for (int c = 0; c < argb.width(); ++c) {
            // grey = alpha * luma + (1 - alpha) * 255
            const double a = qAlpha(line[c]) / 255.0;
            out.at(c, r) = std::uint8_t(
                    std::clamp(a * qGray(line[c]) + (1 - a) * 255 + 0.5, 0.0, 255.0));
        }
    }
    return out;
}

Result<GreyImage> readPicture(const QString &path)
{
    QImageReader reader(path);
    reader.setAutoTransform(true);
    const QImage image = reader.read();
    if (image.isNull())
        return Error {notAPicture(path, reader)};
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
