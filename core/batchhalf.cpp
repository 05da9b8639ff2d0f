// Each half's buffers of a batch workspace, on memory pages of their own (batch.h).

#include "batch.h"

#include <type_traits>

namespace bplab {

namespace {

/** A buffer's floats rounded up to whole 64-byte lines, so that every buffer starts on a line. */
std::size_t lines(std::size_t floats)
{
    return (floats + 15) / 16 * 16;
}

} // namespace

BatchWorkspace::Half::Half(const Half &other)
{
    *this = other;
}

BatchWorkspace::Half &BatchWorkspace::Half::operator=(const Half &other)
{
    if (this != &other) {
        finite = other.finite;
        m_pages = other.m_pages;
        m_batch = other.m_batch;
        m_inputs = other.m_inputs;
        m_xsmm = other.m_xsmm;
        place();
    }
    return *this;
}

template <class F>
void BatchWorkspace::Half::eachView(F &&use)
{
    const int B = m_batch, xsmmRows = m_xsmm ? B : 0;
    use(X, m_inputs ? kInputs : 0, m_inputs ? B : 0);
    use(Z2share, kOutputs, B);
    use(Z2, kOutputs, B);
    use(P, kOutputs, B);
    use(Delta2, kOutputs, B);
    use(losses, B, 1);
    use(XT, xsmmRows, kInputs);
    use(Z2shareT, xsmmRows, kOutputs);
    use(Delta2T, xsmmRows, kOutputs);
}

void BatchWorkspace::Half::resize(int batch, bool inputs, bool xsmm)
{
    m_batch = batch;
    m_inputs = inputs;
    m_xsmm = xsmm;
    std::size_t floats = 0;
    eachView([&floats](auto &, int rows, int cols) {
        floats += lines(std::size_t(rows) * std::size_t(cols));
    });
    m_pages = PageFloats(floats);
    place();
}

void BatchWorkspace::Half::place()
{
    std::size_t offset = 0;
    eachView([this, &offset](auto &view, int rows, int cols) {
        using ViewType = std::remove_reference_t<decltype(view)>;
        new (&view) ViewType(m_pages.data() + offset, rows, cols);
        offset += lines(std::size_t(rows) * std::size_t(cols));
    });
}

} // namespace bplab
