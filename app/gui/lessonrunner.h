#pragma once
// A lesson in the window: opens a lesson file (core/lesson/lesson.h), applies its settings, views and
// locked or hidden controls, and walks its steps with the lesson panel (ui/lesson): each step's
// view, stage, test image, learning rate, pace and timeline position, and its question, whose
// true value is computed from what the window shows at reveal time. The class's answers are
// tallied per step for the session.

#include "answertally.h"
#include "comparepage.h"

#include <lesson/lesson.h>
#include <lesson/lessonanswer.h>
#include <train/pacer.h>

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <optional>
#include <vector>

namespace bplab {

class LessonHost;
class LessonPanel;

class LessonRunner : public QObject
{
    Q_OBJECT
public:
    /** Runs lessons in `host` (the window), showing them on `panel`. */
    LessonRunner(LessonHost *host, LessonPanel *panel, QObject *parent = nullptr);

    /** Reads `file` and, when it is a valid lesson whose data set is here, applies it and shows
     *  step `startStep` (0-based; the panel says "step startStep + 1"). The steps before it replay
     *  their learning rates and timeline positions at full speed first, so that the window is
     *  where a class stepping through would be. Returns "" or the message for a person (and
     *  nothing changes). */
    QString open(const QString &file, int startStep = 0);
    /** Ends the lesson: every view and control is back. */
    void close();
    bool isOpen() const { return m_lesson.has_value(); }
    const Lesson *lesson() const { return m_lesson ? &*m_lesson : nullptr; }
    int stepIndex() const { return m_index; }

    void goTo(int index);
    /** A question not yet revealed is revealed first; then the next step, or after the last one
     *  the end of the lesson (close()). */
    void next();
    /** The step shown is the lesson's last: next() ends the lesson. */
    bool isLastStep() const;
    void back();
    /** Records one answer to the step's question (a person's typing, or a test). */
    void answer(const QString &given);
    /** Shows the true value and the tally. */
    void reveal();

    /** The step's question is answered: revealed, or asked by a step before the one the lesson
     *  was opened at. Until then nothing on screen gives its value away (the Compare view's
     *  runs are held, a run to the step's batch waits), and a step without a question counts
     *  as answered. */
    bool isAnswered(int step) const;

    using Tally = AnswerTally;
    const Tally &tally(int step) const { return m_tallies.at(std::size_t(step)); }
    /** The true value of the step's question now ("" and the reason in `error` when none). */
    std::optional<TrueAnswer> truthNow(const LessonQuestion &q, QString *error = nullptr) const;

signals:
    void opened(const QString &title);
    /** The step opened first is applied: the data read and the steps before it replayed. */
    void ready();
    void closed();
    /** A step is shown: its position ("step 3 of 9") and text, and its question when it asks one. */
    void stepShown(const QString &position, const QString &text, const QString &question);
    /** The step's question was revealed: the panel's result line. */
    void revealed(const QString &result);

private:
    void applyLesson(const QString &folder);
    /** The step's text and question, and (once the data is read) its view and position. */
    void applyStep(bool dataReady = false);
    void askQuestion();
    /** What the Compare view keeps back while step's question is open. */
    CompareHold compareHoldOf(int step) const;
    /** The step's run to its batch waits for the answer: its question is about what that run
     *  leads to (the test or training accuracy, a count of the confusion matrix). */
    bool holdsRun(int step) const;
    /** Trains the batches a step held back, at full speed; its pace is back afterwards. */
    void runFast(qint64 batches);
    /** Replays the next step before the one opened first; after the last, shows that one. */
    void replayNext();

    LessonHost *m_host;
    LessonPanel *m_panel;
    std::optional<Lesson> m_lesson;
    QString m_folder; // the lesson's data set
    int m_index = 0;
    bool m_waitingForData = false;
    std::vector<Tally> m_tallies;
    std::vector<bool> m_answered; // isAnswered(): revealed, or before the step opened first
    std::optional<qint64> m_heldRunTo; // the batch the current step's run waits to train to
    bool m_revealAfterRun = false, m_revealRunStarted = false; // a reveal waits for that run
    qint64 m_revealRunTo = 0; // ... to this batch
    QTimer m_revealRetry; // a reveal waits for the Compare view's runs
    /** A step's batches that the lesson's pace would play for longer than this run at full speed. */
    static constexpr double kLongestPacedSeconds = 30;
    std::optional<Pace> m_restorePace; // the lesson's pace, back when that run ends
    bool m_fastRunStarted = false;      // that run has been seen running
    int m_replayed = 0, m_replayUntil = 0; // steps [m_replayed, m_replayUntil) still to replay
    bool m_replayRunning = false, m_replaySawRunning = false; // a replayed step's run
    std::optional<Pace> m_replayPace;     // the lesson's pace at the step opened first
};

} // namespace bplab
