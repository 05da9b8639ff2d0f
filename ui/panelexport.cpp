#include "panelexport.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QImage>
#include <QMessageBox>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTemporaryFile>
#include <QWidget>

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
    case ExportFormat::Svg: return tr("SVG drawing (*.svg)");
    case ExportFormat::Pdf: return tr("PDF document (*.pdf)");
    case ExportFormat::Csv: return tr("CSV table (*.csv)");
    case ExportFormat::Json: return tr("JSON (*.json)");
    }
    return {};
}

bool isPicture(ExportFormat f)
{
    return isPictureFormat(f);
}

// Logical pixels per inch of the vector formats: a panel's fonts (in points) keep the size they
// have on a 96-dpi screen relative to its drawing.
constexpr int kVectorDpi = 96;

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
    case ExportFormat::Svg: return QStringLiteral("svg");
    case ExportFormat::Pdf: return QStringLiteral("pdf");
    case ExportFormat::Csv: return QStringLiteral("csv");
    case ExportFormat::Json: return QStringLiteral("json");
    }
    return {};
}

std::optional<ExportFormat> exportFormatOf(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    for (ExportFormat f : {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json})
        if (suffix == suffixOf(f))
            return f;
    return std::nullopt;
}

std::function<bool(QPaintDevice *, const QSize &)>
paintingWith(std::function<void(QPainter &painter, const QSize &size)> paint)
{
    return [paint = std::move(paint)](QPaintDevice *device, const QSize &size) {
        QPainter p(device);
        if (!p.isActive())
            return false;
        paint(p, size);
        return true;
    };
}

void drawWidgetAsShown(PanelExport &e, QWidget *widget)
{
    e.render = paintingWith([widget](QPainter &p, const QSize &size) {
        p.fillRect(QRect(QPoint(0, 0), size), widget->palette().window());
        widget->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
    });
    e.renderSize = [widget] {
        const QSize s = widget->size();
        return s.width() < 100 || s.height() < 100 ? widget->sizeHint() : s;
    };
}

void drawPlotAsShown(PanelExport &e, QCustomPlot *plot, std::function<QSize()> size, std::function<void()> prepare)
{
    e.picture = [plot, size, prepare](const QString &file, ExportFormat format) {
        if (prepare)
            prepare();
        const QSize s = size();
        return format == ExportFormat::Png ? plot->savePng(file, s.width(), s.height(), 2.0)
                                           : plot->savePdf(file, s.width(), s.height());
    };
    e.render = [plot, prepare](QPaintDevice *device, const QSize &s) {
        if (prepare)
            prepare();
        QCPPainter painter(device);
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, s.width(), s.height());
        return true;
    };
    e.renderSize = std::move(size);
}

bool isPictureFormat(ExportFormat format)
{
    return format == ExportFormat::Png || format == ExportFormat::Svg || format == ExportFormat::Pdf;
}

bool renderPicture(const PanelExport &panel, const QString &file, ExportFormat format)
{
    if (!panel.render)
        return false;
    const QSize size = panel.renderSize ? panel.renderSize() : QSize(1200, 800);
    if (size.isEmpty())
        return false;
    switch (format) {
    case ExportFormat::Png: {
        // Twice the logical size: sharp on slides and in documents.
        QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2.0);
        image.fill(Qt::white);
        return panel.render(&image, size) && image.save(file, "PNG");
    }
    case ExportFormat::Svg: {
        QSvgGenerator svg;
        svg.setFileName(file);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setResolution(kVectorDpi);
        svg.setTitle(panel.title);
        svg.setDescription(QStringLiteral("Backprop Lab"));
        return panel.render(&svg, size) && QFileInfo(file).size() > 0;
    }
    case ExportFormat::Pdf: {
        QPdfWriter pdf(file);
        pdf.setResolution(kVectorDpi);
        pdf.setPageLayout(QPageLayout(QPageSize(QSizeF(size.width() * 72.0 / kVectorDpi, size.height() * 72.0 / kVectorDpi),
                                                QPageSize::Point),
                                      QPageLayout::Portrait, QMarginsF()));
        pdf.setTitle(panel.title);
        pdf.setCreator(QStringLiteral("Backprop Lab"));
        return panel.render(&pdf, size);
    }
    default: return false;
    }
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
    // A panel's own picture writer wins where it has one (QCustomPlot's PNG and PDF); SVG and
    // every picture of a panel without one come from render().
    const bool own = panel.picture && (*format != ExportFormat::Svg || !panel.render);
    const bool drawn = own ? panel.picture(temp.fileName(), *format) : renderPicture(panel, temp.fileName(), *format);
    if (!drawn)
        return cannotWrite(file, tr("the picture could not be drawn"));
    // A temporary file is private to its owner; the picture is a document like any other.
    temp.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
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
