// Page-aligned float buffers (pagefloats.h).

#include "nn/pagefloats.h"

#include <algorithm>
#include <cstdlib>
#include <new>

namespace bplab {

PageFloats::PageFloats(std::size_t count)
    : m_size(count)
{
    if (count == 0)
        return;
    const std::size_t bytes = (count * sizeof(float) + kPageBytes - 1) / kPageBytes * kPageBytes;
    m_data.reset(static_cast<float *>(std::aligned_alloc(kPageBytes, bytes)));
    if (!m_data)
        throw std::bad_alloc();
}

PageFloats::PageFloats(const PageFloats &other)
    : PageFloats(other.m_size)
{
    std::copy_n(other.data(), m_size, data());
}

PageFloats &PageFloats::operator=(const PageFloats &other)
{
    if (this != &other)
        *this = PageFloats(other);
    return *this;
}

void PageFloats::Free::operator()(float *p) const
{
    std::free(p);
}

} // namespace bplab
