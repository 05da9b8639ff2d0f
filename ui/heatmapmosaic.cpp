#include "heatmapmosaic.h"

namespace bplab::mosaic {

Cell cellAt(int x, int y)
{
    if (x < 0 || y < 0 || x >= kWidth || y >= kHeight)
        return {};
    const int col = x % kPitch;
    const int row = y % kPitch;
    if (col >= kTileSide || row >= kTileSide)
        return {};
    return {(y / kPitch) * kTilesAcross + x / kPitch, row, col};
}

} // namespace bplab::mosaic
