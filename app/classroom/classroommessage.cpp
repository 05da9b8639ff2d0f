#include "classroommessage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <io/json.h>

#include <cmath>

namespace bplab::classroom {

namespace {

MessageError fail(const char *code, const QString &reason)
{
    return MessageError{QString::fromLatin1(code), reason};
}

/** Only these keys, so that a message cannot smuggle anything the schema does not name. */
bool onlyKeys(const QJsonObject &o, std::initializer_list<const char *> keys)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        bool known = false;
        for (const char *k : keys)
            known = known || it.key() == QLatin1String(k);
        if (!known)
            return false;
    }
    return true;
}

ClassMessage parseJoin(const QJsonObject &o)
{
    if (!onlyKeys(o, {"type", "code", "nick"}))
        return fail("field", QStringLiteral("join has an unknown field"));
    const QJsonValue code = o.value(QLatin1String("code"));
    if (!code.isString())
        return fail("field", QStringLiteral("join needs a code (a string of %1 digits)").arg(kCodeDigits));
    const QString c = code.toString();
    bool digits = c.size() == kCodeDigits;
    for (QChar ch : c)
        digits = digits && ch >= QLatin1Char('0') && ch <= QLatin1Char('9');
    if (!digits)
        return fail("range", QStringLiteral("the code must be %1 digits").arg(kCodeDigits));
    JoinMessage join{c, {}};
    if (o.contains(QLatin1String("nick"))) {
        const QJsonValue nick = o.value(QLatin1String("nick"));
        if (!nick.isString())
            return fail("field", QStringLiteral("nick must be a string"));
        join.nick = nick.toString();
        if (!join.nick.isEmpty() && !isValidNick(join.nick))
            return fail("range", QStringLiteral("a nickname is 1-%1 printable characters").arg(kMaxNickLength));
    }
    return join;
}

ClassMessage parseDrawing(const QJsonObject &o)
{
    if (!onlyKeys(o, {"type", "strokes", "prompt"}))
        return fail("field", QStringLiteral("drawing has an unknown field"));
    int prompt = 0;
    if (o.contains(QLatin1String("prompt"))) {
        const QJsonValue v = o.value(QLatin1String("prompt"));
        const double n = v.toDouble(-1);
        if (!v.isDouble() || n != std::floor(n))
            return fail("field", QStringLiteral("prompt must be a whole number"));
        if (n < 1 || n > kMaxPromptId)
            return fail("range", QStringLiteral("prompt is 1-%1").arg(kMaxPromptId));
        prompt = int(n);
    }
    const QJsonValue strokes = o.value(QLatin1String("strokes"));
    if (!strokes.isArray())
        return fail("field", QStringLiteral("drawing needs strokes (an array)"));
    const QJsonArray list = strokes.toArray();
    if (list.isEmpty() || list.size() > kMaxStrokes)
        return fail("range", QStringLiteral("a drawing has 1-%1 strokes").arg(kMaxStrokes));
    DrawingMessage d;
    d.prompt = prompt;
    int points = 0;
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list.at(i).isArray())
            return fail("field", QStringLiteral("strokes[%1] is not an array").arg(i));
        const QJsonArray xy = list.at(i).toArray();
        if (xy.isEmpty() || xy.size() % 2 != 0)
            return fail("field", QStringLiteral("strokes[%1] needs pairs of x, y").arg(i));
        points += int(xy.size() / 2);
        if (points > kMaxPoints)
            return fail("range", QStringLiteral("a drawing has at most %1 points").arg(kMaxPoints));
        ClassStroke s;
        s.xy.reserve(xy.size());
        for (const QJsonValue &v : xy) {
            if (!v.isDouble())
                return fail("field", QStringLiteral("strokes[%1] has a value that is not a number").arg(i));
            const double c = v.toDouble();
            if (!std::isfinite(c) || c < 0 || c > kCanvasSide)
                return fail("range", QStringLiteral("strokes[%1] has a point outside the canvas").arg(i));
            s.xy.append(float(c));
        }
        d.strokes.append(std::move(s));
    }
    return d;
}

/** A reply as one line of JSON, its members in the order given: "type" first, as the page reads it. */
QByteArray messageText(std::initializer_list<std::pair<const char *, Json>> members)
{
    Json o = Json::object();
    for (const auto &[key, value] : members)
        o[key] = value;
    return QByteArray::fromStdString(jsonText(o));
}

Json jsonStringOf(const QString &s)
{
    return s.toStdString();
}

} // namespace

bool isValidNick(const QString &nick)
{
    // Counted in UTF-16 units: an emoji counts twice, which only makes the bound stricter.
    if (nick.isEmpty() || nick.size() > kMaxNickLength || nick.trimmed().isEmpty())
        return false;
    for (QChar ch : nick)
        if (!ch.isPrint() && !ch.isSurrogate())
            return false;
    return true;
}

ClassMessage parseClassMessage(const QByteArray &frame)
{
    if (frame.size() > kMaxFrameBytes)
        return fail("size", QStringLiteral("a message is at most %1 bytes").arg(kMaxFrameBytes));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(frame, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return fail("json", QStringLiteral("not a JSON object"));
    const QJsonObject o = doc.object();
    const QJsonValue type = o.value(QLatin1String("type"));
    if (!type.isString())
        return fail("type", QStringLiteral("a message needs a type"));
    const QString t = type.toString();
    if (t == QLatin1String("join"))
        return parseJoin(o);
    if (t == QLatin1String("drawing"))
        return parseDrawing(o);
    if (t == QLatin1String("response")) {
        if (!onlyKeys(o, {"type", "value"}))
            return fail("field", QStringLiteral("response has an unknown field"));
        const QJsonValue v = o.value(QLatin1String("value"));
        if (!v.isString())
            return fail("field", QStringLiteral("response needs a value (a string)"));
        const QString value = v.toString().trimmed();
        bool printable = !value.isEmpty() && value.size() <= kMaxResponseLength;
        for (QChar ch : value)
            printable = printable && ch.isPrint();
        if (!printable)
            return fail("range", QStringLiteral("an answer is 1-%1 printable characters").arg(kMaxResponseLength));
        return ResponseMessage{value};
    }
    if (t == QLatin1String("heartbeat")) {
        if (!onlyKeys(o, {"type"}))
            return fail("field", QStringLiteral("heartbeat has an unknown field"));
        return HeartbeatMessage{};
    }
    return fail("type", QStringLiteral("unknown message type"));
}

QByteArray joinedReply(const QString &nick)
{
    return messageText({{"type", "joined"}, {"nick", jsonStringOf(nick)}});
}

QByteArray refusedReply(const QString &reason)
{
    return messageText({{"type", "refused"}, {"reason", jsonStringOf(reason)}});
}

QByteArray errorReply(const MessageError &error)
{
    return messageText({{"type", "error"}, {"error", jsonStringOf(error.code)}, {"reason", jsonStringOf(error.reason)}});
}

QByteArray byeReply(const QString &reason)
{
    return messageText({{"type", "bye"}, {"reason", jsonStringOf(reason)}});
}

QByteArray answerReply(int id, int digit, const std::array<float, 10> &probabilities, const QString &note)
{
    Json p = Json::array();
    for (float v : probabilities) // four decimals: the page shows percentages to one decimal
        p.push_back(jsonNumberOf(std::round(double(v) * 10000.0) / 10000.0));
    return messageText({{"type", "answer"}, {"id", id}, {"digit", digit}, {"probabilities", std::move(p)}, {"note", jsonStringOf(note)}});
}

QByteArray questionMessage(int id, const QString &text, const QString &kind)
{
    return messageText({{"type", "question"}, {"id", id}, {"text", jsonStringOf(text)}, {"kind", jsonStringOf(kind)}});
}

QByteArray promptMessage(int id, int digit)
{
    return messageText({{"type", "prompt"}, {"id", id}, {"digit", digit}});
}

QByteArray revealMessage(int id, const QString &value)
{
    return messageText({{"type", "reveal"}, {"id", id}, {"value", jsonStringOf(value)}});
}

} // namespace bplab::classroom
