#pragma once

#include <QProxyStyle>

namespace bplab {

/**
 * The application's style: the platform's (or the one chosen with -style), except for the
 * standard icons the app uses (play, pause, step, reset, warning, close), which come from the
 * app's own resources so that the toolbar and messages look the same under every icon theme,
 * and for the outlines of check boxes and spin boxes in a high-contrast palette: Fusion draws
 * them a shade darker than the window, which on black is black.
 */
class IconStyle : public QProxyStyle
{
public:
    explicit IconStyle(const QString &baseStyleName);

    QIcon standardIcon(StandardPixmap icon, const QStyleOption *option = nullptr,
                       const QWidget *widget = nullptr) const override;

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget = nullptr) const override;

    /** The application icon in the sizes the resources hold (16-256 px). */
    static QIcon applicationIcon();
};

} // namespace bplab
