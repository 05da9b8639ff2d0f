#include "panelexport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QTemporaryFile>

#include <cstdio>

namespace bplab {

namespace {

// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text)
{
    return QCoreApplication::translate("bplab", text);
}

QString formatName(ExportFormat f)
{
    return suffixOf(f).toUpper();
}

QString filterOf(ExportFormat f)
{
    switch (f) {
    case ExportFormat::Png: return tr("PNG image (*.png)");
    case ExportFormat::Pdf: return tr("PDF document (*.pdf)");
    case ExportFormat::Csv: return tr("CSV table (*.csv)");
    case ExportFormat::Json: return tr("JSON (*.json)");
    }
    return {};
}

bool isPicture(ExportFormat f)
{
    return f == ExportFormat::Png || f == ExportFormat::Pdf;
}

QString cannotWrite(const QString &file, const QString &why)
{
    return tr("Could not write %1: %2. Check that the folder exists and that you may write to it, "
              "then export again.")
            .arg(file, why);
}

} // namespace

QString suffixOf(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png: return QStringLiteral("png");
    case ExportFormat::Pdf: return QStringLiteral("pdf");
    case ExportFormat::Csv: return QStringLiteral("csv");
    case ExportFormat::Json: return QStringLiteral("json");
    }
    return {};
}

std::optional<ExportFormat> exportFormatOf(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    for (ExportFormat f : {ExportFormat::Png, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json})
        if (suffix == suffixOf(f))
            return f;
    return std::nullopt;
}

QString writePanel(const PanelExport &panel, const QString &file)
{
    const std::optional<ExportFormat> format = exportFormatOf(file);
    if (!format || !panel.formats.contains(*format)) {
        QStringList names;
        for (ExportFormat f : panel.formats)
            names << QLatin1Char('.') + suffixOf(f);
        return tr("%1: %2 can be written as %3.").arg(file, panel.title, names.join(QStringLiteral(", ")));
    }
    if (!isPicture(*format)) {
        const QByteArray bytes = panel.data ? panel.data(*format) : QByteArray();
        if (bytes.isEmpty())
            return tr("Nothing to export yet: %1 has no values.").arg(panel.title);
        QSaveFile out(file);
        if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
            return cannotWrite(file, out.errorString());
        return {};
    }
    // The picture goes to a temporary file in the same folder first, then replaces the target
    // in one rename.
    const QFileInfo target(file);
    QTemporaryFile temp(target.absoluteDir().filePath(QStringLiteral(".%1-XXXXXX.%2")
                                                              .arg(target.completeBaseName(), target.suffix())));
    if (!temp.open())
        return cannotWrite(file, temp.errorString());
    temp.close();
    if (!panel.picture || !panel.picture(temp.fileName(), *format))
        return cannotWrite(file, tr("the picture could not be drawn"));
    if (std::rename(QFile::encodeName(temp.fileName()).constData(), QFile::encodeName(file).constData()) != 0)
        return cannotWrite(file, tr("it could not replace the file there"));
    temp.setAutoRemove(false); // renamed away
    return {};
}

QString exportWithDialog(QWidget *parent, const PanelExport &panel, ExportFormat format,
                         const QString &folder)
{
    const QString base = panel.name + QLatin1Char('.') + suffixOf(format);
    QString file = QFileDialog::getSaveFileName(parent, tr("Export %1").arg(panel.title),
                                                folder.isEmpty() ? base : QDir(folder).filePath(base),
                                                filterOf(format));
    if (file.isEmpty())
        return {};
    if (exportFormatOf(file) != format)
        file += QLatin1Char('.') + suffixOf(format);
    if (const QString error = writePanel(panel, file); !error.isEmpty()) {
        QMessageBox::warning(parent, tr("Export"), error);
        return {};
    }
    return file;
}

void addExportActions(QMenu *menu, QWidget *parent, const PanelExport &panel)
{
    for (ExportFormat f : panel.formats) {
        const QString label = isPicture(f) ? tr("Export as %1…").arg(formatName(f))
                                           : tr("Export the values as %1…").arg(formatName(f));
        menu->addAction(label, parent, [parent, panel, f] { exportWithDialog(parent, panel, f); });
    }
}

} // namespace bplab
