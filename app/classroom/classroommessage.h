#pragma once
// The classroom's messages, checked against their schema with bounds before anything acts on them.
// A student's browser sends JSON text frames:
//   {"type":"join","code":"123456","nick":"Ann"}        nick optional: 1-24 printable characters
//   {"type":"drawing","strokes":[[x,y,x,y,...],...]}    canvas units 0..kCanvasSide, at most
//                                                        kMaxStrokes strokes, kMaxPoints points;
//                         optional "prompt":N            drawn for the teacher's request N
//                                                        ("draw a 7"), which labels it
//   {"type":"heartbeat"}
//   {"type":"response","value":"7"}                    an answer to the lesson's question: 1-16
//                                                        printable characters
// and gets {"type":"joined"}, {"type":"refused"}, {"type":"answer",...} (the network's answer to
// a drawing), {"type":"question",...}, {"type":"reveal",...}, {"type":"error",...} and
// {"type":"prompt",...} and {"type":"bye"} (classroomserver.h). Nothing here has state: a message is parsed alone.

#include <QByteArray>
#include <QString>
#include <QVector>

#include <array>
#include <variant>

namespace bplab::classroom {

/** The page's canvas: a square of this many units a side (the Draw view's canvas, too). */
inline constexpr int kCanvasSide = 400;
/** The pen's diameter in canvas units (the Draw view's default pen). */
inline constexpr float kPenWidth = 24.f;
inline constexpr int kMaxStrokes = 40;
inline constexpr int kMaxPoints = 1500;
/** A frame larger than this is refused before it is parsed (a drawing's JSON is a few KB). */
inline constexpr int kMaxFrameBytes = 16 * 1024;
inline constexpr int kCodeDigits = 6;
inline constexpr int kMaxNickLength = 24;
inline constexpr int kMaxResponseLength = 16;
/** The teacher's requests are numbered from 1 in a run; a larger number cannot be one. */
inline constexpr int kMaxPromptId = 1000000000;

/** A stroke as the canvas drew it: points in canvas units. */
struct ClassStroke
{
    QVector<float> xy; ///< x0, y0, x1, y1, ...
};

struct JoinMessage
{
    QString code;
    QString nick; ///< "" when none was given
};
struct DrawingMessage
{
    QVector<ClassStroke> strokes;
    int prompt = 0; ///< the request it answers (0: drawn freely)
};
struct HeartbeatMessage
{
};
/** A student's answer to the current question, as typed or chosen ("7", "yes", "+", "0.53"). */
struct ResponseMessage
{
    QString value;
};
/** Why a frame was refused: a short code for the page and a sentence for the log. */
struct MessageError
{
    QString code;   ///< "json", "type", "field", "range", "size"
    QString reason; ///< "strokes[2] has a point outside the canvas"
};

using ClassMessage = std::variant<JoinMessage, DrawingMessage, HeartbeatMessage, ResponseMessage, MessageError>;

/** Parses and checks one text frame; a MessageError for anything outside the schema. */
ClassMessage parseClassMessage(const QByteArray &frame);

/** True for a nickname of 1-kMaxNickLength printable characters (no control characters). */
bool isValidNick(const QString &nick);

/** The replies the page reads. */
QByteArray joinedReply(const QString &nick);
QByteArray refusedReply(const QString &reason);
QByteArray errorReply(const MessageError &error);
QByteArray byeReply(const QString &reason);
/** The network's answer to drawing `id`: its digit (-1: no answer, `note` says why: "ink" for a
 *  drawing without any, "weights" while the network has none) and ten probabilities. */
QByteArray answerReply(int id, int digit, const std::array<float, 10> &probabilities, const QString &note);
/** The lesson's question: its text and what kind of answer it takes ("class", "yesno", "sign",
 *  "number", "run"); an empty text means no question is open. */
QByteArray questionMessage(int id, const QString &text, const QString &kind);
/** The teacher's request "draw a `digit`" (-1: none any more); drawings sent for it name `id`. */
QByteArray promptMessage(int id, int digit);
/** The question's true value, shown at the teacher's reveal. */
QByteArray revealMessage(int id, const QString &value);

} // namespace bplab::classroom
