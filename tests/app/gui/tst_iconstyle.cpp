// The application's style in a high-contrast palette: check boxes, spin boxes and the timeline's
// arrows are drawn in the palette's text colour, which Fusion's own drawing leaves black on black.

#include <iconstyle.h>
#include <palettecolors.h>

#include <QApplication>
#include <QCheckBox>
#include <QImage>
#include <QSpinBox>
#include <QTest>

using namespace bplab;

namespace {
/** Pixels of `image` at least as light as mid-grey. */
int lightPixels(const QImage &image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += image.pixelColor(x, y).lightness() >= 128 ? 1 : 0;
    return n;
}
} // namespace

class TestIconStyle : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QApplication::setStyle(new IconStyle(QStringLiteral("Fusion")));
        QApplication::setPalette(colors::highContrastPalette());
    }

    void outlinesAreVisibleOnBlack()
    {
        // An empty check box and spin box: no text, so every light pixel is an outline.
        QCheckBox box;
        box.resize(box.sizeHint());
        QVERIFY2(lightPixels(box.grab().toImage()) >= 8, "the check box's indicator has no visible outline");
        QSpinBox spin;
        spin.setSpecialValueText(QStringLiteral(" "));
        spin.setButtonSymbols(QAbstractSpinBox::NoButtons);
        spin.resize(80, spin.sizeHint().height());
        QVERIFY2(lightPixels(spin.grab().toImage()) >= 80, "the spin box has no visible frame");
    }

    void timelineArrowsFollowThePalette()
    {
        for (QStyle::StandardPixmap kind : {QStyle::SP_MediaSkipBackward, QStyle::SP_MediaSeekBackward,
                                            QStyle::SP_MediaSeekForward}) {
            const QIcon icon = QApplication::style()->standardIcon(kind);
            QImage on = icon.pixmap(24, 24).toImage();
            QVERIFY2(lightPixels(on) >= 20, "an arrow is not drawn in the high-contrast text colour");
            // In a light palette the same icon is dark: it is painted when drawn.
            QApplication::setPalette(QPalette(Qt::black, Qt::white));
            const QImage light = icon.pixmap(24, 24).toImage();
            int dark = 0;
            for (int y = 0; y < light.height(); ++y)
                for (int x = 0; x < light.width(); ++x)
                    dark += light.pixelColor(x, y).alpha() > 128 && light.pixelColor(x, y).lightness() < 64 ? 1 : 0;
            QVERIFY(dark >= 20);
            QApplication::setPalette(colors::highContrastPalette());
        }
    }
};

QTEST_MAIN(TestIconStyle)
#include "tst_iconstyle.moc"
