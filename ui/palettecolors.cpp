#include "palettecolors.h"

#include "contrast.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QSettings>

namespace bplab::colors {

namespace {

// The shade each hue takes on a light and on a dark background.
struct Shades {
    QRgb light, dark;
};
constexpr Shades kBlueShades{kBlue, kSkyBlue};
constexpr Shades kOrangeShades{0xA87400, kOrange};
constexpr Shades kVermillionShades{0xB34F00, 0xFF7F3F};
constexpr Shades kGreenShades{0x008763, 0x19B386};
constexpr Shades kGreyShades{0x767676, kGrey};

QColor shade(const Shades &s, const QPalette &pal)
{
    return QColor(isDark(pal) ? s.dark : s.light);
}

// The lighter of two backgrounds is the harder one for dark ink, the darker for light ink.
QColor harder(const QColor &ink, const QColor &a, const QColor &b)
{
    return contrastRatio(ink, a) <= contrastRatio(ink, b) ? a : b;
}

double textMinimum(const QPalette &pal)
{
    return isHighContrast(pal) ? kHighContrastText : kTextContrast;
}

bool namesHighContrast(const QString &theme)
{
    return theme.contains(QLatin1String("HighContrast"), Qt::CaseInsensitive);
}

} // namespace

QColor blue(const QPalette &pal) { return shade(kBlueShades, pal); }
QColor orange(const QPalette &pal) { return shade(kOrangeShades, pal); }
QColor vermillion(const QPalette &pal) { return shade(kVermillionShades, pal); }
QColor orangeText(const QPalette &pal)
{
    return withContrast(orange(pal), pal.color(QPalette::Window), textMinimum(pal));
}
QColor green(const QPalette &pal) { return shade(kGreenShades, pal); }
QColor grey(const QPalette &pal) { return shade(kGreyShades, pal); }
QColor target(const QPalette &pal) { return blue(pal); }
QColor predicted(const QPalette &pal) { return isDark(pal) ? orange(pal) : vermillion(pal); }

QColor targetTint(const QPalette &pal)
{
    QColor tint = target(pal);
    tint.setAlpha(40);
    return tint;
}

QColor targetText(const QPalette &pal)
{
    const QColor row = over(targetTint(pal), pal.color(QPalette::Window));
    return withContrast(target(pal), row, textMinimum(pal));
}

QColor muted(const QPalette &pal)
{
    const QColor window = pal.color(QPalette::Window);
    return withContrast(pal.color(QPalette::PlaceholderText), window, textMinimum(pal));
}

QColor frame(const QPalette &pal)
{
    const QColor mid = pal.color(QPalette::Mid);
    return withContrast(mid, harder(mid, pal.color(QPalette::Window), pal.color(QPalette::Base)),
                        kGraphicContrast);
}

QColor batchLoss(const QPalette &pal)
{
    return faintest(blue(pal), pal.color(QPalette::Base), kGraphicContrast);
}

QColor branch(const QPalette &pal)
{
    return faintest(pal.color(QPalette::WindowText), pal.color(QPalette::Base), kGraphicContrast);
}

QColor cursor(const QPalette &pal)
{
    return withContrast(pal.color(QPalette::Highlight), pal.color(QPalette::Base), kGraphicContrast);
}

QColor selectedText(const QPalette &pal)
{
    return withContrast(pal.color(QPalette::HighlightedText), pal.color(QPalette::Highlight), textMinimum(pal));
}

QPalette highContrastPalette()
{
    const QColor black(Qt::black), white(Qt::white), yellow(0xFFE500), silver(0xC0C0C0);
    QPalette p(white, black); // window text, window
    for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        const bool off = g == QPalette::Disabled;
        // Disabled text a mid grey: still 5:1 on the black, but plainly dimmer than the white of
        // what can be used (silver was too close to it to tell a disabled button apart).
        const QColor ink = off ? QColor(0x808080) : white;
        p.setColor(g, QPalette::Window, black);
        p.setColor(g, QPalette::Base, black);
        p.setColor(g, QPalette::AlternateBase, QColor(0x1A1A1A));
        p.setColor(g, QPalette::Button, black);
        p.setColor(g, QPalette::WindowText, ink);
        p.setColor(g, QPalette::Text, ink);
        p.setColor(g, QPalette::ButtonText, ink);
        p.setColor(g, QPalette::BrightText, yellow);
        p.setColor(g, QPalette::PlaceholderText, silver);
        p.setColor(g, QPalette::ToolTipBase, black);
        p.setColor(g, QPalette::ToolTipText, white);
        p.setColor(g, QPalette::Highlight, yellow);
        p.setColor(g, QPalette::HighlightedText, black);
        p.setColor(g, QPalette::Link, yellow);
        p.setColor(g, QPalette::LinkVisited, QColor(0xFFB000));
        // Bevels and outlines: light greys that stand out from the black like text.
        p.setColor(g, QPalette::Light, white);
        p.setColor(g, QPalette::Midlight, QColor(0xE0E0E0));
        p.setColor(g, QPalette::Mid, silver);
        p.setColor(g, QPalette::Dark, silver);
        p.setColor(g, QPalette::Shadow, white);
    }
    return p;
}

bool isHighContrast(const QPalette &pal)
{
    const QColor window = pal.color(QPalette::Window);
    return contrastRatio(pal.color(QPalette::WindowText), window) >= kHighContrastText
           && contrastRatio(pal.color(QPalette::Mid), window) >= kHighContrastText;
}

bool desktopWantsHighContrast()
{
    if (namesHighContrast(qEnvironmentVariable("GTK_THEME")))
        return true;
    QString config = qEnvironmentVariable("XDG_CONFIG_HOME");
    if (config.isEmpty())
        config = QDir::homePath() + QLatin1String("/.config");
    const QString ini = config + QLatin1String("/gtk-3.0/settings.ini");
    if (!QFile::exists(ini))
        return false;
    const QSettings gtk(ini, QSettings::IniFormat);
    return namesHighContrast(gtk.value(QStringLiteral("Settings/gtk-theme-name")).toString());
}

void setHighContrast(bool on)
{
    // The palette before the first switch: the desktop's, restored when high contrast goes off.
    static const QPalette normal = QApplication::palette();
    QApplication::setPalette(on ? highContrastPalette() : normal);
}

QList<Pair> pairs(const QPalette &pal)
{
    const QColor window = pal.color(QPalette::Window), base = pal.color(QPalette::Base);
    const QColor tinted = over(targetTint(pal), window);
    const double text = textMinimum(pal), graphic = kGraphicContrast;
    QList<Pair> list = {
            {QStringLiteral("text on the window"), pal.color(QPalette::WindowText), window, text},
            {QStringLiteral("text on the base"), pal.color(QPalette::Text), base, text},
            {QStringLiteral("muted text"), muted(pal), window, text},
            {QStringLiteral("selected text"), selectedText(pal),
             pal.color(QPalette::Highlight), text},
            {QStringLiteral("text on the target's row"), pal.color(QPalette::WindowText), tinted, text},
            {QStringLiteral("target mark on its row"), targetText(pal), tinted, text},
            {QStringLiteral("target text"), targetText(pal), window, text},
            {QStringLiteral("predicted text"), predicted(pal), window, text},
            {QStringLiteral("error text"), vermillion(pal), window, text},
            {QStringLiteral("orange text"), orangeText(pal), window, text},
            {QStringLiteral("wrong label in the data grid"), vermillion(pal), base, text},
            {QStringLiteral("one-hot 1 in its cell"), textOn(target(pal)), target(pal), text},
            {QStringLiteral("axes and ticks"), pal.color(QPalette::WindowText), base, graphic},
            {QStringLiteral("frames"), frame(pal), window, graphic},
            {QStringLiteral("frames on the base"), frame(pal), base, graphic},
            {QStringLiteral("cursor line"), cursor(pal), base, graphic},
            {QStringLiteral("batch loss line"), batchLoss(pal), base, graphic},
            {QStringLiteral("earlier branches"), branch(pal), base, graphic},
    };
    const struct {
        const char *name;
        QColor ink;
    } inks[] = {{"blue", blue(pal)},   {"orange", orange(pal)},       {"vermillion", vermillion(pal)},
                {"green", green(pal)}, {"grey bars", grey(pal)},      {"target", target(pal)},
                {"predicted", predicted(pal)}};
    for (const auto &ink : inks) {
        list.append({QLatin1String(ink.name) + QLatin1String(" on the window"), ink.ink, window, graphic});
        list.append({QLatin1String(ink.name) + QLatin1String(" on the base"), ink.ink, base, graphic});
    }
    return list;
}

} // namespace bplab::colors
