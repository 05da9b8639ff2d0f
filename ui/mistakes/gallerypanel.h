#pragma once
// A gallery of test images with what the network said about each: the image enlarged with crisp
// pixels, its index, the probability of the class the network chose and of the true class.
// Used for one cell of the confusion matrix and for the most confident mistakes. Click selects,
// double-click (or Enter) asks to open the image in Step through. Draws the same onto the screen
// and onto any paint device (PNG, SVG, PDF through panelexport.h).

#include "panelaccessible.h"
#include "train/confusion.h"
#include "panelexport.h"

#include <QImage>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QPainter;

namespace bplab {

/** One image of the gallery: what the network said, and the picture (28 x 28, grey). */
struct GalleryEntry
{
    GalleryItem item;
    QImage image;
};

/** A 28 x 28 grey QImage of a Dataset image (white digit on black, as stored). */
QImage datasetImage(const Dataset &data, std::size_t index);
/** Entries for items, their pictures from data (the set the indices refer to). */
QVector<GalleryEntry> galleryEntries(const std::vector<GalleryItem> &items, const Dataset &data);

class GalleryPanel : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit GalleryPanel(QWidget *parent = nullptr);

    /** title: "True 4, predicted 9: 12 images"; subtitle: a second, smaller line ("most
     *  confident first"); entries in the order to show. */
    void setEntries(const QString &title, const QString &subtitle, const QVector<GalleryEntry> &entries);
    /** What the gallery shows before a cell is chosen. */
    void setPlaceholder(const QString &text);
    void setClassNames(const QStringList &names);
    void clear();

    const QVector<GalleryEntry> &entries() const { return m_entries; }
    QString title() const { return m_title; }
    // The images for a screen reader: a row each, its test index, true class, answer and p.
    int accessibleRows() const override { return m_entries.size(); }
    int accessibleColumns() const override { return 5; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override;
    int selectedRow() const { return m_selected; }
    void setSelectedRow(int row);

    /** Where entry `row` is drawn in a panel `width` wide (for tests and the mouse). */
    QRect tileRect(int row, int width) const;
    /** The height the panel needs at `width` to show every entry. */
    int heightForWidth(int width) const override;
    bool hasHeightForWidth() const override { return true; }

    /** PNG, SVG, PDF; the list as CSV (index,true_class,predicted_class,p_predicted,p_true,loss)
     *  or JSON. */
    PanelExport panelExport();
    QByteArray csv() const;
    QByteArray json() const;
    /** Draws the panel; only tiles meeting `visible` (all when null). */
    void paintPanel(QPainter &p, const QSize &size, const QRect &visible = {}) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /** An image was double-clicked or activated with Enter: its index in the test set. */
    void imageActivated(int testIndex);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    struct Metrics
    {
        int scale = 3;   ///< screen pixels per image pixel
        int tileW = 0, tileH = 0, columns = 1, header = 0, pad = 0;
        QFont titleFont, textFont;
    };
    Metrics metricsFor(int width) const;
    int rowAt(const QPoint &pos) const;
    QString className(int c) const;

    QString m_title;
    QString m_subtitle;
    QString m_placeholder;
    QVector<GalleryEntry> m_entries;
    QStringList m_names;
    int m_selected = -1;
};

} // namespace bplab
