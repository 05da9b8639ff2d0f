#pragma once
// Where each weight of W1 sits in the heatmap's mosaic: 128 tiles of 28x28 (hidden neuron j's
// 784 input weights as an image), 16 tiles across and 8 down, one empty cell between tiles; and
// the same for a first layer of any width (Layout).

namespace bplab::mosaic {

inline constexpr int kTileSide = 28;
inline constexpr int kTilesAcross = 16;
inline constexpr int kTilesDown = 8;
inline constexpr int kGap = 1;
inline constexpr int kPitch = kTileSide + kGap;
inline constexpr int kWidth = kTilesAcross * kPitch - kGap; // 463 cells
inline constexpr int kHeight = kTilesDown * kPitch - kGap;  // 231 cells

/** A weight of W1: hidden neuron j (0-127), pixel row r and column c (0-27), i.e. W1(j, 28r + c).
 */
struct Cell
{
    int neuron = -1;
    int row = -1;
    int col = -1;
    bool valid() const { return neuron >= 0; }
};

/** The weight shown at mosaic cell (x, y) (x across, y down from the top); invalid in a gap or
 *  outside the mosaic. */
Cell cellAt(int x, int y);

/** Mosaic x of hidden neuron j's pixel column c. */
inline constexpr int mosaicX(int neuron, int col)
{
    return (neuron % kTilesAcross) * kPitch + col;
}
/** Mosaic y of hidden neuron j's pixel row r. */
inline constexpr int mosaicY(int neuron, int row)
{
    return (neuron / kTilesAcross) * kPitch + row;
}

/** A mosaic of `tiles` tiles of 28x28 for a first layer of any width, `across` to a row; the
 *  source's is 128 tiles, 16 across (the constants above). */
struct Layout
{
    int tiles = kTilesAcross * kTilesDown;
    int across = kTilesAcross;

    /** About twice as many tiles across as down: 128 -> 16 x 8, 10 -> 5 x 2, 512 -> 32 x 16. */
    static Layout of(int tiles);
    int down() const { return (tiles + across - 1) / across; }
    int width() const { return across * kPitch - kGap; }
    int height() const { return down() * kPitch - kGap; }
    int x(int neuron, int col) const { return (neuron % across) * kPitch + col; }
    int y(int neuron, int row) const { return (neuron / across) * kPitch + row; }
    /** The weight at mosaic cell (x, y); invalid in a gap, an empty tile or outside. */
    Cell cellAt(int x, int y) const;
    bool operator==(const Layout &) const = default;
};

} // namespace bplab::mosaic
