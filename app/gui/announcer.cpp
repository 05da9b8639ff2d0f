#include "announcer.h"

#include <QAccessible>
#include <QAccessibleWidget>
#include <QStringList>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace bplab {

namespace {

/** A live region's interface: Notification or AlertMessage, named by its last text. */
class LiveRegionInterface : public QAccessibleWidget
{
public:
    explicit LiveRegionInterface(LiveRegion *region)
        : QAccessibleWidget(region, region->isAlert() ? QAccessible::AlertMessage : QAccessible::Notification)
    {
    }
    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Name || t == QAccessible::Description)
            return static_cast<LiveRegion *>(widget())->text();
        return QAccessibleWidget::text(t);
    }
};

QAccessibleInterface *liveRegionFactory(const QString &, QObject *object)
{
    if (auto *region = qobject_cast<LiveRegion *>(object))
        return new LiveRegionInterface(region);
    return nullptr;
}

} // namespace

LiveRegion::LiveRegion(bool alert, QWidget *parent) : QWidget(parent), m_alert(alert)
{
    static const bool installed = [] {
        QAccessible::installFactory(liveRegionFactory);
        return true;
    }();
    Q_UNUSED(installed);
    setObjectName(alert ? QStringLiteral("announcerAlert") : QStringLiteral("announcer"));
    // Out of the way: one transparent pixel in the corner, outside every layout.
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFocusPolicy(Qt::NoFocus);
    setGeometry(0, 0, 1, 1);
    // Hidden until it has something to say: an empty notification or alert in the window would be
    // an object without a name for a screen reader walking the window.
    setVisible(false);
}

void LiveRegion::say(const QString &text)
{
    m_text = text;
    QAccessibleEvent changed(this, QAccessible::NameChanged);
    QAccessible::updateAccessibility(&changed);
    // Shown anew: a notification or an alert that appears is what a screen reader speaks.
    hide();
    show();
}

Announcer::Announcer(QWidget *host)
    : QObject(host), m_polite(new LiveRegion(false, host)), m_urgent(new LiveRegion(true, host)),
      m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    // A coarse timer may fire up to 5 % early, and the interval is a promise to the listener.
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &Announcer::flush);
}

void Announcer::announce(const QString &text, const QString &topic)
{
    queue(text, topic, false);
}

void Announcer::alert(const QString &text)
{
    queue(text, QStringLiteral("alert"), true);
}

int Announcer::paceMs(const QString &text)
{
    return std::max(kMinIntervalMs, int(text.size()) * kSpeechMsPerChar);
}

void Announcer::queue(const QString &text, const QString &topic, bool alert)
{
    if (text.isEmpty())
        return;
    // The newer text of a topic stands for the older one: it moves to the end with it.
    for (qsizetype i = 0; i < m_pending.size(); ++i)
        if (m_pending[i].topic == topic && m_pending[i].alert == alert) {
            m_pending.removeAt(i);
            break;
        }
    m_pending.append({topic, text, alert});
    const qint64 since = m_sinceLast.isValid() ? m_sinceLast.elapsed() : m_waitMs;
    if (since >= m_waitMs && !m_timer->isActive())
        flush();
    else if (!m_timer->isActive())
        m_timer->start(int(std::max<qint64>(1, m_waitMs - since)));
}

void Announcer::flush()
{
    if (m_pending.isEmpty())
        return;
    if (m_sinceLast.isValid() && m_sinceLast.elapsed() < m_waitMs) {
        m_timer->start(int(m_waitMs - m_sinceLast.elapsed())); // woken early: wait the rest
        return;
    }
    // The alerts first and alone; else every waiting text in one announcement, in order.
    const bool alert = std::any_of(m_pending.begin(), m_pending.end(), [](const Pending &p) { return p.alert; });
    QStringList parts;
    for (qsizetype i = 0; i < m_pending.size();) {
        if (m_pending[i].alert == alert)
            parts << m_pending.takeAt(i).text.trimmed();
        else
            ++i;
    }
    // Several texts as sentences of one announcement; one as it was given.
    if (parts.size() > 1)
        for (QString &part : parts)
            if (!part.endsWith(QLatin1Char('.')) && !part.endsWith(QLatin1Char('!')) && !part.endsWith(QLatin1Char('?')))
                part += QLatin1Char('.');
    const QString text = parts.join(QLatin1Char(' '));
    m_sinceLast.start();
    m_waitMs = paceMs(text);
    (alert ? m_urgent : m_polite)->say(text);
    emit announced(text, alert);
    if (!m_pending.isEmpty())
        m_timer->start(m_waitMs);
}

} // namespace bplab
