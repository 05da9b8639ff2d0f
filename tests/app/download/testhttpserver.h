#pragma once
// A small HTTP/1.1 file server on 127.0.0.1 for the download tests: each path has a body and a
// behaviour (status, drop the connection after N bytes, ignore Range, send slowly, stall). It
// records every request's path and Range header. One response per connection (Connection: close).

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace bplab::test {

struct Route
{
    QByteArray body;
    int status = 200;         ///< 200 serves body (206 for a Range); anything else is an error
    qint64 dropAfter = -1;    ///< close the connection after this many body bytes...
    int drops = 0;            ///< ...this many times (then serve normally)
    bool ignoreRange = false; ///< answer 200 with the whole body even to a Range request
    int chunkDelayMs = 0;     ///< send 4 KB every chunkDelayMs (a slow server)
    qint64 stallAfter = -1;   ///< send this many body bytes, then nothing (connection kept open)
    /** An error status without a body: 1 with Content-Length: 0, 2 with no Content-Length (the
     *  end of the connection ends the empty body); 0 sends a short text body. */
    int emptyErrorBody = 0;
};

struct SeenRequest
{
    QByteArray path;
    QByteArray range; ///< the Range header, empty when absent
};

class TestHttpServer
{
public:
    TestHttpServer()
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] { accept(); });
    }
    /** Ends every connection while the state its slots use still exists. The sockets are children
     *  of m_server, which is destroyed last; left to ~QObject, a socket would emit disconnected()
     *  from its destructor into slots that use members already destroyed. */
    ~TestHttpServer()
    {
        m_server.close();
        QObject::disconnect(&m_server, nullptr, nullptr, nullptr);
        for (QTcpSocket *socket : m_server.findChildren<QTcpSocket *>(Qt::FindDirectChildrenOnly)) {
            QObject::disconnect(socket, nullptr, nullptr, nullptr);
            delete socket;
        }
    }
    TestHttpServer(const TestHttpServer &) = delete;
    TestHttpServer &operator=(const TestHttpServer &) = delete;

    bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
    quint16 port() const { return m_server.serverPort(); }
    /** http://127.0.0.1:PORT/prefix/ */
    QUrl base(const QString &prefix) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1/%2/").arg(port()).arg(prefix));
    }

    void setRoute(const QByteArray &path, const Route &route) { m_routes[path] = route; }
    Route &route(const QByteArray &path) { return m_routes[path]; }
    const QList<SeenRequest> &requests() const { return m_requests; }
    QList<SeenRequest> requestsFor(const QByteArray &path) const
    {
        QList<SeenRequest> out;
        for (const SeenRequest &r : m_requests) {
            if (r.path == path)
                out.append(r);
        }
        return out;
    }
    /** Bytes of body sent for path over all connections. */
    qint64 sentFor(const QByteArray &path) const { return m_sent.value(path); }

private:
    struct Connection
    {
        QPointer<QTcpSocket> socket;
        QByteArray buffer;
        QByteArray body; // what is left to send
        QByteArray path;
        qint64 limit = -1; // body bytes to send before dropping (-1: all)
        bool stall = false;
        int delayMs = 0;
        std::unique_ptr<QTimer> timer;
    };

    void accept()
    {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            auto c = std::make_shared<Connection>();
            c->socket = socket;
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, c] { onRead(c); });
            QObject::connect(socket, &QTcpSocket::disconnected, socket, [c] {
                if (c->timer)
                    c->timer->stop();
                if (c->socket)
                    c->socket->deleteLater();
            });
        }
    }

    void onRead(const std::shared_ptr<Connection> &c)
    {
        c->buffer += c->socket->readAll();
        const qsizetype end = c->buffer.indexOf("\r\n\r\n");
        if (end < 0 || !c->path.isEmpty())
            return;
        const QList<QByteArray> lines = c->buffer.left(end).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        SeenRequest seen {requestLine.value(1), {}};
        for (const QByteArray &line : lines.mid(1)) {
            const qsizetype colon = line.indexOf(':');
            if (colon > 0 && line.left(colon).trimmed().toLower() == "range")
                seen.range = line.mid(colon + 1).trimmed();
        }
        m_requests.append(seen);
        c->path = seen.path;
        respond(c, seen);
    }

    void respond(const std::shared_ptr<Connection> &c, const SeenRequest &request)
    {
        if (!m_routes.contains(request.path))
            return sendError(c, 404, "Not Found");
        Route &route = m_routes[request.path];
        if (route.status != 200)
            return sendError(c, route.status, route.status == 404 ? "Not Found" : "Error", route.emptyErrorBody);
        qint64 from = 0;
        if (request.range.startsWith("bytes=") && !route.ignoreRange) {
            from = request.range.mid(6, request.range.indexOf('-') - 6).toLongLong();
            if (from >= route.body.size())
                return sendError(c, 416, "Range Not Satisfiable");
        }
        const qint64 size = route.body.size();
        QByteArray head = from > 0 ? "HTTP/1.1 206 Partial Content\r\n" : "HTTP/1.1 200 OK\r\n";
        head += "Content-Type: application/octet-stream\r\nConnection: close\r\n";
        head += "Content-Length: " + QByteArray::number(size - from) + "\r\n";
        if (from > 0)
            head += "Content-Range: bytes " + QByteArray::number(from) + '-'
                    + QByteArray::number(size - 1) + '/' + QByteArray::number(size) + "\r\n";
        head += "\r\n";
        c->socket->write(head);
        c->body = route.body.mid(from);
        if (route.drops > 0 && route.dropAfter >= 0) {
            --route.drops;
            c->limit = route.dropAfter;
        }
        if (route.stallAfter >= 0) {
            c->limit = route.stallAfter;
            c->stall = true;
        }
        c->delayMs = route.chunkDelayMs;
        if (c->delayMs > 0) {
            c->timer = std::make_unique<QTimer>();
            // The timer belongs to the connection: a weak pointer, or the two would keep each other alive.
            const std::weak_ptr<Connection> weak = c;
            QObject::connect(c->timer.get(), &QTimer::timeout, [this, weak] {
                if (const auto connection = weak.lock())
                    sendChunk(connection, 4096);
            });
            c->timer->start(c->delayMs);
            return;
        }
        sendChunk(c, c->body.size());
    }

    void sendChunk(const std::shared_ptr<Connection> &c, qint64 n)
    {
        if (!c->socket)
            return;
        if (c->limit >= 0)
            n = std::min(n, c->limit);
        n = std::min<qint64>(n, c->body.size());
        c->socket->write(c->body.left(n));
        m_sent[c->path] += n;
        c->body.remove(0, n);
        if (c->limit >= 0)
            c->limit -= n;
        const bool limitReached = c->limit == 0;
        if (c->body.isEmpty() || limitReached) {
            if (c->timer)
                c->timer->stop();
            if (limitReached && c->stall)
                return; // keep the connection open and silent
            // After a limit this is a dropped connection: fewer bytes than Content-Length.
            c->socket->disconnectFromHost();
        }
    }

    void sendError(const std::shared_ptr<Connection> &c, int status, const QByteArray &text, int empty = 0)
    {
        const QByteArray body = empty == 0 ? text + '\n' : QByteArray();
        QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + text
                          + "\r\nContent-Type: text/plain\r\nConnection: close\r\n";
        if (empty != 2)
            head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        c->socket->write(head + "\r\n" + body);
        c->socket->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QByteArray, Route> m_routes;
    QList<SeenRequest> m_requests;
    QHash<QByteArray, qint64> m_sent;
};

} // namespace bplab::test
