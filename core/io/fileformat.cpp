#include "io/fileformat.h"

namespace bplab {

bool looksLikeZip(const std::uint8_t *head, std::size_t size)
{
    return size >= 4 && head[0] == 'P' && head[1] == 'K' &&
           ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6));
}

} // namespace bplab
