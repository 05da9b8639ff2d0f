#pragma once
// The classroom's TCP door, under its HTTP server: at most so many connections open at once, and
// a connection that has not become a student's WebSocket within a few seconds is closed. A client
// that sends its request a byte at a time, or opens connections and says nothing, so holds no
// place for long and cannot fill the room. GUI thread only.

#include <QElapsedTimer>
#include <QList>
#include <QPointer>
#include <QTcpServer>
#include <QTimer>

#include <functional>

class QTcpSocket;

namespace bplab::classroom {

class ConnectionGate : public QTcpServer
{
    Q_OBJECT
public:
    /** `isWebSocket` tells a connection that became a WebSocket (kept) from one still speaking
     *  HTTP (closed after `httpMs`). */
    ConnectionGate(int maxOpen, int httpMs, std::function<bool(const QTcpSocket *)> isWebSocket, QObject *parent = nullptr);
    /** Connections open now, WebSockets included. */
    int openCount();

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    void sweep();

    struct Open
    {
        QPointer<QTcpSocket> socket;
        QElapsedTimer since;
        bool webSocket = false;
    };
    int m_maxOpen;
    int m_httpMs;
    std::function<bool(const QTcpSocket *)> m_isWebSocket;
    QList<Open> m_open;
    QTimer m_sweep;
};

} // namespace bplab::classroom
