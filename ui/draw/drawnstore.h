#pragma once
// Between Qt images and the preprocessing's grey bitmaps, and the IDX files that keep the digits
// users drew (with the labels they gave) for evaluating a model on them later.

#include <greyimage.h>
#include <nn/params.h>
#include <result.h>

#include <QImage>
#include <QString>

#include <array>
#include <cstdint>

namespace bplab {

/** Any QImage as grey bytes (0 = black); transparent parts count as white paper. */
GreyImage greyFromImage(const QImage &image);
/** A grey bitmap as a QImage::Format_Grayscale8 (null for an empty bitmap). */
QImage imageFromGrey(const GreyImage &grey);

/** appDataFolder()/drawn: t10k-images-idx3-ubyte and t10k-labels-idx1-ubyte of the kept digits. */
QString drawnDigitsFolder();

/**
 * Appends one 28x28 image and its label (0-9) to folder/t10k-images-idx3-ubyte and
 * folder/t10k-labels-idx1-ubyte, creating the folder and files when needed. Existing files are
 * read first and must agree (28x28, as many labels as images); each file is replaced atomically.
 * Returns the number of digits kept afterwards.
 */
Result<std::size_t> appendDrawnDigit(const QString &folder, const std::array<std::uint8_t, kInputs> &pixels,
                                     int label);

/** How many kept digits of each class folder holds (zeros when it holds none yet). */
std::array<int, 10> keptDigitCounts(const QString &folder);

/** Writes a drawing (ink white on black, as the preprocessing's raw stage) as dark ink on white
 *  paper to folder/pictures/<label>/<label>_<number>.png, a folder import-images reads. */
Result<QString> saveDrawnPicture(const QString &folder, const GreyImage &raw, int label, std::size_t number);

} // namespace bplab
