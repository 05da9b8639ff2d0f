#include "connectiongate.h"

#include <QTcpSocket>

#include <algorithm>

namespace bplab::classroom {

ConnectionGate::ConnectionGate(int maxOpen, int httpMs, std::function<bool(const QTcpSocket *)> isWebSocket, QObject *parent)
    : QTcpServer(parent), m_maxOpen(maxOpen), m_httpMs(httpMs), m_isWebSocket(std::move(isWebSocket))
{
    m_sweep.setInterval(std::clamp(httpMs / 4, 50, 2000));
    connect(&m_sweep, &QTimer::timeout, this, &ConnectionGate::sweep);
    m_sweep.start();
}

int ConnectionGate::openCount()
{
    m_open.removeIf([](const Open &o) { return o.socket.isNull() || o.socket->state() == QAbstractSocket::UnconnectedState; });
    return int(m_open.size());
}

void ConnectionGate::incomingConnection(qintptr descriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    if (openCount() >= m_maxOpen) {
        // Full: closed before a byte is read.
        socket->abort();
        socket->deleteLater();
        return;
    }
    Open o;
    o.socket = socket;
    o.since.start();
    m_open.append(o);
    addPendingConnection(socket);
}

void ConnectionGate::sweep()
{
    QList<QTcpSocket *> late;
    for (Open &o : m_open) {
        if (o.socket.isNull() || o.webSocket || o.since.elapsed() < m_httpMs)
            continue;
        if (m_isWebSocket(o.socket.data()))
            o.webSocket = true;
        else
            late.append(o.socket.data());
    }
    for (QTcpSocket *s : late)
        s->abort();
    openCount();
}

} // namespace bplab::classroom
