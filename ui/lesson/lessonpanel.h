#pragma once
// The lesson panel: the lesson's title, where the class is ("step 3 of 9"), the step's text for
// the class, its question when it has one, and Back/Next (Page Up/Page Down, which presentation
// clickers send). It only shows what it is given; the main window applies the steps.

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;

namespace bplab {

class QuestionBox;

class LessonPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LessonPanel(QWidget *parent = nullptr);

    /** Step `index` (0-based) of `count`: its text, and its question ("" for none). */
    void showStep(const QString &title, int index, int count, const QString &text);
    /** The step's question box (hidden by showStep; the caller asks through it). */
    QuestionBox *questionBox() const { return m_question; }
    void setQuestionVisible(bool on);

    QString stepText() const;
    QString positionText() const;
    /** Every word-wrapped label (the title, the text, the question and its result) asks for the
     *  lines it has at its width; textHeightChanged() when one changed. */
    void fitText();

signals:
    void backRequested();
    void nextRequested();
    void closeRequested();
    /** A label's lines changed (a new step, answer, width or font): the band's height follows. */
    void textHeightChanged();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyFonts();
    QList<QLabel *> wrappedLabels() const;

    QLabel *m_title = nullptr;
    QLabel *m_position = nullptr;
    QLabel *m_text = nullptr;
    QuestionBox *m_question = nullptr;
    QPushButton *m_back = nullptr;
    QPushButton *m_next = nullptr;
    QPushButton *m_close = nullptr;
};

} // namespace bplab
