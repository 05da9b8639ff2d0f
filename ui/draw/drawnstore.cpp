#include "drawnstore.h"

#include <data/dataset.h>
#include <data/idx.h>

#include <QDir>
#include <QFileInfo>
#include <QPainter>

namespace bplab {

GreyImage greyFromImage(const QImage &image)
{
    if (image.isNull())
        return {};
    QImage source = image;
    if (image.hasAlphaChannel()) {
        // Ink drawn on a transparent background: put it on white paper first.
        source = QImage(image.size(), QImage::Format_RGB32);
        source.fill(Qt::white);
        QPainter p(&source);
        p.drawImage(0, 0, image);
    }
    const QImage grey = source.convertToFormat(QImage::Format_Grayscale8);
    GreyImage out(grey.width(), grey.height());
    for (int r = 0; r < grey.height(); ++r)
        std::copy_n(grey.constScanLine(r), grey.width(), &out.pixels[std::size_t(r) * std::size_t(out.width)]);
    return out;
}

QImage imageFromGrey(const GreyImage &grey)
{
    if (grey.isNull())
        return {};
    QImage out(grey.width, grey.height, QImage::Format_Grayscale8);
    for (int r = 0; r < grey.height; ++r)
        std::copy_n(&grey.pixels[std::size_t(r) * std::size_t(grey.width)], grey.width, out.scanLine(r));
    return out;
}

QString drawnDigitsFolder()
{
    return QString::fromStdString(appDataFolder()) + QStringLiteral("/drawn");
}

Result<std::size_t> appendDrawnDigit(const QString &folder, const std::array<std::uint8_t, kInputs> &pixels,
                                     int label)
{
    if (label < 0 || label > 9)
        return Error{"The label must be 0-9, not " + std::to_string(label) + "."};
    if (!QDir().mkpath(folder))
        return Error{"Cannot create the folder " + folder.toStdString() + " for the kept digits."};
    const std::string imagesPath = (folder + QStringLiteral("/t10k-images-idx3-ubyte")).toStdString();
    const std::string labelsPath = (folder + QStringLiteral("/t10k-labels-idx1-ubyte")).toStdString();
    IdxImages images;
    images.rows = images.cols = kImageSide;
    IdxLabels labels;
    const bool haveImages = QFileInfo::exists(QString::fromStdString(imagesPath));
    const bool haveLabels = QFileInfo::exists(QString::fromStdString(labelsPath));
    if (haveImages != haveLabels)
        return Error{"Only one of " + imagesPath + " and " + labelsPath
                     + " exists; move it away to start a new set of kept digits."};
    if (haveImages) {
        Result<IdxImages> oldImages = readIdxImages(imagesPath);
        if (!oldImages)
            return Error{oldImages.error()};
        Result<IdxLabels> oldLabels = readIdxLabels(labelsPath);
        if (!oldLabels)
            return Error{oldLabels.error()};
        if (oldImages->rows != kImageSide || oldImages->cols != kImageSide)
            return Error{imagesPath + " holds " + std::to_string(oldImages->rows) + "x"
                         + std::to_string(oldImages->cols) + " images, not 28x28; move it away to start a new set."};
        if (oldImages->count != oldLabels->labels.size())
            return Error{imagesPath + " holds " + withThousands(oldImages->count) + " images but " + labelsPath
                         + " " + withThousands(oldLabels->labels.size()) + " labels; move both away to start a new set."};
        images = std::move(oldImages.value());
        labels = std::move(oldLabels.value());
    }
    images.pixels.insert(images.pixels.end(), pixels.begin(), pixels.end());
    ++images.count;
    labels.labels.push_back(std::uint8_t(label));
    if (Status s = writeIdxImages(imagesPath, images); !s)
        return Error{s.error()};
    if (Status s = writeIdxLabels(labelsPath, labels); !s)
        return Error{s.error()};
    return images.count;
}

std::array<int, 10> keptDigitCounts(const QString &folder)
{
    std::array<int, 10> counts {};
    const QString path = folder + QStringLiteral("/t10k-labels-idx1-ubyte");
    if (!QFileInfo::exists(path))
        return counts;
    if (Result<IdxLabels> labels = readIdxLabels(path.toStdString()))
        for (std::uint8_t l : labels->labels)
            if (l < 10)
                ++counts[l];
    return counts;
}

Result<QString> saveDrawnPicture(const QString &folder, const GreyImage &raw, int label, std::size_t number)
{
    if (raw.isNull())
        return Error{"There is no drawing to save."};
    const QString dir = QStringLiteral("%1/pictures/%2").arg(folder).arg(label);
    if (!QDir().mkpath(dir))
        return Error{"Cannot create the folder " + dir.toStdString() + "."};
    QImage paper = imageFromGrey(raw);
    paper.invertPixels();
    const QString path = QStringLiteral("%1/%2_%3.png").arg(dir).arg(label).arg(qulonglong(number), 5, 10, QLatin1Char('0'));
    if (!paper.save(path))
        return Error{"Cannot write " + path.toStdString() + "."};
    return path;
}

} // namespace bplab
