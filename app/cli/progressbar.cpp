#include "progressbar.h"

#include <cstdio>
#include <unistd.h>

namespace bplab::cli {

namespace {
constexpr auto kDelay = std::chrono::milliseconds(500);
constexpr auto kInterval = std::chrono::milliseconds(100);
constexpr int kWidth = 30;
} // namespace

bool ProgressBar::stderrIsTerminal()
{
    return ::isatty(STDERR_FILENO) == 1;
}

ProgressBar::ProgressBar(QString label, std::size_t total)
    : m_label(std::move(label))
    , m_total(total)
    , m_enabled(stderrIsTerminal())
    , m_start(std::chrono::steady_clock::now())
    , m_lastDraw(m_start)
{ }

ProgressBar::~ProgressBar()
{
    clear();
}

bool ProgressBar::due(std::size_t done) const
{
    if (!m_enabled || m_total == 0)
        return false;
    const auto now = std::chrono::steady_clock::now();
    return now - m_start >= kDelay && (now - m_lastDraw >= kInterval || done >= m_total);
}

void ProgressBar::update(std::size_t done, const QString &suffix)
{
    if (!due(done))
        return;
    const auto now = std::chrono::steady_clock::now();
    const bool last = done >= m_total;
    m_lastDraw = now;
    const double fraction = double(std::min(done, m_total)) / double(m_total);
    const int filled = int(fraction * kWidth + 0.5);
    const double elapsed = std::chrono::duration<double>(now - m_start).count();
    QString eta;
    if (fraction > 0.01 && !last)
        eta = QStringLiteral(" ~%1 s left").arg(elapsed * (1 - fraction) / fraction, 0, 'f', 0);
    const QString line = QStringLiteral("\r\033[K%1 [%2%3] %4% %5")
                                 .arg(m_label, QString(filled, QLatin1Char('#')),
                                      QString(kWidth - filled, QLatin1Char(' ')))
                                 .arg(int(fraction * 100), 3)
                                 .arg(suffix + eta);
    const QByteArray utf8 = line.toUtf8();
    std::fwrite(utf8.constData(), 1, std::size_t(utf8.size()), stderr);
    std::fflush(stderr);
    m_drawn = true;
}

void ProgressBar::clear()
{
    if (!m_drawn)
        return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    m_drawn = false;
}

} // namespace bplab::cli
