#include "qrcodeimage.h"

#include <qrencode.h>

#include <memory>

namespace bplab::classroom {

QImage qrCodeImage(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::unique_ptr<QRcode, decltype(&QRcode_free)> code(QRcode_encodeString(utf8.constData(), 0, QR_ECLEVEL_M, QR_MODE_8, 1),
                                                        &QRcode_free);
    if (!code)
        return {};
    constexpr int quiet = 4;
    const int side = code->width + 2 * quiet;
    QImage image(side, side, QImage::Format_Grayscale8);
    image.fill(255);
    for (int y = 0; y < code->width; ++y)
        for (int x = 0; x < code->width; ++x)
            if (code->data[y * code->width + x] & 1) // bit 0: a dark module
                image.setPixel(x + quiet, y + quiet, qRgb(0, 0, 0));
    return image;
}

} // namespace bplab::classroom
