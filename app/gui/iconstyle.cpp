#include "iconstyle.h"

#include <QIcon>

namespace bplab {

namespace {
/** ":/icons/actions/NAME.png" (24 px) and its 48 px "@2x" twin for high-DPI screens. */
QIcon actionIcon(const char *name)
{
    const QString base = QStringLiteral(":/icons/actions/") + QLatin1String(name);
    QIcon icon;
    icon.addFile(base + QStringLiteral(".png"), QSize(24, 24));
    icon.addFile(base + QStringLiteral("@2x.png"), QSize(48, 48));
    return icon;
}
} // namespace

IconStyle::IconStyle(const QString &baseStyleName) : QProxyStyle(baseStyleName) {}

QIcon IconStyle::standardIcon(StandardPixmap icon, const QStyleOption *option, const QWidget *widget) const
{
    switch (icon) {
    case SP_MediaPlay:
        return actionIcon("play");
    case SP_MediaPause:
        return actionIcon("pause");
    case SP_MediaSkipForward:
        return actionIcon("step");
    case SP_BrowserReload:
        return actionIcon("reset");
    case SP_MessageBoxWarning:
        return actionIcon("warning");
    case SP_DialogCloseButton:
        return actionIcon("close");
    default:
        return QProxyStyle::standardIcon(icon, option, widget);
    }
}

QIcon IconStyle::applicationIcon()
{
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/hicolor/%1/org.backproplab.BackpropLab.png").arg(size), QSize(size, size));
    return icon;
}

} // namespace bplab
