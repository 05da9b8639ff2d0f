#pragma once
// The preprocessing's stages side by side: as drawn, the ink cropped, fitted into 20x20, and
// centred in 28x28 (with the field's centre marked). On request the strip shows the steps one
// after another: the ink's box flies out of the drawing, is scaled into the 20x20 box and moved
// to its place in the 28x28 field (an animation of about 3 s; a click skips it).

#include "panelaccessible.h"
#include <QImage>
#include <QRect>
#include <QStringList>
#include <QWidget>

#include <array>

class QVariantAnimation;

namespace bplab {

/** Where each stage lies in the one before it (pixels of that stage's image). */
struct StageGeometry {
    QRect cropInRaw;        ///< the ink's box in the raw image
    QRect inkInFitted;      ///< the ink inside the 20x20 box
    QPoint fittedInCentred; ///< where the 20x20 box's pixel (0, 0) lies in the 28x28 field
};

class StageStrip : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    explicit StageStrip(QWidget *parent = nullptr);

    /** Grey images of the four stages (null ones show as empty frames). Stops a running
     *  animation: the strip then shows the new stages at once. */
    void setStages(const QImage &raw, const QImage &cropped, const QImage &fitted, const QImage &centred,
                   const StageGeometry &geometry = {});
    void clear();
    QImage stage(int i) const { return m_images[std::size_t(i)]; }
    static QStringList captions();
    /** The four stages in words: what each holds (its size and where the ink lies). */
    QString accessibleSummary() const override;

    /** Shows the three steps one after another (nothing when animations are off or there is no
     *  ink). */
    void playSteps();
    /** Ends a running animation at its last frame. */
    void skipAnimation();
    bool isAnimating() const;
    /** 0 = only the drawing shown ... 3 = every stage (the still picture). */
    double animationPosition() const { return m_position; }
    /** Off for tests and screenshots: playSteps() then does nothing. On by default. */
    static void setAnimationsEnabled(bool enabled);
    static bool animationsEnabled();

    QSize sizeHint() const override { return {520, 170}; }
    QSize minimumSizeHint() const override { return {300, 120}; }

signals:
    void animationFinished();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    std::array<QImage, 4> m_images;
    StageGeometry m_geometry;
    QVariantAnimation *m_animation = nullptr;
    double m_position = 3;
};

} // namespace bplab
