#pragma once
// The networks the Step view tests show: hidden widths and an activation.

#include "nn/architecture.h"

#include <utility>
#include <vector>

namespace bplab::test {

inline Architecture arch(std::vector<int> hidden, Activation f)
{
    Architecture a;
    a.hidden = std::move(hidden);
    a.activation = f;
    return a;
}

} // namespace bplab::test
