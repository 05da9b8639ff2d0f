// The WCAG 2.1 contrast ratio, and every pair of colours the panels draw held to it (1.4.3: text
// 4.5:1, 7:1 in high contrast; 1.4.11: graphics 3:1) on a light, two dark and the high-contrast
// palette.

#include <confusionmatrixpanel.h>
#include <contrast.h>
#include <palettecolors.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace bplab;

namespace {

QPalette fusionLight()
{
    std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion->standardPalette();
}

// A dark desktop palette: window, base, text, placeholder, highlight, highlighted text, mid.
QPalette darkPalette(QRgb window, QRgb base, QRgb text, QRgb placeholder, QRgb highlight, QRgb mid)
{
    QPalette p{QColor(text), QColor(window)};
    p.setColor(QPalette::Base, QColor(base));
    p.setColor(QPalette::Text, QColor(text));
    p.setColor(QPalette::PlaceholderText, QColor(placeholder));
    p.setColor(QPalette::Highlight, QColor(highlight));
    p.setColor(QPalette::HighlightedText, QColor(Qt::white));
    p.setColor(QPalette::Mid, QColor(mid));
    return p;
}

struct NamedPalette {
    const char *name;
    QPalette palette;
};

QList<NamedPalette> palettes()
{
    return {{"Fusion light", fusionLight()},
            {"Breeze dark", darkPalette(0x202326, 0x141618, 0xFCFCFC, 0xA1A9B1, 0x3DAEE9, 0x3B4045)},
            {"Adwaita dark", darkPalette(0x353535, 0x2D2D2D, 0xEEEEEC, 0x919190, 0x15539E, 0x454545)},
            {"high contrast", colors::highContrastPalette()}};
}

} // namespace

class TestContrast : public QObject
{
    Q_OBJECT

private slots:
    void ratio_data()
    {
        QTest::addColumn<QColor>("a");
        QTest::addColumn<QColor>("b");
        QTest::addColumn<double>("expected");
        QTest::newRow("black on white") << QColor(Qt::black) << QColor(Qt::white) << 21.0;
        QTest::newRow("same colour") << QColor(0x0072B2) << QColor(0x0072B2) << 1.0;
        // Published WCAG examples: #777 on white just fails 4.5:1, #767676 just passes.
        QTest::newRow("#777 on white") << QColor(0x777777) << QColor(Qt::white) << 4.478;
        QTest::newRow("#767676 on white") << QColor(0x767676) << QColor(Qt::white) << 4.542;
        QTest::newRow("order does not matter") << QColor(Qt::white) << QColor(0x767676) << 4.542;
        QTest::newRow("Okabe-Ito blue on white") << QColor(0x0072B2) << QColor(Qt::white) << 5.190;
        QTest::newRow("orange on white") << QColor(0xE69F00) << QColor(Qt::white) << 2.251;
    }

    void ratio()
    {
        QFETCH(QColor, a);
        QFETCH(QColor, b);
        QFETCH(double, expected);
        QVERIFY2(std::abs(contrastRatio(a, b) - expected) < 0.005,
                 qPrintable(QString::number(contrastRatio(a, b), 'f', 4)));
    }

    void luminanceEnds()
    {
        QCOMPARE(relativeLuminance(Qt::black), 0.0);
        QCOMPARE(relativeLuminance(Qt::white), 1.0);
        // The green channel weighs most: 0.7152.
        QVERIFY(std::abs(relativeLuminance(QColor(0, 255, 0)) - 0.7152) < 1e-9);
    }

    void luminanceOfEveryChannelValue()
    {
        // WCAG's formula on QColor's own channels, for every 8-bit value (the panels' colours) and
        // for 16-bit values between them (a colour mixed at 16 bits).
        auto expected = [](const QColor &c) {
            auto lin = [](double x) { return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4); };
            return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
        };
        for (int v = 0; v < 256; ++v) {
            const QColor c(v, 255 - v, (v * 7) % 256);
            QCOMPARE(relativeLuminance(c), expected(c));
        }
        for (int v = 1; v < 65535; v += 997) {
            const QColor c = QColor::fromRgba64(quint16(v), quint16(65535 - v), quint16(v / 3));
            QCOMPARE(relativeLuminance(c), expected(c));
        }
        // Another colour model is converted first.
        const QColor hsv = QColor::fromHsv(200, 180, 90);
        QCOMPARE(relativeLuminance(hsv), expected(hsv.toRgb()));
    }

    void adjustments()
    {
        const QColor white(Qt::white), orange(0xE69F00);
        // A colour that already passes is returned as it is.
        QCOMPARE(withContrast(QColor(0x0072B2), white, 4.5), QColor(0x0072B2));
        // One that does not is darkened just enough on white, lightened on black.
        const QColor darker = withContrast(orange, white, 3.0);
        QVERIFY(contrastRatio(darker, white) >= 3.0);
        QVERIFY(contrastRatio(darker, white) < 3.1);
        QVERIFY(darker.hue() >= 35 && darker.hue() <= 45); // still orange
        const QColor lighter = withContrast(QColor(0x0072B2), Qt::black, 7.0);
        QVERIFY(contrastRatio(lighter, Qt::black) >= 7.0);
        QVERIFY(relativeLuminance(lighter) > relativeLuminance(QColor(0x0072B2)));
        // Translucent colours count as composited over their background.
        QColor halfBlack(Qt::black);
        halfBlack.setAlpha(128);
        QCOMPARE(over(halfBlack, white), QColor(127, 127, 127));
        // The faintest mix stays at the ratio and is paler than the ink.
        const QColor faint = faintest(QColor(0x0072B2), white, 3.0);
        QVERIFY(contrastRatio(faint, white) >= 3.0);
        QVERIFY(contrastRatio(faint, white) < 3.1);
        QVERIFY(relativeLuminance(faint) > relativeLuminance(QColor(0x0072B2)));
        QCOMPARE(textOn(QColor(0x082654)), QColor(Qt::white));
        QCOMPARE(textOn(QColor(0x9ECAE1)), QColor(Qt::black));
    }

    void everyPairReachesItsMinimum_data()
    {
        QTest::addColumn<QColor>("fg");
        QTest::addColumn<QColor>("bg");
        QTest::addColumn<double>("minimum");
        for (const NamedPalette &p : palettes())
            for (const colors::Pair &pair : colors::pairs(p.palette))
                QTest::addRow("%s: %s", p.name, qPrintable(pair.name)) << pair.fg << pair.bg << pair.minimum;
    }

    void everyPairReachesItsMinimum()
    {
        QFETCH(QColor, fg);
        QFETCH(QColor, bg);
        QFETCH(double, minimum);
        QVERIFY(minimum >= kGraphicContrast);
        const double ratio = contrastRatio(fg, bg);
        QVERIFY2(ratio >= minimum, qPrintable(QStringLiteral("%1 on %2: %3:1, needs %4:1")
                                                      .arg(fg.name(), bg.name())
                                                      .arg(ratio, 0, 'f', 2)
                                                      .arg(minimum)));
    }

    void everyPanelColourIsListed()
    {
        // Each data colour is held to text and graphics minimums on both backgrounds.
        const QList<colors::Pair> list = colors::pairs(fusionLight());
        QVERIFY(list.size() >= 30);
        for (const char *name : {"batch loss line", "earlier branches", "frames", "cursor line", "muted text",
                                 "target mark on its row", "grey bars on the base", "orange on the window"}) {
            const bool listed = std::any_of(list.begin(), list.end(),
                                            [name](const colors::Pair &p) { return p.name == QLatin1String(name); });
            QVERIFY2(listed, name);
        }
    }

    void highContrastPaletteIsRecognised()
    {
        const QPalette hc = colors::highContrastPalette();
        QVERIFY(colors::isHighContrast(hc));
        QVERIFY(!colors::isHighContrast(fusionLight()));
        QVERIFY(!colors::isHighContrast(palettes()[1].palette));
        // Its text pairs are held to 7:1.
        for (const colors::Pair &pair : colors::pairs(hc))
            if (pair.name.contains(QLatin1String("text")))
                QCOMPARE(pair.minimum, kHighContrastText);
        // Disabled text: readable (4.5:1 on the black), and plainly apart from the enabled white.
        const QColor off = hc.color(QPalette::Disabled, QPalette::ButtonText);
        QVERIFY(contrastRatio(off, hc.color(QPalette::Disabled, QPalette::Button)) >= kTextContrast);
        QVERIFY(contrastRatio(off, hc.color(QPalette::Active, QPalette::ButtonText)) >= 3.0);
    }

    // A disabled button ("Continue from here" before a past batch is shown) looks disabled in the
    // high-contrast palette: its caption is drawn without the white of an enabled one.
    void disabledButtonLooksDisabledInHighContrast()
    {
        const auto brightest = [](bool enabled) {
            QPushButton b(QStringLiteral("Continue from here"));
            b.setPalette(colors::highContrastPalette());
            b.setEnabled(enabled);
            b.resize(b.sizeHint());
            const QImage img = b.grab().toImage();
            int most = 0;
            for (int y = 4; y < img.height() - 4; ++y)
                for (int x = 4; x < img.width() - 4; ++x)
                    most = std::max(most, qGray(img.pixel(x, y)));
            return most;
        };
        const int on = brightest(true), off = brightest(false);
        QVERIFY2(on >= 0xE0, qPrintable(QString::number(on)));
        QVERIFY2(off <= 0xA0, qPrintable(QString::number(off)));
    }

    void switchingRestoresThePalette()
    {
        const QColor before = QApplication::palette().color(QPalette::Window);
        colors::setHighContrast(true);
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::black));
        QVERIFY(colors::isHighContrast(QApplication::palette()));
        colors::setHighContrast(false);
        QCOMPARE(QApplication::palette().color(QPalette::Window), before);
    }

    void desktopWishIsReadFromTheGtkTheme()
    {
        qputenv("GTK_THEME", "HighContrast");
        QVERIFY(colors::desktopWantsHighContrast());
        qputenv("GTK_THEME", "Adwaita:dark");
        const QByteArray config = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(QDir::tempPath() + QLatin1String("/no-such-config")));
        QVERIFY(!colors::desktopWantsHighContrast());
        qunsetenv("GTK_THEME");
        qputenv("XDG_CONFIG_HOME", config);
    }

    void confusionCountsAreReadableOnEveryShade()
    {
        // Counts are drawn in black or white, whichever reads better on the cell's shade.
        double worst = 21.0;
        for (int i = 0; i <= 1000; ++i) {
            const QColor shade = confusionShade(i / 1000.0);
            worst = std::min(worst, contrastRatio(textOn(shade), shade));
        }
        QVERIFY2(worst >= kTextContrast, qPrintable(QString::number(worst)));
        // Zero counts, in the faint ink on the paper.
        QVERIFY(contrastRatio(QColor(colors::kFigureFaint), QColor(colors::kFigurePaper)) >= kTextContrast);
        QVERIFY(contrastRatio(QColor(colors::kFigureInk), QColor(colors::kFigurePaper)) >= kHighContrastText);
    }
};

QTEST_MAIN(TestContrast)
#include "tst_contrast.moc"
