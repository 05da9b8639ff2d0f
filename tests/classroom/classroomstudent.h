#pragma once
// A student's browser, as the classroom server's tests drive it: a WebSocket that keeps what it
// received in order, and the messages the page sends.

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QUrl>
#include <QWebSocket>

namespace bplab::test {

/** A browser's side of the socket: what it received, in order. */
class Student : public QObject
{
public:
    /** A browser that loaded the page from `url`'s address (its Origin), unless told another. */
    explicit Student(const QUrl &url) : Student(url, pageOrigin(url)) {}
    Student(const QUrl &url, const QString &origin) : ws(origin)
    {
        connect(&ws, &QWebSocket::textMessageReceived, this, [this](const QString &t) {
            received.append(QJsonDocument::fromJson(t.toUtf8()).object());
        });
        ws.open(url);
    }
    bool waitOpen()
    {
        if (ws.state() == QAbstractSocket::ConnectedState)
            return true;
        QSignalSpy spy(&ws, &QWebSocket::connected);
        return spy.wait(5000);
    }
    /** Waits for a message of `type` not seen yet; an empty object when none came. */
    QJsonObject waitFor(const QString &type, int ms = 5000)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms) {
            for (qsizetype i = seen; i < received.size(); ++i)
                if (received[i].value(QLatin1String("type")).toString() == type) {
                    seen = i + 1;
                    return received[i];
                }
            QTest::qWait(5);
        }
        return {};
    }
    bool waitClosed(int ms = 5000)
    {
        if (ws.state() == QAbstractSocket::UnconnectedState)
            return true;
        QSignalSpy spy(&ws, &QWebSocket::disconnected);
        return spy.wait(ms);
    }
    void send(const QByteArray &text) { ws.sendTextMessage(QString::fromUtf8(text)); }
    void send(const QJsonObject &o) { send(QJsonDocument(o).toJson(QJsonDocument::Compact)); }

    static QString pageOrigin(QUrl url)
    {
        url.setScheme(QStringLiteral("http"));
        return url.toString(QUrl::RemovePath | QUrl::RemoveQuery);
    }

    QWebSocket ws;
    QList<QJsonObject> received;
    qsizetype seen = 0;
};

QJsonObject join(const QString &code, const QString &nick = {})
{
    QJsonObject o{{"type", "join"}, {"code", code}};
    if (!nick.isEmpty())
        o.insert("nick", nick);
    return o;
}

QJsonObject drawing(const QJsonArray &strokes)
{
    return {{"type", "drawing"}, {"strokes", strokes}};
}

QJsonObject aDrawing()
{
    return drawing(QJsonArray{QJsonArray{120, 80, 260, 80, 200, 200, 280, 300, 140, 330}});
}

} // namespace bplab::test
