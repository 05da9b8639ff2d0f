#include "questionbox.h"

#include "uiformat.h"

#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace bplab {

QuestionBox::QuestionBox(QWidget *parent)
    : QWidget(parent)
    , m_question(new QLabel)
    , m_field(new QLineEdit)
    , m_answer(new QPushButton(tr("&Answer")))
    , m_reveal(new QPushButton(tr("Re&veal")))
    , m_result(new QLabel)
{
    setObjectName(QStringLiteral("questionBox"));
    m_question->setWordWrap(true);
    m_question->setObjectName(QStringLiteral("questionText"));
    QFont bold = m_question->font();
    bold.setBold(true);
    m_question->setFont(bold);
    m_field->setObjectName(QStringLiteral("answerField"));
    m_field->setClearButtonEnabled(true);
    m_result->setWordWrap(true);
    m_result->setObjectName(QStringLiteral("questionResult"));
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_answer->setToolTip(tr("Record this answer (Enter); the next student types theirs"));
    m_reveal->setToolTip(tr("Show the value the app computes and how many answers were right (Enter on an empty field)"));

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(2);
    grid->addWidget(m_question, 0, 0, 1, 3);
    grid->addWidget(m_field, 1, 0);
    grid->addWidget(m_answer, 1, 1);
    grid->addWidget(m_reveal, 1, 2);
    grid->addWidget(m_result, 2, 0, 1, 3);
    grid->setColumnStretch(0, 1);

    connect(m_field, &QLineEdit::returnPressed, this, &QuestionBox::submit);
    connect(m_answer, &QPushButton::clicked, this, &QuestionBox::submit);
    connect(m_reveal, &QPushButton::clicked, this, &QuestionBox::revealRequested);
}

void QuestionBox::ask(const QString &question, const QString &hint)
{
    m_revealed = false;
    for (QWidget *w : std::initializer_list<QWidget *>{m_field, m_answer, m_reveal})
        w->show();
    m_question->setText(question);
    m_field->clear();
    m_field->setPlaceholderText(hint);
    m_field->setEnabled(true);
    m_answer->setEnabled(true);
    m_result->setText(tr("Answer first, then reveal."));
    // The class types at once; Page Up/Page Down still reach the window (a line edit has no use
    // for them).
    if (isVisibleTo(window()))
        m_field->setFocus(Qt::OtherFocusReason);
}

void QuestionBox::submit()
{
    const QString answer = m_field->text().trimmed();
    if (answer.isEmpty()) {
        emit revealRequested();
        return;
    }
    emit answered(answer);
}

void QuestionBox::focusAnswer()
{
    if (m_field->isEnabled())
        m_field->setFocus(Qt::OtherFocusReason);
}

void QuestionBox::showRecorded(int answers)
{
    m_field->clear();
    m_field->setFocus();
    m_result->setText(answers == 1 ? tr("1 answer recorded. The next one, or Reveal.")
                                   : tr("%1 answers recorded. The next one, or Reveal.").arg(answers));
}

void QuestionBox::showReveal(const QString &truth, const QString &verdict, int right, int answers)
{
    m_revealed = true;
    m_field->setEnabled(false);
    m_answer->setEnabled(false);
    // Nothing more to type: the answer's row makes way for the result (a projector's band is
    // low), until the next question.
    for (QWidget *w : std::initializer_list<QWidget *>{m_field, m_answer, m_reveal})
        w->hide();
    QString text = tr("The app computes: %1.").arg(truth);
    if (!verdict.isEmpty())
        text += QLatin1Char(' ') + verdict;
    if (answers > 0)
        text += QLatin1Char(' ') + tr("%1 of %2 answers were right.").arg(right).arg(answers);
    else
        text += QLatin1Char(' ') + tr("No answers were recorded.");
    m_result->setText(text);
}

void QuestionBox::showProblem(const QString &message)
{
    m_result->setText(message);
}

QString QuestionBox::question() const
{
    return m_question->text();
}

QString QuestionBox::resultText() const
{
    return m_result->text();
}

} // namespace bplab
