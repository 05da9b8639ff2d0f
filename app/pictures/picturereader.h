#pragma once
// Pictures (PNG, JPEG, BMP, PGM) decoded with QImageReader into the preprocessing's grey bytes,
// the same way for predict, import-images and the app's import.

#include <greyimage.h>
#include <pictureimport.h>
#include <result.h>

#include <QImage>
#include <QString>

namespace bplab {

/** Grey bytes of any image (0 = black), transparent parts taken as white paper. */
GreyImage greyOfPicture(const QImage &image);

/**
 * Raises QImageReader's allocation limit (process-wide) so that a picture of kMaxPicturePixels
 * decodes; readPicture calls it. Never lowers a limit set higher.
 */
void allowLargestPictures();

/**
 * Reads a picture (the orientation its EXIF data gives applied). The error names the file:
 * "x.png: not a picture (Unsupported image format)"; a picture whose decoder warns while reading
 * it (a truncated JPEG: "Premature end of JPEG file") is refused as damaged:
 * "x.jpg: a damaged picture (Premature end of JPEG file)". Thread-safe; the decoder's warnings
 * are caught on the decoding thread only.
 */
Result<GreyImage> readPicture(const QString &path);

/** The size a picture's header declares, without decoding it; the error names the file. */
Result<PictureReader::Size> pictureSize(const QString &path);

/** readPicture and pictureSize for importPictures. */
PictureReader qtPictureReader();

} // namespace bplab
