#include "nn/batchworkspace.h"

#include "nn/batchpair.h"

#include <algorithm>
#include <type_traits>

namespace bplab {

namespace {

/** A buffer's floats rounded up to whole 64-byte lines, so that every buffer starts on a line. */
std::size_t lines(std::size_t floats)
{
    return (floats + 15) / 16 * 16;
}

} // namespace

BatchWorkspace::BatchWorkspace(int batch)
{
    resize(batch);
}

void BatchWorkspace::resize(int newBatch)
{
    batch = std::max(newBatch, 1);
    X.resize(kInputs, batch);
    Z1.resize(kHidden, batch);
    A1.resize(kHidden, batch);
    Z2.resize(kOutputs, batch);
    P.resize(kOutputs, batch);
    Delta2.resize(kOutputs, batch);
    Delta1.resize(kHidden, batch);
    losses.resize(batch);
    // The libxsmm path's buffers are sized by its first batch (xsmmGemms).
    for (int h = 0; h < 2; ++h)
        halves[h].resize(batch, h == 1, false);
}

void BatchWorkspace::resizeXsmmBuffers()
{
    for (int h = 0; h < 2; ++h)
        halves[h].resize(batch, h == 1, true);
}

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

bool BatchGemms::valid() const
{
    return z1.valid() && z2.valid() && back.valid() && dW2.valid() && dW1.valid();
}

BatchWorkspace::Helper::~Helper()
{
    delete m_helper;
}

HalfPair *BatchWorkspace::Helper::get()
{
    if (!m_helper)
        m_helper = new HalfPair;
    return m_helper;
}

void BatchWorkspace::Helper::rest()
{
    if (m_helper)
        m_helper->rest();
}

} // namespace bplab
