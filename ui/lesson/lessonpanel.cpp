#include "lessonpanel.h"

#include "questionbox.h"
#include "uiformat.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QPushButton>
#include <QVBoxLayout>

namespace bplab {

LessonPanel::LessonPanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel)
    , m_position(new QLabel)
    , m_text(new QLabel)
    , m_question(new QuestionBox)
    , m_back(new QPushButton(tr("Back")))
    , m_next(new QPushButton(tr("Next")))
    , m_close(new QPushButton(tr("Close lesson")))
{
    setObjectName(QStringLiteral("lessonPanel"));
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_position->setObjectName(QStringLiteral("lessonPosition"));
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setWordWrap(true);
    // A long title takes a second line rather than widening the window past a 1280-pixel screen.
    m_title->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    applyFonts();
    m_back->setObjectName(QStringLiteral("lessonBack"));
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_back->setToolTip(tr("The previous step (Page Up)"));
    m_next->setToolTip(tr("Reveal the answer, then the next step (Page Down)"));
    // The buttons never take the focus from the answer field or the panels.
    for (QPushButton *b : {m_back, m_next, m_close})
        b->setFocusPolicy(Qt::NoFocus);

    // A band under the views, as low as the text allows: a 1280x800 projector has about 90
    // pixels to spare under the views once the status bar makes way for it.
    auto *head = new QHBoxLayout;
    head->addWidget(m_title, 1);
    head->addWidget(m_position);
    head->addWidget(m_back);
    head->addWidget(m_next);
    head->addWidget(m_close);

    auto *body = new QHBoxLayout;
    body->addWidget(m_text, 3);
    body->addWidget(m_question, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 0, 8, 0);
    layout->setSpacing(0);
    layout->addLayout(head);
    layout->addLayout(body, 1);

    connect(m_back, &QPushButton::clicked, this, &LessonPanel::backRequested);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::nextRequested);
    connect(m_close, &QPushButton::clicked, this, &LessonPanel::closeRequested);
    m_question->hide();
    for (QLabel *label : wrappedLabels())
        label->installEventFilter(this);
}

void LessonPanel::applyFonts()
{
    // Read by a class: the text larger than the panels' labels, in whatever font the window uses
    // (presentation mode makes it 1.5x), and the title bold.
    m_text->setFont(readableFont(font(), 1.1));
    QFont bold = readableFont(font(), 1.1);
    bold.setBold(true);
    m_title->setFont(bold);
    fitText();
}

void LessonPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
}

void LessonPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitText();
}

bool LessonPanel::eventFilter(QObject *watched, QEvent *event)
{
    // A label's width changes without the panel's when the question beside the text comes or goes.
    if (event->type() == QEvent::Resize && wrappedLabels().contains(qobject_cast<QLabel *>(watched))
        && static_cast<QResizeEvent *>(event)->size().width() != static_cast<QResizeEvent *>(event)->oldSize().width())
        fitText();
    return QWidget::eventFilter(watched, event);
}

QList<QLabel *> LessonPanel::wrappedLabels() const
{
    return QList<QLabel *>{m_title, m_text} + m_question->wrappedLabels();
}

void LessonPanel::fitText()
{
    // A dock does not ask a word-wrapped label for its height at its width: each label asks for
    // the lines it has at the width it got. A label's height for a width is never below its
    // minimum: that is lifted while it measures, or the band could only ever grow.
    bool changed = false;
    for (QLabel *label : wrappedLabels()) {
        if (label->width() <= 0 || label->isHidden())
            continue;
        const int least = label->minimumHeight();
        label->setMinimumHeight(0);
        const int h = label->heightForWidth(label->width());
        label->setMinimumHeight(h > 0 ? h : least);
        changed = changed || label->minimumHeight() != least;
    }
    if (changed)
        emit textHeightChanged();
}

void LessonPanel::showStep(const QString &title, int index, int count, const QString &text)
{
    m_title->setText(title);
    m_position->setText(tr("step %1 of %2").arg(index + 1).arg(count));
    m_text->setText(text);
    fitText();
    m_back->setEnabled(index > 0);
    m_next->setText(index + 1 < count ? tr("Next") : tr("End"));
    m_next->setToolTip(index + 1 < count ? tr("Reveal the answer, then the next step (Page Down)")
                                         : tr("Reveal the answer, then end the lesson: your own settings come back (Page Down)"));
    m_question->hide();
}

void LessonPanel::setQuestionVisible(bool on)
{
    m_question->setVisible(on);
}

QString LessonPanel::stepText() const
{
    return m_text->text();
}

QString LessonPanel::positionText() const
{
    return m_position->text();
}

} // namespace bplab
