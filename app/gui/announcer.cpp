#include "announcer.h"

#include <QAccessible>
#include <QAccessibleWidget>
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

void Announcer::announce(const QString &text)
{
    queue(text, false);
}

void Announcer::alert(const QString &text)
{
    queue(text, true);
}

void Announcer::queue(const QString &text, bool alert)
{
    if (text.isEmpty())
        return;
    if (m_pendingAlert && !alert && m_timer->isActive())
        return; // the waiting alert goes first
    m_pending = text;
    m_pendingAlert = alert;
    const qint64 since = m_sinceLast.isValid() ? m_sinceLast.elapsed() : kMinIntervalMs;
    if (since >= kMinIntervalMs && !m_timer->isActive())
        flush();
    else if (!m_timer->isActive())
        m_timer->start(int(std::max<qint64>(1, kMinIntervalMs - since)));
}

void Announcer::flush()
{
    if (m_pending.isEmpty())
        return;
    if (m_sinceLast.isValid() && m_sinceLast.elapsed() < kMinIntervalMs) {
        m_timer->start(int(kMinIntervalMs - m_sinceLast.elapsed())); // woken early: wait the rest
        return;
    }
    const QString text = std::exchange(m_pending, QString());
    const bool alert = std::exchange(m_pendingAlert, false);
    m_sinceLast.start();
    (alert ? m_urgent : m_polite)->say(text);
    emit announced(text, alert);
}

} // namespace bplab
