#pragma once
// The classroom server: off until start(), then Qt's HTTP server on one address and port serves
// the page (resources/classroom: "/", "/classroom.css", "/classroom.js"; any other path is 404) and
// takes WebSocket connections at "/ws" from its own page only (pageorigin.h). A connection becomes
// a student only with the current join code (six digits, new at every start); every frame is
// checked (classroommessage.h), each connection is held to a message rate, a silent one is
// dropped, so are slow or idle HTTP connections (connectiongate.h), and stop() ends them all.
// It never writes a file. GUI thread only (Qt's sockets live in the thread that made them). Its
// texts are the protocol's and the log's, in English like the page; the window words its own.

#include "classroommessage.h"
#include "messagerate.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <memory>

class QHttpServer;
class QTimer;
class QWebSocket;

namespace bplab::classroom {

class ClassroomServer : public QObject
{
    Q_OBJECT
public:
    struct Limits
    {
        int maxStudents = 60;     ///< joined students
        int maxConnections = 90;  ///< open WebSockets, joined or not
        double messagesPerSecond = 5;
        int silenceMs = 60000;    ///< a connection silent this long is dropped (the page beats every 20 s)
        int joinMs = 15000;       ///< a connection that has not joined by then is dropped
        int floodLimit = 20;      ///< refused messages over the rate in a row before the connection is dropped
        int maxOpenConnections = 150; ///< TCP connections at once, page requests and WebSockets
        int httpMs = 10000;       ///< a connection still speaking HTTP after this long is closed
    };

    explicit ClassroomServer(QObject *parent = nullptr);
    ~ClassroomServer() override;

    /** Listens on address:port (0: a free port) with a new join code. False (and errorString())
     *  when it cannot; a running server is stopped first. */
    bool start(const QHostAddress &address, quint16 port);
    /** Closes every connection (each told "bye") and stops listening. */
    void stop();
    bool isRunning() const { return m_http != nullptr; }
    QString errorString() const { return m_error; }
    QHostAddress address() const { return m_address; }
    quint16 port() const { return m_port; }
    /** http://ADDRESS:PORT/ */
    QUrl url() const;
    /** The six digits of this start ("" while stopped). */
    QString code() const { return m_code; }
    int studentCount() const;
    void setLimits(const Limits &limits) { m_limits = limits; }
    const Limits &limits() const { return m_limits; }

    /** Opens a question for every student (and those who join later): its text and kind
     *  (classroommessage.h); each student may answer it once until it is revealed or replaced. */
    void askQuestion(const QString &text, const QString &kind);
    /** Closes the question: every student sees its true value. */
    void revealQuestion(const QString &value);
    /** No question open (the lesson moved on to a step without one, or closed). */
    void clearQuestion();

    /** Asks every student (and those who join later) to draw `digit`: a drawing sent for the
     *  request carries it as its label. -1 ends the request; a new one replaces the last. */
    void askForDigit(int digit);
    /** The digit asked for (-1: none). */
    int promptDigit() const { return m_promptDigit; }

    /** Sends the answer to drawing `drawingId` to the student who sent it (nothing if gone). */
    void sendAnswer(int drawingId, int digit, const std::array<float, 10> &probabilities, const QString &note);

signals:
    void runningChanged(bool running);
    /** The number of joined students changed. */
    void studentsChanged(int count);
    /** A joined student's drawing, checked; answer it with sendAnswer(drawingId, ...). `label`
     *  is the digit the teacher asked for when it was drawn for the open request, else -1. */
    void drawingReceived(int drawingId, const QString &nick, const QVector<bplab::classroom::ClassStroke> &strokes, int label);
    /** A joined student's answer to the open question (one per student and question). */
    void responseReceived(const QString &nick, const QString &value);
    /** A connection's first refused message (later ones are answered but not reported again). */
    void clientRefused(const QString &what);

private:
    struct Client
    {
        int id = 0;
        bool joined = false;
        bool reported = false;
        int overRate = 0;
        int answeredQuestion = 0; // the question id this student answered (0: none)
        QString nick;
        MessageRate rate;
        QElapsedTimer heard;     // since the last frame
        QElapsedTimer connected; // since the connection
    };

    void acceptConnections();
    void onText(QWebSocket *socket, const QString &text);
    void onBinary(QWebSocket *socket);
    void refuse(QWebSocket *socket, const MessageError &error);
    void drop(QWebSocket *socket, const QString &reason);
    void checkSilence();
    void routePage();

    Limits m_limits;
    QHttpServer *m_http = nullptr;
    QTimer *m_sweep = nullptr;
    QHostAddress m_address;
    quint16 m_port = 0;
    QString m_code;
    QString m_error;
    QHash<QWebSocket *, Client> m_clients;
    QHash<int, QPointer<QWebSocket>> m_drawings; // drawing id -> who sent it, until answered
    int m_nextClient = 1;
    int m_questionId = 0;     // the open question's (0: none)
    bool m_questionOpen = false;
    bool m_originReported = false; // a refused origin was logged since the start
    QByteArray m_question;    // its message, for students who join later
    int m_nextDrawing = 1;
    int m_promptId = 0;       // the last request's (0: none yet)
    int m_promptDigit = -1;   // what it asks for (-1: no request open)
    QElapsedTimer m_clock;
};

} // namespace bplab::classroom
