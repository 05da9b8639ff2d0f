#pragma once
// One way to export any panel: what it can write (a picture and its data), the file dialog, the
// context-menu entries, and the write itself, which goes to a temporary file beside the target and
// replaces it only when complete (a failed export never leaves half a file in place of a good one).

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

class QMenu;
class QWidget;

namespace bplab {

enum class ExportFormat { Png, Pdf, Csv, Json };

/** "png", "pdf", "csv", "json". */
QString suffixOf(ExportFormat format);
/** The format a file name's suffix names (case-insensitive); none for other suffixes. */
std::optional<ExportFormat> exportFormatOf(const QString &fileName);

struct PanelExport
{
    QString name;  ///< base of the suggested file name: "loss", "heatmaps", "step-trace"
    QString title; ///< what the dialogs call it: "the loss plot"
    /** The formats offered, pictures first. */
    QList<ExportFormat> formats;
    /** Writes a picture (Png at twice the screen's resolution, Pdf) to `file`. */
    std::function<bool(const QString &file, ExportFormat format)> picture;
    /** The data as text (Csv, Json); empty when there is nothing to export yet. */
    std::function<QByteArray(ExportFormat format)> data;
};

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
