#pragma once
// A QR code of a short text (the classroom's address) as a black-on-white image, through libqrencode.

#include <QImage>
#include <QString>

namespace bplab::classroom {

/** The QR code of `text` (error correction M), one pixel a module with a four-module quiet zone;
 *  a null image when it cannot be made. Scale it with Qt::FastTransformation to keep it sharp. */
QImage qrCodeImage(const QString &text);

} // namespace bplab::classroom
