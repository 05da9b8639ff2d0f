#pragma once
// The timeline under the views: a scrubber over every batch trained so far, the words that say
// which weights the views show, and "Continue from here". It draws the values it is given and
// sends the user's moves; which batch is shown is decided elsewhere.

#include <QStyle>
#include <QWidget>

class QLabel;
class QPushButton;
class QSlider;
class QToolButton;

namespace bplab {

class ElidedLabel;

class TimelineBar : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineBar(QWidget *parent = nullptr);

    /** Batches first..last can be shown; `cursor` is shown now (signals blocked). */
    void setPosition(qint64 first, qint64 last, qint64 cursor);
    /** What the views show, in words ("weights after batch 1,250 (epoch 10)"). */
    void setCaption(const QString &text);
    /** Where training stands, in words, at the bar's left ("" hides it): the status bar's line
     *  when the status bar is hidden (presentation mode). */
    void setStatusText(const QString &text);
    /** "Continue from here" is offered (a past batch is shown). */
    void setBranchable(bool on);

    qint64 cursor() const;
    QSlider *slider() const { return m_slider; }
    QPushButton *continueButton() const { return m_continue; }
    QLabel *captionLabel() const { return m_caption; }

signals:
    /** The user moved the scrubber or pressed one of its buttons: a batch from the first to the
     *  latest, never beyond (training the next is Step's). */
    void cursorMoved(qint64 step);
    void continueRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QToolButton *button(QStyle::StandardPixmap icon, const QString &name, const QString &tip, qint64 delta);

    QSlider *m_slider = nullptr;
    QLabel *m_caption = nullptr;
    ElidedLabel *m_status = nullptr;
    QPushButton *m_continue = nullptr;
    qint64 m_first = 0;
    qint64 m_last = 0;
};

} // namespace bplab
