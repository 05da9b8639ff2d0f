#pragma once
// Says what changed to a screen reader: an epoch's result, the end of a run, a divergence, the
// Step view's stage, the Draw view's answer, a lesson's step and a revealed answer.
//
// Qt 6.4 has no announcement event (QAccessibleAnnouncementEvent came with 6.8), so the text goes
// out through two small live objects in the window: one with the Notification role, one with the
// AlertMessage role (for a divergence). Each new text becomes the object's name (NameChanged) and
// the object is shown again (ObjectShow). Over AT-SPI that is "object:property-change:accessible-
// name" and "object:state-changed:showing" on a notification or an alert, which Orca speaks.
//
// At most one announcement per kMinIntervalMs: a newer text waits and replaces an older one that
// is still waiting (an alert is not replaced by a plain message). "A noisy update is worse than none."

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QWidget>

class QTimer;

namespace bplab {

/** The live object: its accessible name is the last announcement. */
class LiveRegion : public QWidget
{
    Q_OBJECT
public:
    LiveRegion(bool alert, QWidget *parent);
    bool isAlert() const { return m_alert; }
    QString text() const { return m_text; }
    void say(const QString &text);

private:
    bool m_alert;
    QString m_text;
};

class Announcer : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMinIntervalMs = 500;

    /** The live objects become children of `host` (the main window's central widget). */
    explicit Announcer(QWidget *host);

    /** Says `text` now, or after the interval when the last announcement was too recent. */
    void announce(const QString &text);
    /** The same as an alert (a divergence). */
    void alert(const QString &text);

    LiveRegion *polite() const { return m_polite; }
    LiveRegion *urgent() const { return m_urgent; }

signals:
    /** A text was said (after the rate limit). */
    void announced(const QString &text, bool alert);

private:
    void queue(const QString &text, bool alert);
    void flush();

    LiveRegion *m_polite;
    LiveRegion *m_urgent;
    QTimer *m_timer;
    QElapsedTimer m_sinceLast;
    QString m_pending;
    bool m_pendingAlert = false;
};

} // namespace bplab
