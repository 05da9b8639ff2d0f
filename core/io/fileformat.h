#pragma once
// What kind of file a few first bytes begin, where more than one reader has to tell: every place
// that takes a file of several kinds asks here, so that they all take a file for the same kind.

#include <cstddef>
#include <cstdint>

namespace bplab {

/** A zip archive (a NumPy .npz): a local file header ("PK\3\4") or, for an empty archive, the
 *  end of central directory record ("PK\5\6"). */
bool looksLikeZip(const std::uint8_t *head, std::size_t size);

} // namespace bplab
