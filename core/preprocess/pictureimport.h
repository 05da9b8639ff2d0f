#pragma once
// Folders of pictures of digits as a dataset: which files are pictures, the label each one's path
// gives, what is refused and why, and each picture through MNIST's preprocessing (preprocess.h).
// Decoding is the caller's (PictureReader), so that this stays free of any image library.

#include "data/dataset.h"
#include "greyimage.h"
#include "result.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bplab {

/** Largest picture imported, in pixels: larger ones are refused from their header, undecoded. */
inline constexpr std::uint64_t kMaxPicturePixels = 50'000'000;

/** Why a file or folder was left out. */
enum class SkipReason {
    NotAPicture,   ///< cannot be decoded (not an image, damaged)
    TooLarge,      ///< more than kMaxPicturePixels
    NoInk,         ///< blank or uniform
    NoLabel,       ///< neither a folder 0-9 nor a leading digit in its name
    TwoLabels,     ///< the folder and the name disagree
    SymlinkLoop,   ///< a link back to a folder being read, or one that never ends (ELOOP)
    Unreachable,   ///< a broken link, or a folder that cannot be listed
    EmptyFolder,   ///< a folder given that holds no pictures
    NotPictureName ///< not .png, .jpg, .jpeg, .bmp, .pgm
};

struct ImportSkip
{
    std::string path;
    SkipReason reason = SkipReason::NotAPicture;
    std::string detail; ///< one line naming the file: "x.png: not a picture (...)"
};

/** A picture to import and its label. */
struct PictureFile
{
    std::string path;
    int label = 0;
};

/** What the folders hold: the pictures in import order and what was left out while walking. */
struct PictureScan
{
    std::vector<PictureFile> files;
    std::vector<ImportSkip> skipped;
};

/**
 * The label a file's path gives: the nearest enclosing folder named 0-9 (up to and including
 * root), and a leading digit of the file name not followed by another digit ("7_anna_03.png",
 * "7.png"; not "12.png"). Both present must agree. The error names the file.
 */
struct LabelOfPath
{
    int label = -1; ///< -1 when none or two
    SkipReason failure = SkipReason::NoLabel;
    std::string detail;
};
LabelOfPath labelOfPath(const std::string &path, const std::string &root);

/** True for the file names imported (.png, .jpg, .jpeg, .bmp, .pgm, any case). */
bool isPictureName(const std::string &name);

/**
 * Walks each root (a folder, read recursively in name order, links followed; or a single file)
 * and lists its pictures with their labels. Hidden files are passed over silently; a link back
 * to a folder on the way, a broken link, a file without a label or with two, and a folder given
 * that holds no pictures are listed in skipped. A file reached twice is taken once.
 */
PictureScan scanPictureFolders(const std::vector<std::string> &roots);

/** How the caller decodes a picture; each error names the file. */
struct PictureReader
{
    struct Size
    {
        int width = 0;
        int height = 0;
    };
    /** The picture's size from its header, without decoding it. */
    std::function<Result<Size>(const std::string &path)> size;
    /** The whole picture as grey bytes (0 = black, as stored: dark ink stays dark). */
    std::function<Result<GreyImage>(const std::string &path)> decode;
};

/** Called after each picture with done of total; returning false cancels the import. */
using ImportProgress = std::function<bool(std::size_t done, std::size_t total)>;

struct ImportedPictures
{
    Dataset data; ///< 28x28 images after MNIST's preprocessing, in scan order
    std::vector<ImportSkip> skipped;
    std::vector<std::string> files; ///< the file of each image
};

/**
 * Reads, refuses (too large: by its header), preprocesses (preprocessPicture, as the Draw view and
 * predict) and labels every picture of scan. Skips are collected and the rest goes on; an error
 * only when cancelled.
 */
Result<ImportedPictures> importPictures(const PictureScan &scan, const PictureReader &reader,
                                        const ImportProgress &progress = {});

/** "2 skipped: 1 not a picture, 1 without a label" (empty when nothing was). */
std::string summarizeSkips(const std::vector<ImportSkip> &skipped);

/** Which set of a data folder an import writes. */
enum class ImportTarget { Test, Train };

/**
 * Writes data as folder's test set (t10k-images-idx3-ubyte, t10k-labels-idx1-ubyte) or training
 * set (train-...), creating the folder; each file goes to a temporary file renamed only when
 * complete, the labels first, so that no half-written file replaces one. The other set and other
 * files are left as they are. files (one per image, ImportedPictures::files) are kept beside the
 * images as importedFilesName(target), for the Dataset view to name each image's picture; without
 * them (or with a count that differs) an earlier list of that set is removed.
 */
Status writeImportedSet(const std::string &folder, const Dataset &data, ImportTarget target,
                        const std::vector<std::string> &files = {});

/** "t10k-images-idx3-ubyte.files" or "train-images-idx3-ubyte.files": the pictures a set was
 *  imported from, one path a line (UTF-8, as given to the import), in the set's order. */
std::string importedFilesName(ImportTarget target);

/**
 * The picture each of a set's count images came from, as writeImportedSet kept it in folder;
 * empty when there is no list, it cannot be read, or it does not hold exactly count paths (a set
 * written since by other means).
 */
std::vector<std::string> readImportedFiles(const std::string &folder, ImportTarget target,
                                           std::size_t count);

/**
 * Makes folder's test set (t10k-...) or training set (train-..., train<tag>-...) links to those
 * files of source (raw or .gz), replacing that set's files in folder: pictures imported as a test
 * set open beside a training set that is already on disk, without a copy.
 */
Status linkDataSet(const std::string &source, const std::string &folder, ImportTarget which);

} // namespace bplab
