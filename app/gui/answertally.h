#pragma once
// The class's answers to one question: each recorded as given, judged when the true value is
// revealed (lessonanswer.h), so that the teacher can say "12 of 20 were right". Shared by the
// lesson panel and the Step view's Predict first.

#include <lesson/lessonanswer.h>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace bplab {

/** What to type for a question of that kind ("type a class, 0-9, and Enter"). */
inline QString answerHint(Quantity quantity)
{
    if (quantity == Quantity::CompareBest || quantity == Quantity::CompareSmallestGradient)
        return QCoreApplication::translate("bplab", "type a run's number, 1-4, and Enter");
    switch (answerKindOf(quantity)) {
    case AnswerKind::Class: return QCoreApplication::translate("bplab", "type a class, 0-9, and Enter");
    case AnswerKind::YesNo: return QCoreApplication::translate("bplab", "type yes or no, and Enter");
    case AnswerKind::Sign: return QCoreApplication::translate("bplab", "type +, - or 0, and Enter");
    case AnswerKind::Number: return QCoreApplication::translate("bplab", "type a number, and Enter");
    }
    return {};
}

// The words the answers are judged in (lessonanswer.h), marked for translation: a class answers
// in its own language, and the revealed value is shown in it.
inline constexpr const char *kAnswerWords[] = {
    QT_TRANSLATE_NOOP("bplab", "yes"),      QT_TRANSLATE_NOOP("bplab", "no"),
    QT_TRANSLATE_NOOP("bplab", "positive"), QT_TRANSLATE_NOOP("bplab", "negative"),
    QT_TRANSLATE_NOOP("bplab", "zero"),
};

/** An answer as the judge reads it: a translated answer word becomes its English form. */
inline QString judgedForm(const QString &given)
{
    const QString g = given.trimmed();
    for (const char *word : kAnswerWords)
        if (g.compare(QCoreApplication::translate("bplab", word), Qt::CaseInsensitive) == 0)
            return QString::fromLatin1(word);
    return g;
}

/** A true value as shown: an answer word in the user's language, a number as it is. */
inline QString shownAnswer(const std::string &text)
{
    for (const char *word : kAnswerWords)
        if (text == word)
            return QCoreApplication::translate("bplab", word);
    return QString::fromStdString(text);
}

struct AnswerTally
{
    QStringList answers;
    int right = 0;
    bool lastRight = false;
    bool revealed = false;

    /** Records `given` unless it is not of the question's kind ("seven" for a class): then the
     *  message for the person, and nothing is counted. */
    QString record(const LessonQuestion &q, const QString &given)
    {
        TrueAnswer any;
        any.kind = answerKindOf(q.quantity);
        if (const Result<bool> form = isRightAnswer(q, any, judgedForm(given).toStdString()); !form)
            return QCoreApplication::translate("bplab", "Not taken: %1").arg(answerHint(q.quantity));
        answers << given;
        return {};
    }

    /** Judges every answer against the true value. */
    void judge(const LessonQuestion &q, const TrueAnswer &truth)
    {
        right = 0;
        lastRight = false;
        for (const QString &a : std::as_const(answers)) {
            const Result<bool> r = isRightAnswer(q, truth, judgedForm(a).toStdString());
            lastRight = r && *r;
            right += lastRight ? 1 : 0;
        }
        revealed = true;
    }

    /** "The last answer, 7, is right." (empty without answers). */
    QString verdict() const
    {
        if (answers.isEmpty())
            return {};
        return lastRight ? QCoreApplication::translate("bplab", "The last answer, %1, is right.").arg(answers.last())
                         : QCoreApplication::translate("bplab", "The last answer, %1, is not.").arg(answers.last());
    }
};

} // namespace bplab
