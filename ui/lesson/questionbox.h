#pragma once
// A predict-first question: the question, a field for the answer (typed or picked with the keys),
// Answer to record one (each student in turn, or the teacher for the class), and Reveal to show
// the true value, whether the last answer was right and the class's tally. It only shows what it
// is given; the caller computes the true value and judges the answers.

#include <QList>
#include <QString>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace bplab {

class QuestionBox : public QWidget
{
    Q_OBJECT
public:
    explicit QuestionBox(QWidget *parent = nullptr);

    /** A new question: `hint` says what to type ("a class 0-9", "yes or no", "+, - or 0"). The
     *  field, the result and the tally are cleared. */
    void ask(const QString &question, const QString &hint);
    /** After Answer: how many answers are recorded (their rightness stays hidden until Reveal). */
    void showRecorded(int answers);
    /** The answer field takes the keyboard (while it takes answers). */
    void focusAnswer();
    /** Reveal: the true value, the verdict on the last answer ("" when none), the tally. */
    void showReveal(const QString &truth, const QString &verdict, int right, int answers);
    /** Why there is no true value yet, or why an answer was not taken. */
    void showProblem(const QString &message);

    bool isRevealed() const { return m_revealed; }
    QString question() const;
    QString resultText() const;
    QLineEdit *field() const { return m_field; }
    /** The question and the result line: word-wrapped, their height follows their width. */
    QList<QLabel *> wrappedLabels() const { return {m_question, m_result}; }

signals:
    /** Answer (or Enter in the field) with a non-empty answer. */
    void answered(const QString &answer);
    /** Reveal (or Enter in an empty field). */
    void revealRequested();

private:
    void submit();

    QLabel *m_question = nullptr;
    QLineEdit *m_field = nullptr;
    QPushButton *m_answer = nullptr;
    QPushButton *m_reveal = nullptr;
    QLabel *m_result = nullptr;
    bool m_revealed = false;
};

} // namespace bplab
