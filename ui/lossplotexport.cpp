// The loss plot's exports: its context menu, PNG and PDF of the plot, the history as CSV, and
// the file dialog.

#include "lossplot.h"

#include "uiformat.h"

#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QTextStream>
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
    QString out;
    QTextStream s(&out);
    s << "kind,step,epoch,batch_loss,moving_average,test_loss,test_accuracy_percent\n";
    const auto loss = m_testLoss->data();
    const auto accuracy = m_testAccuracy->data();
    std::size_t b = 0;
    int e = 0;
    const std::size_t nb = m_loss.size();
    const int ne = loss->size();
    // Merged in x order; an epoch's row follows the batches that end at its x.
    while (b < nb || e < ne) {
        if (b < nb && (e >= ne || m_x[b] <= loss->at(e)->key)) {
            s << "batch," << (b + 1) << ',' << formatExact(m_x[b]) << ',' << formatExact(m_loss[b])
              << ',' << formatExact(movingAverage(int(b))) << ",,\n";
            ++b;
        } else {
            s << "test,," << formatExact(loss->at(e)->key) << ",,,"
              << formatExact(loss->at(e)->value) << ',' << formatExact(accuracy->at(e)->value)
              << '\n';
            ++e;
        }
    }
    return out;
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
