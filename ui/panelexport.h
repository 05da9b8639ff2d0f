#pragma once
// One way to export any panel: what it can write (a picture and its data), the file dialog, the
// context-menu entries, and the write itself, which goes to a temporary file beside the target and
// replaces it only when complete (a failed export never leaves half a file in place of a good one).
// A panel that can draw itself onto any paint device (render) gets PNG at twice its size, SVG with
// its text kept as text, and PDF from that one drawing.

#include <QByteArray>
#include <QList>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>

class QCustomPlot;
class QMenu;
class QPaintDevice;
class QPainter;
class QWidget;

namespace bplab {

enum class ExportFormat { Png, Svg, Pdf, Csv, Json };

/** "png", "svg", "pdf", "csv", "json". */
QString suffixOf(ExportFormat format);
/** The format a file name's suffix names (case-insensitive); none for other suffixes. */
std::optional<ExportFormat> exportFormatOf(const QString &fileName);

struct PanelExport
{
    QString name;  ///< base of the suggested file name: "loss", "heatmaps", "step-trace"
    QString title; ///< what the dialogs call it: "the loss plot"
    /** The formats offered, pictures first. */
    QList<ExportFormat> formats;
    /** Writes a picture (Png at twice the screen's resolution, Pdf) to `file`; where both this
     *  and render are set, this one writes PNG and PDF and render SVG. */
    std::function<bool(const QString &file, ExportFormat format)> picture;
    /** Draws the panel onto `device` in logical pixels of renderSize() (the device may be a 2x
     *  image, an SVG or a PDF page); false when there is nothing to draw. */
    std::function<bool(QPaintDevice *device, const QSize &size)> render;
    std::function<QSize()> renderSize;
    /** The data as text (Csv, Json); empty when there is nothing to export yet. */
    std::function<QByteArray(ExportFormat format)> data;
};

/** A PanelExport::render that opens a painter on the device and hands it to `paint` (false when
 *  the device cannot be painted on). */
std::function<bool(QPaintDevice *, const QSize &)>
paintingWith(std::function<void(QPainter &painter, const QSize &size)> paint);

/** Sets e.render and e.renderSize for a panel drawn as it is on screen: the widget and its
 *  children over its window colour, at its size (its size hint while it has not been laid out). */
void drawWidgetAsShown(PanelExport &e, QWidget *widget);

/** Sets e.picture, e.render and e.renderSize for a plot drawn as it is on screen, at size():
 *  PNG (at twice the screen's resolution: sharp on slides) and PDF through the plot's own writers,
 *  SVG through its painter, vectorised, so that lines and text stay lines and text. `prepare`
 *  (may be empty) runs before each picture. */
void drawPlotAsShown(PanelExport &e, QCustomPlot *plot, std::function<QSize()> size,
                     std::function<void()> prepare = {});

/** Png, Svg, Pdf, every format that is a picture; Csv, Json are data. */
bool isPictureFormat(ExportFormat format);

/** The picture of a panel with render(): PNG at 2x, SVG (title as its <title>), PDF (one page
 *  of the panel's size). Returns false when it could not be drawn or written. */
bool renderPicture(const PanelExport &panel, const QString &file, ExportFormat format);

/** Writes the panel to `file`, in the format its suffix names. Returns "" or the message for a
 *  person ("Could not write /x/loss.csv: ...", "Nothing to export yet: ..."). */
QString writePanel(const PanelExport &panel, const QString &file);

/** Asks for a file of `format` and writes it; a failure is shown in a message box. Returns the
 *  file written, or "" (cancelled or failed). */
QString exportWithDialog(QWidget *parent, const PanelExport &panel, ExportFormat format,
                         const QString &folder = {});

/** "Export as PNG…" and the others of panel.formats, each through exportWithDialog(). */
void addExportActions(QMenu *menu, QWidget *parent, const PanelExport &panel);

} // namespace bplab
