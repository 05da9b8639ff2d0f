#pragma once
// Predict first in Step through: with the switch on, a stage that asks something (the largest p,
// the loss, a sign of a delta, a value of z) is covered by its question until the class has
// answered and revealed it; the true value is computed from the trace the page spells out. The
// answers are tallied per question (stage, image, weights, neuron) for the session.

#include "answertally.h"

#include <lesson/lesson.h>

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;
class QWidget;

namespace bplab {

class QuestionBox;
class StepModel;
class StepView;
struct NetworkStage;

class StepPredict : public QObject
{
    Q_OBJECT
public:
    explicit StepPredict(StepView *view);

    void setEnabled(bool on);
    bool isEnabled() const { return m_enabled; }
    QCheckBox *toggle() const { return m_toggle; }
    QuestionBox *questionBox() const { return m_box; }
    /** Shows the stage's values after a reveal (Enter, or the button). */
    void showValues();

    /** The question stage `stage` asks of the trace `m` shows; none for the input and the
     *  adjustments (the default network's stages 1 and 9), or without a labelled sample. A
     *  hidden layer's stages ask of that layer, the output stages of the outputs. */
    static std::optional<LessonQuestion> questionFor(int stage, const StepModel &m);

private:
    /** A layer list's layer stage: of its selected value (a convolution's or dense layer's). */
    static std::optional<LessonQuestion> listQuestion(const NetworkStage &s, const StepModel &m);
    void stageShown();
    void answer(const QString &given);
    void reveal();
    QString key() const;

    StepView *m_view;
    QCheckBox *m_toggle = nullptr;
    QWidget *m_cover = nullptr;
    QLabel *m_heading = nullptr;
    QuestionBox *m_box = nullptr;
    QPushButton *m_show = nullptr;
    bool m_enabled = false;
    QString m_key; // the question on the cover
    std::optional<LessonQuestion> m_question;
    QHash<QString, AnswerTally> m_tallies;
    QSet<QString> m_seen; // questions whose values were shown
};

} // namespace bplab
