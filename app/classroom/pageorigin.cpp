#include "pageorigin.h"

#include <QNetworkInterface>
#include <QUrl>

#include <algorithm>

namespace bplab::classroom {

namespace {

bool originListensEverywhere(const QHostAddress &a)
{
    return a == QHostAddress(QHostAddress::Any) || a == QHostAddress(QHostAddress::AnyIPv4) ||
           a == QHostAddress(QHostAddress::AnyIPv6);
}

bool originSameAddress(const QHostAddress &a, const QHostAddress &b)
{
    return a.isEqual(b, QHostAddress::TolerantConversion);
}

} // namespace

bool isPageOrigin(const QString &origin, const QHostAddress &bound, quint16 port)
{
    if (origin.isEmpty() || port == 0)
        return false;
    const QUrl url(origin, QUrl::StrictMode);
    // An origin is scheme://host[:port] and nothing else.
    if (!url.isValid() || url.scheme() != QLatin1String("http") || !url.path().isEmpty() || url.hasQuery() ||
        url.hasFragment() || !url.userInfo().isEmpty() || url.port(80) != port)
        return false;
    const QString host = url.host();
    const QHostAddress address(host);
    if (address.isNull())
        return host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0 && (bound.isLoopback() || originListensEverywhere(bound));
    if (bound.isLoopback())
        return address.isLoopback();
    if (!originListensEverywhere(bound))
        return originSameAddress(address, bound);
    if (address.isLoopback())
        return true;
    const QList<QHostAddress> own = QNetworkInterface::allAddresses();
    return std::any_of(own.begin(), own.end(), [&address](const QHostAddress &a) { return originSameAddress(a, address); });
}

} // namespace bplab::classroom
