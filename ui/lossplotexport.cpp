// The loss plot's exports: its context menu, PNG and PDF of the plot, the history as CSV, and
// the file dialog.

#include "lossplot.h"

#include "uiformat.h"

#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <qcustomplot.h>

namespace bplab {

void LossPlot::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    menu.addAction(tr("Export as PNG…"), this, [this] { exportWithDialog(QStringLiteral("png")); });
    menu.addAction(tr("Export as PDF…"), this, [this] { exportWithDialog(QStringLiteral("pdf")); });
    menu.addAction(tr("Export loss history as CSV…"), this,
                   [this] { exportWithDialog(QStringLiteral("csv")); });
    menu.addSeparator();
    QAction *reset
            = menu.addAction(tr("Follow the data (reset zoom)"), this, [this] { resetView(); });
    reset->setEnabled(m_userZoomed);
    menu.exec(m_plot->mapToGlobal(pos));
}

void LossPlot::exportWithDialog(const QString &kind)
{
    const QString filter = kind == QLatin1String("png")   ? tr("PNG image (*.png)")
                           : kind == QLatin1String("pdf") ? tr("PDF document (*.pdf)")
                                                          : tr("CSV table (*.csv)");
    QString fileName = QFileDialog::getSaveFileName(this, tr("Export loss plot"),
                                                    QStringLiteral("loss.") + kind, filter);
    if (fileName.isEmpty())
        return;
    if (!fileName.endsWith(QLatin1Char('.') + kind, Qt::CaseInsensitive))
        fileName += QLatin1Char('.') + kind;
    if (kind == QLatin1String("png"))
        exportPng(fileName);
    else if (kind == QLatin1String("pdf"))
        exportPdf(fileName);
    else
        exportCsv(fileName);
}

// The size on screen; a plot never shown (an export from a script) gets a slide-sized page.
QSize LossPlot::exportSize() const
{
    if (m_plot->isVisible() && m_plot->width() >= 200 && m_plot->height() >= 150)
        return m_plot->size();
    return {1200, 700};
}

bool LossPlot::exportPng(const QString &fileName)
{
    // Twice the on-screen resolution: sharp on slides and in documents.
    const QSize size = exportSize();
    const bool ok = m_plot->savePng(fileName, size.width(), size.height(), 2.0);
    emit exported(fileName, ok);
    return ok;
}

bool LossPlot::exportPdf(const QString &fileName)
{
    const QSize size = exportSize();
    const bool ok = m_plot->savePdf(fileName, size.width(), size.height());
    emit exported(fileName, ok);
    return ok;
}

QString LossPlot::csvText() const
{
    return QString::fromStdString(m_history.csv());
}

bool LossPlot::exportCsv(const QString &fileName) const
{
    QFile file(fileName);
    bool ok = file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text);
    if (ok)
        ok = file.write(csvText().toUtf8()) >= 0;
    if (ok)
        ok = file.flush();
    emit const_cast<LossPlot *>(this)->exported(fileName, ok);
    return ok;
}

} // namespace bplab
