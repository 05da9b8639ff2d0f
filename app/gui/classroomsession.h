#pragma once
// The classroom as the app runs it: the server (app/classroom), the class's drawings, and their
// answers computed on the weights the views show, with the Draw view's preprocessing. It owns the
// drawings; the Class view's panel shows them. GUI thread only.

#include <classroomserver.h>
#include <greyimage.h>
#include <nn/params.h>
#include <result.h>

#include <QMap>
#include <QObject>
#include <QVector>

#include <array>
#include <cstdint>

namespace bplab {

class TrainingController;

class ClassroomSession : public QObject
{
    Q_OBJECT
public:
    /** A drawing a student sent, preprocessed as the Draw view does, and the network's answer. */
    struct Drawing
    {
        int id = 0;
        QString nick;
        GreyImage raw;                              ///< the strokes rendered (ink white on black)
        std::array<std::uint8_t, kInputs> input{}; ///< the 28x28 bytes the network saw
        std::array<float, 10> probabilities{};
        int digit = -1; ///< -1: no answer (no weights yet, or no ink)
        int label = -1; ///< the teacher's label, or the digit asked for when it was drawn (-1: none)
        bool ink = false; ///< the strokes left ink (a drawing without any has no answer)
    };
    /** The most drawings kept; older ones go first (the memory stays bounded). */
    static constexpr int kMaxDrawings = 600;

    explicit ClassroomSession(TrainingController *controller, QObject *parent = nullptr);

    classroom::ClassroomServer *server() const { return m_server; }
    /** Starts the server and prints "classroom: http://ADDRESS:PORT/ code NNNNNN" on the standard
     *  output at once. False (with the server's errorString()) when it cannot listen. */
    bool start(const QHostAddress &address, quint16 port);
    void stop();

    const QVector<Drawing> &drawings() const { return m_drawings; }
    void remove(int id);
    void setLabel(int id, int label);
    /** Adds the labelled drawings to `folder` as the Draw view's collecting keeps them (the 28x28
     *  input in its IDX files, the drawing under pictures/<label>/) and forgets them here. Returns
     *  how many were added. */
    Result<int> collect(const QString &folder);

    /** The lesson's question for the class: its answers are counted from here on, shown to
     *  nobody until reveal(). An empty text closes it. */
    void ask(const QString &text, const QString &kind);
    /** The question's true value: every student sees it, and the Class view the answers. */
    void reveal(const QString &value);
    QString question() const { return m_question; }
    /** How many students gave each answer to the open question. */
    const QMap<QString, int> &responses() const { return m_responses; }
    bool revealed() const { return m_revealed; }
    QString truth() const { return m_truth; }

    /** The answer for strokes in the page's canvas units with the current weights. */
    Drawing answer(const QVector<classroom::ClassStroke> &strokes) const;

signals:
    void drawingsChanged();
    /** The question, its answers or its reveal changed. */
    void responsesChanged();
    /** A student's answer to the open question, for the lesson's tally. */
    void responseGiven(const QString &value);

private:
    void onDrawing(int id, const QString &nick, const QVector<classroom::ClassStroke> &strokes, int label);

    TrainingController *m_controller;
    classroom::ClassroomServer *m_server;
    QVector<Drawing> m_drawings;
    QString m_question;
    QMap<QString, int> m_responses;
    bool m_revealed = false;
    QString m_truth;
};

} // namespace bplab
