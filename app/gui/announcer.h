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
// At a pace a listener can follow: after a text the next waits until the first could have been
// spoken (paceMs(), never less than kMinIntervalMs). What arrives meanwhile is coalesced, never
// lost: a text replaces a waiting one of its topic (the newer epoch's result the older's, the stage
// reached the stages passed), and texts of other topics are said together with it in one
// announcement (the last epoch's result and the end of the run). An alert goes first, alone; the
// plain texts wait for the next turn. "A noisy update is worse than none."

#include <QElapsedTimer>
#include <QList>
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
    /** The time a screen reader takes to speak a character (about 220 words a minute). */
    static constexpr int kSpeechMsPerChar = 45;

    /** The live objects become children of `host` (the main window's central widget). */
    explicit Announcer(QWidget *host);

    /** Says `text` now, or when the last announcement has been spoken. A waiting text of the same
     *  non-empty `topic` ("epoch", "stage") is replaced by this one; an empty topic replaces a
     *  waiting text without one. */
    void announce(const QString &text, const QString &topic = {});
    /** The same as an alert (a divergence). */
    void alert(const QString &text);
    /** How long after `text` the next announcement waits. */
    static int paceMs(const QString &text);

    LiveRegion *polite() const { return m_polite; }
    LiveRegion *urgent() const { return m_urgent; }

signals:
    /** A text was said (after the rate limit). */
    void announced(const QString &text, bool alert);

private:
    struct Pending
    {
        QString topic, text;
        bool alert = false;
    };
    void queue(const QString &text, const QString &topic, bool alert);
    void flush();

    LiveRegion *m_polite;
    LiveRegion *m_urgent;
    QTimer *m_timer;
    QElapsedTimer m_sinceLast;
    int m_waitMs = 0; // after the last announcement, before the next
    QList<Pending> m_pending; // in arrival order
};

} // namespace bplab
