#include "heatmapmosaic.h"

#include <algorithm>
#include <cmath>

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

Layout Layout::of(int tiles)
{
    tiles = std::max(1, tiles);
    return {tiles, std::max(1, int(std::ceil(std::sqrt(2.0 * tiles))))};
}

Cell Layout::cellAt(int x, int y) const
{
    if (x < 0 || y < 0 || x >= width() || y >= height())
        return {};
    const int col = x % kPitch;
    const int row = y % kPitch;
    const int neuron = (y / kPitch) * across + x / kPitch;
    if (col >= kTileSide || row >= kTileSide || neuron >= tiles)
        return {};
    return {neuron, row, col};
}

} // namespace bplab::mosaic
