#pragma once
// Digits as strokes in a unit square, for drawing them at any size and place.

#include "preprocess.h"

#include <cmath>
#include <numbers>
#include <vector>

namespace bplab::test {

/** A point of a stroke in the unit square (0,0 top left, 1,1 bottom right). */
struct UnitPoint {
    double x, y;
};
using UnitStroke = std::vector<UnitPoint>;

/** A "7": the top bar and the slanted leg, sampled densely as a pen would be. */
inline std::vector<UnitStroke> sevenStrokes()
{
    UnitStroke s;
    for (int i = 0; i <= 20; ++i)
        s.push_back({0.15 + 0.7 * i / 20.0, 0.1});
    for (int i = 1; i <= 30; ++i)
        s.push_back({0.85 - 0.45 * i / 30.0, 0.1 + 0.8 * i / 30.0});
    return {s};
}

/** A "0": one ellipse, taller than wide. */
inline std::vector<UnitStroke> zeroStrokes()
{
    UnitStroke s;
    for (int i = 0; i <= 48; ++i) {
        const double a = 2 * std::numbers::pi * i / 48.0;
        s.push_back({0.5 + 0.3 * std::sin(a), 0.5 - 0.42 * std::cos(a)});
    }
    return {s};
}

/** A "4" in two strokes. */
inline std::vector<UnitStroke> fourStrokes()
{
    UnitStroke a, b;
    for (int i = 0; i <= 20; ++i)
        a.push_back({0.55 - 0.4 * i / 20.0, 0.1 + 0.5 * i / 20.0});
    for (int i = 1; i <= 20; ++i)
        a.push_back({0.15 + 0.65 * i / 20.0, 0.6});
    for (int i = 0; i <= 25; ++i)
        b.push_back({0.62, 0.2 + 0.7 * i / 25.0});
    return {a, b};
}

/** A "4" in two strokes that do not touch: the open angle and, apart from it, the upright. */
inline std::vector<UnitStroke> openFourStrokes()
{
    UnitStroke a, b;
    for (int i = 0; i <= 20; ++i)
        a.push_back({0.45 - 0.3 * i / 20.0, 0.1 + 0.5 * i / 20.0});
    for (int i = 1; i <= 16; ++i)
        a.push_back({0.15 + 0.4 * i / 16.0, 0.6});
    for (int i = 0; i <= 25; ++i)
        b.push_back({0.72, 0.1 + 0.8 * i / 25.0});
    return {a, b};
}

/** A "5" whose top bar was drawn apart from the rest (a gap above the down stroke). */
inline std::vector<UnitStroke> fiveStrokes()
{
    UnitStroke bar, body;
    for (int i = 0; i <= 14; ++i)
        bar.push_back({0.35 + 0.45 * i / 14.0, 0.1});
    for (int i = 0; i <= 10; ++i)
        body.push_back({0.3, 0.25 + 0.2 * i / 10.0});
    for (int i = 1; i <= 30; ++i) {
        const double a = -std::numbers::pi / 2 + 1.6 * std::numbers::pi * i / 30.0;
        body.push_back({0.45 + 0.3 * std::cos(a), 0.65 + 0.22 * std::sin(a)});
    }
    return {bar, body};
}

/** The strokes placed at (x, y) with side `size` on a canvas, every point `width` wide. */
inline std::vector<Stroke> place(const std::vector<UnitStroke> &unit, double x, double y, double size,
                                 float width)
{
    std::vector<Stroke> out;
    for (const UnitStroke &u : unit) {
        Stroke s;
        for (const UnitPoint &p : u)
            s.push_back({float(x + p.x * size), float(y + p.y * size), width});
        out.push_back(s);
    }
    return out;
}

} // namespace bplab::test
