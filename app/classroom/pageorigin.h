#pragma once
// Which pages may open the classroom's WebSocket: only its own. A browser says where the page that
// opens a WebSocket came from (the Origin header) and does not let a page lie about it, so another
// site open in a student's browser, or a name of another site made to point at this computer,
// cannot reach the class. The address must name this server by number (a name could be anyone's)
// or, on the loopback address, as localhost.

#include <QHostAddress>
#include <QString>

namespace bplab::classroom {

/** True when `origin` ("http://192.168.1.20:8765") is the page the server at `bound`:`port`
 *  serves: scheme http, that port, and a host that is this server's address (any of this
 *  computer's when it listens on every network). An empty origin (not a browser's) is false. */
bool isPageOrigin(const QString &origin, const QHostAddress &bound, quint16 port);

} // namespace bplab::classroom
