#pragma once
// Floats on whole memory pages of their own.

#include <cstddef>
#include <memory>

namespace bplab {

/**
 * count floats (uninitialised) starting on a 4 KiB page boundary, the allocation rounded up to
 * whole pages. Buffers that two cores write must not share a page: a core streaming through a
 * buffer has its prefetcher read ahead to the end of the page, taking lines from the other core,
 * which must then fetch them back. A copy copies the values.
 */
class PageFloats
{
public:
    static constexpr std::size_t kPageBytes = 4096;

    PageFloats() = default;
    explicit PageFloats(std::size_t count);
    PageFloats(const PageFloats &other);
    PageFloats &operator=(const PageFloats &other);
    PageFloats(PageFloats &&) noexcept = default;
    PageFloats &operator=(PageFloats &&) noexcept = default;

    float *data() const { return m_data.get(); }
    std::size_t size() const { return m_size; }

private:
    struct Free
    {
        void operator()(float *p) const;
    };
    std::unique_ptr<float, Free> m_data;
    std::size_t m_size = 0;
};

} // namespace bplab
