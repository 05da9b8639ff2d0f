#include "classroomserver.h"

#include "connectiongate.h"
#include "pageorigin.h"

#include <QFile>
#include <QHttpServer>
#include <QHttpServerResponse>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTimer>
#include <QWebSocket>

#include <algorithm>

namespace bplab::classroom {

namespace {

/** A resource of the page with the headers that keep it to itself: nothing is loaded from
 *  elsewhere (the page has no outside file), nothing cached, no type guessed. */
QHttpServerResponse pageFile(const char *resource, const char *mimeType)
{
    QFile f(QString::fromLatin1(resource));
    if (!f.open(QIODevice::ReadOnly))
        return QHttpServerResponse(QHttpServerResponder::StatusCode::NotFound);
    QHttpServerResponse r(QByteArray(mimeType), f.readAll());
    r.addHeader("Cache-Control", "no-store");
    r.addHeader("X-Content-Type-Options", "nosniff");
    r.addHeader("Content-Security-Policy",
                "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
                "base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    r.addHeader("Referrer-Policy", "no-referrer");
    return r;
}

QString newCode(const QString &previous)
{
    QString code;
    do
        code = QStringLiteral("%1").arg(QRandomGenerator::system()->bounded(1000000), kCodeDigits, 10, QLatin1Char('0'));
    while (code == previous);
    return code;
}

} // namespace

ClassroomServer::ClassroomServer(QObject *parent) : QObject(parent)
{
    m_clock.start();
}

ClassroomServer::~ClassroomServer()
{
    stop();
}

QUrl ClassroomServer::url() const
{
    if (!isRunning())
        return {};
    QUrl u;
    u.setScheme(QStringLiteral("http"));
    u.setHost(m_address.toString());
    u.setPort(m_port);
    u.setPath(QStringLiteral("/"));
    return u;
}

int ClassroomServer::studentCount() const
{
    return int(std::count_if(m_clients.begin(), m_clients.end(), [](const Client &c) { return c.joined; }));
}

void ClassroomServer::routePage()
{
    using Method = QHttpServerRequest::Method;
    m_http->route(QStringLiteral("/"), Method::Get, [] { return pageFile(":/classroom/index.html", "text/html; charset=utf-8"); });
    m_http->route(QStringLiteral("/classroom.css"), Method::Get,
                  [] { return pageFile(":/classroom/classroom.css", "text/css; charset=utf-8"); });
    m_http->route(QStringLiteral("/classroom.js"), Method::Get,
                  [] { return pageFile(":/classroom/classroom.js", "text/javascript; charset=utf-8"); });
    // The WebSocket's path. Qt 6.4 upgrades a connection only where a route handles the request,
    // and only if that route writes nothing (its reply would reach the browser before the
    // handshake): the upgrade is left alone, a plain request gets 404 like any unknown path.
    m_http->route(QStringLiteral("/ws"), [](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        if (request.value(QByteArrayLiteral("upgrade")).compare(QByteArrayLiteral("websocket"), Qt::CaseInsensitive) != 0)
            responder.write(QHttpServerResponder::StatusCode::NotFound);
    });
    // Any other path (a file elsewhere, "../", another method) finds no route: 404.
}

bool ClassroomServer::start(const QHostAddress &address, quint16 port)
{
    stop();
    m_error.clear();
    auto *http = new QHttpServer(this);
    m_http = http;
    routePage();
    auto *gate = new ConnectionGate(m_limits.maxOpenConnections, m_limits.httpMs, [this](const QTcpSocket *s) {
        for (auto it = m_clients.cbegin(); it != m_clients.cend(); ++it)
            if (it.key()->peerPort() == s->peerPort() && it.key()->peerAddress() == s->peerAddress())
                return true;
        return false;
    }, http);
    const quint16 bound = gate->listen(address, port) ? gate->serverPort() : 0;
    if (bound != 0)
        http->bind(gate);
    if (bound == 0) {
        m_error = QStringLiteral("Cannot listen on %1 port %2.").arg(address.toString()).arg(port);
        m_http = nullptr;
        delete http;
        return false;
    }
    m_address = address;
    m_port = bound;
    m_code = newCode(m_code);
    m_originReported = false;
    connect(http, &QHttpServer::newWebSocketConnection, this, &ClassroomServer::acceptConnections);
    m_sweep = new QTimer(this);
    m_sweep->setInterval(std::clamp(std::min(m_limits.silenceMs, m_limits.joinMs) / 4, 50, 5000));
    connect(m_sweep, &QTimer::timeout, this, &ClassroomServer::checkSilence);
    m_sweep->start();
    emit runningChanged(true);
    return true;
}

void ClassroomServer::stop()
{
    if (!m_http)
        return;
    const bool hadStudents = studentCount() > 0;
    const QList<QWebSocket *> sockets = m_clients.keys();
    for (QWebSocket *s : sockets)
        drop(s, QStringLiteral("stopped"));
    m_clients.clear();
    m_drawings.clear();
    m_question.clear();
    m_questionOpen = false;
    m_promptDigit = -1;
    delete m_sweep;
    m_sweep = nullptr;
    // Its listening sockets and any HTTP connection still open go with it.
    delete m_http;
    m_http = nullptr;
    m_port = 0;
    m_code.clear();
    if (hadStudents)
        emit studentsChanged(0);
    emit runningChanged(false);
}

void ClassroomServer::acceptConnections()
{
    while (m_http && m_http->hasPendingWebSocketConnections()) {
        QWebSocket *s = m_http->nextPendingWebSocketConnection().release();
        if (!s)
            continue;
        s->setParent(this);
        // A larger frame is refused by the socket itself (close code 1009) before it is buffered.
        s->setMaxAllowedIncomingFrameSize(kMaxFrameBytes);
        s->setMaxAllowedIncomingMessageSize(kMaxFrameBytes);
        s->setReadBufferSize(kMaxFrameBytes * 2);
        // Another site's page in a student's browser gets nothing: not even the join.
        if (!isPageOrigin(s->origin(), m_address, m_port)) {
            s->sendTextMessage(QString::fromUtf8(errorReply({QStringLiteral("origin"), QStringLiteral("only the class's own page may connect")})));
            s->close(QWebSocketProtocol::CloseCodePolicyViolated);
            s->deleteLater();
            // Such a page may try again and again: the log says it once a start.
            if (!m_originReported) {
                m_originReported = true;
                emit clientRefused(QStringLiteral("A WebSocket from another page (origin \"%1\") was refused.").arg(s->origin().left(80)));
            }
            continue;
        }
        if (s->requestUrl().path() != QLatin1String("/ws") || m_clients.size() >= m_limits.maxConnections) {
            const QString why = s->requestUrl().path() != QLatin1String("/ws") ? QStringLiteral("path") : QStringLiteral("full");
            s->sendTextMessage(QString::fromUtf8(byeReply(why)));
            s->close(QWebSocketProtocol::CloseCodePolicyViolated);
            s->deleteLater();
            if (why == QLatin1String("path"))
                emit clientRefused(QStringLiteral("A WebSocket asked for %1: only /ws answers.").arg(s->requestUrl().path()));
            continue;
        }
        Client c;
        c.id = m_nextClient++;
        c.rate = MessageRate(m_limits.messagesPerSecond, m_limits.messagesPerSecond);
        c.heard.start();
        c.connected.start();
        m_clients.insert(s, c);
        connect(s, &QWebSocket::textMessageReceived, this, [this, s](const QString &t) { onText(s, t); });
        connect(s, &QWebSocket::binaryMessageReceived, this, [this, s](const QByteArray &) { onBinary(s); });
        connect(s, &QWebSocket::disconnected, this, [this, s] {
            const auto it = m_clients.find(s);
            if (it == m_clients.end())
                return;
            const bool joined = it->joined;
            m_clients.erase(it);
            s->deleteLater();
            if (joined)
                emit studentsChanged(studentCount());
        });
    }
}

void ClassroomServer::refuse(QWebSocket *socket, const MessageError &error)
{
    const auto it = m_clients.find(socket);
    if (it == m_clients.end())
        return;
    socket->sendTextMessage(QString::fromUtf8(errorReply(error)));
    if (!it->reported) {
        it->reported = true;
        emit clientRefused(QStringLiteral("Connection %1 (%2): %3").arg(it->id).arg(socket->peerAddress().toString(), error.reason));
    }
}

void ClassroomServer::drop(QWebSocket *socket, const QString &reason)
{
    const auto it = m_clients.find(socket);
    if (it == m_clients.end())
        return;
    const bool joined = it->joined;
    m_clients.erase(it);
    socket->disconnect(this);
    socket->sendTextMessage(QString::fromUtf8(byeReply(reason)));
    socket->close(QWebSocketProtocol::CloseCodeNormal, reason);
    socket->deleteLater();
    if (joined && isRunning() && m_sweep)
        emit studentsChanged(studentCount());
}

void ClassroomServer::onBinary(QWebSocket *socket)
{
    if (const auto it = m_clients.find(socket); it != m_clients.end())
        it->heard.restart();
    refuse(socket, {QStringLiteral("type"), QStringLiteral("binary frames are not part of the protocol")});
}

void ClassroomServer::onText(QWebSocket *socket, const QString &text)
{
    auto it = m_clients.find(socket);
    if (it == m_clients.end())
        return;
    it->heard.restart();
    if (!it->rate.allow(m_clock.elapsed())) {
        // A flood is answered once in a while, then ended.
        if (++it->overRate >= m_limits.floodLimit) {
            if (!it->reported)
                emit clientRefused(QStringLiteral("Connection %1 (%2): too many messages").arg(it->id).arg(socket->peerAddress().toString()));
            drop(socket, QStringLiteral("flood"));
        } else if (it->overRate == 1) {
            refuse(socket, {QStringLiteral("rate"), QStringLiteral("at most %1 messages a second").arg(m_limits.messagesPerSecond)});
        }
        return;
    }
    it->overRate = 0;
    const ClassMessage m = parseClassMessage(text.toUtf8());
    if (const auto *e = std::get_if<MessageError>(&m)) {
        refuse(socket, *e);
        return;
    }
    if (std::holds_alternative<HeartbeatMessage>(m))
        return;
    if (const auto *join = std::get_if<JoinMessage>(&m)) {
        if (join->code != m_code) {
            // A wrong or stale code learns nothing but that: the connection ends.
            if (!it->reported)
                emit clientRefused(QStringLiteral("Connection %1 (%2): wrong join code").arg(it->id).arg(socket->peerAddress().toString()));
            socket->sendTextMessage(QString::fromUtf8(refusedReply(QStringLiteral("code"))));
            drop(socket, QStringLiteral("code"));
            return;
        }
        if (it->joined) {
            refuse(socket, {QStringLiteral("state"), QStringLiteral("already joined")});
            return;
        }
        if (studentCount() >= m_limits.maxStudents) {
            socket->sendTextMessage(QString::fromUtf8(refusedReply(QStringLiteral("full"))));
            drop(socket, QStringLiteral("full"));
            return;
        }
        it->joined = true;
        it->nick = join->nick.isEmpty() ? QStringLiteral("Student %1").arg(it->id) : join->nick;
        socket->sendTextMessage(QString::fromUtf8(joinedReply(it->nick)));
        if (!m_question.isEmpty())
            socket->sendTextMessage(QString::fromUtf8(m_question));
        if (m_promptDigit >= 0)
            socket->sendTextMessage(QString::fromUtf8(promptMessage(m_promptId, m_promptDigit)));
        emit studentsChanged(studentCount());
        return;
    }
    if (const auto *response = std::get_if<ResponseMessage>(&m)) {
        if (!it->joined) {
            refuse(socket, {QStringLiteral("state"), QStringLiteral("join with the code first")});
        } else if (!m_questionOpen) {
            refuse(socket, {QStringLiteral("state"), QStringLiteral("no question is open")});
        } else if (it->answeredQuestion == m_questionId) {
            refuse(socket, {QStringLiteral("state"), QStringLiteral("already answered")});
        } else {
            it->answeredQuestion = m_questionId;
            emit responseReceived(it->nick, response->value);
        }
        return;
    }
    const auto &drawing = std::get<DrawingMessage>(m);
    if (!it->joined) {
        refuse(socket, {QStringLiteral("state"), QStringLiteral("join with the code first")});
        return;
    }
    const int id = m_nextDrawing++;
    m_drawings.insert(id, socket);
    // Drawn for a request the teacher has since ended or replaced: no label rather than a wrong one.
    const int label = drawing.prompt != 0 && drawing.prompt == m_promptId ? m_promptDigit : -1;
    emit drawingReceived(id, it->nick, drawing.strokes, label);
}

void ClassroomServer::askQuestion(const QString &text, const QString &kind)
{
    m_question = questionMessage(++m_questionId, text, kind);
    m_questionOpen = true;
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it)
        if (it->joined)
            it.key()->sendTextMessage(QString::fromUtf8(m_question));
}

void ClassroomServer::askForDigit(int digit)
{
    if (digit < 0 || digit > 9) {
        if (m_promptDigit < 0)
            return;
        digit = -1;
    }
    ++m_promptId;
    m_promptDigit = digit;
    const QString message = QString::fromUtf8(promptMessage(m_promptId, digit));
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it)
        if (it->joined)
            it.key()->sendTextMessage(message);
}

void ClassroomServer::revealQuestion(const QString &value)
{
    if (!m_questionOpen)
        return;
    m_questionOpen = false;
    m_question = revealMessage(m_questionId, value);
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it)
        if (it->joined)
            it.key()->sendTextMessage(QString::fromUtf8(m_question));
}

void ClassroomServer::clearQuestion()
{
    if (m_question.isEmpty())
        return;
    m_questionOpen = false;
    m_question = questionMessage(++m_questionId, QString(), QString());
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it)
        if (it->joined)
            it.key()->sendTextMessage(QString::fromUtf8(m_question));
    m_question.clear();
}

void ClassroomServer::sendAnswer(int drawingId, int digit, const std::array<float, 10> &probabilities, const QString &note)
{
    const QPointer<QWebSocket> s = m_drawings.take(drawingId);
    if (s && m_clients.contains(s.data()))
        s->sendTextMessage(QString::fromUtf8(answerReply(drawingId, digit, probabilities, note)));
}

void ClassroomServer::checkSilence()
{
    QList<QPair<QWebSocket *, QString>> gone;
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it) {
        if (it->heard.elapsed() > m_limits.silenceMs)
            gone.append({it.key(), QStringLiteral("silent")});
        else if (!it->joined && it->connected.elapsed() > m_limits.joinMs)
            gone.append({it.key(), QStringLiteral("join")});
    }
    for (const auto &[s, why] : gone)
        drop(s, why);
    // Answers nobody will take (their student left) are forgotten.
    for (auto it = m_drawings.begin(); it != m_drawings.end();)
        it = it.value().isNull() ? m_drawings.erase(it) : std::next(it);
}

} // namespace bplab::classroom
