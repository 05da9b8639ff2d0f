#pragma once
// The drawing canvas: white ink on black like MNIST, for mouse, tablet pen (pressure sets the
// width) and touch. Strokes are kept as vector paths in canvas units, so the preprocessing can
// render them again at any scale; the widget only shows them.

#include "panelaccessible.h"
#include <preprocess.h>

#include <QImage>
#include <QWidget>

#include <vector>

namespace bplab {

class DrawCanvas : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    /** The canvas is a square of kCanvasSide x kCanvasSide units, shown as large as the widget
     *  allows; strokes are stored in these units whatever the widget's size. */
    static constexpr int kCanvasSide = 400;
    /** The pen's default diameter in canvas units (it maps to MNIST's 2.5 px stroke). */
    static constexpr float kDefaultPenWidth = 24.f;

    explicit DrawCanvas(QWidget *parent = nullptr);

    const std::vector<Stroke> &strokes() const { return m_strokes; }
    void setStrokes(const std::vector<Stroke> &strokes);
    bool isEmpty() const { return m_strokes.empty(); }
    /** Pen diameter in canvas units (4-64); applies to the next stroke. */
    float penWidth() const { return m_penWidth; }
    void setPenWidth(float width);

    /** A picture shown instead of strokes (any size, shown fitted); drawing removes it. */
    void setPicture(const QImage &picture, const QString &caption = {});
    bool hasPicture() const { return !m_picture.isNull(); }
    /** The text shown while the canvas is empty. */
    void setHint(const QString &hint);
    /** Empty, a picture (its caption) or how many strokes are drawn. */
    QString accessibleSummary() const override;

    /** The square the canvas occupies in the widget, and the mapping both ways. */
    QRectF canvasRect() const;
    QPointF canvasToWidget(const QPointF &p) const;
    QPointF widgetToCanvas(const QPointF &p) const;

    QSize sizeHint() const override { return {420, 420}; }
    QSize minimumSizeHint() const override { return {160, 160}; }

public slots:
    void clear();
    void undoStroke();

signals:
    /** An input event arrived (emitted before it is handled: latency measurements start here). */
    void inputReceived();
    /** Strokes changed: a point added, a stroke undone, cleared or replaced. */
    void strokesChanged();
    /** The pen was lifted. */
    void strokeFinished();
    /** The picture was removed because the user drew. */
    void pictureRemoved();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void tabletEvent(QTabletEvent *event) override;
    bool event(QEvent *event) override;

private:
    void beginStroke(const QPointF &widgetPos, float pressureFactor);
    void extendStroke(const QPointF &widgetPos, float pressureFactor);
    void endStroke();
    double unitsToPixels() const;

    std::vector<Stroke> m_strokes;
    float m_penWidth = kDefaultPenWidth;
    bool m_drawing = false;
    bool m_tabletDown = false;
    QImage m_picture;
    QString m_pictureCaption;
    QString m_hint;
};

} // namespace bplab
