#include "data/datasetidentity.h"

#include "io/fileio.h"
#include "data/idx.h"

#include <algorithm>
#include <zlib.h>

namespace bplab {

namespace {

/** CRC32 of labels followed by pixels, in pieces that fit zlib's uInt. */
std::uint32_t setCrc(const Dataset &d)
{
    uLong crc = crc32(0L, Z_NULL, 0);
    auto add = [&crc](const std::vector<std::uint8_t> &bytes) {
        const std::uint8_t *p = bytes.data();
        std::size_t left = bytes.size();
        while (left > 0) {
            const std::size_t n = std::min<std::size_t>(left, std::size_t(1) << 30);
            crc = crc32(crc, p, uInt(n));
            p += n;
            left -= n;
        }
    };
    add(d.labels);
    add(d.pixels);
    return std::uint32_t(crc);
}

} // namespace

bool DatasetIdentity::sameData(const DatasetIdentity &o) const
{
    return trainCount == o.trainCount && testCount == o.testCount && trainCrc == o.trainCrc && testCrc == o.testCrc;
}

DatasetIdentity datasetIdentity(const DataSplit &data)
{
    DatasetIdentity id;
    id.trainCount = data.train.size();
    id.testCount = data.test.size();
    id.trainCrc = setCrc(data.train);
    id.testCrc = setCrc(data.test);
    id.name = data.name;
    id.folder = data.folder;
    return id;
}

std::string describeDataMismatch(const DatasetIdentity &expected, const DatasetIdentity &actual)
{
    if (expected.sameData(actual))
        return {};
    auto describe = [](const DatasetIdentity &d) {
        return withThousands(d.trainCount) + " training images (CRC32 " + hexDigits32(d.trainCrc) + ") and " +
               withThousands(d.testCount) + " test images (CRC32 " + hexDigits32(d.testCrc) + ")" +
               (d.name.empty() ? std::string() : " of " + d.name) +
               (d.folder.empty() ? std::string() : " in " + d.folder);
    };
    return "the snapshot was taken on other data: " + describe(expected) + "; this data is " + describe(actual) +
           ". Resume with the snapshot's data";
}

} // namespace bplab
