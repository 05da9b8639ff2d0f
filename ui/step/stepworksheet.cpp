#include "stepworksheet.h"

#include "stepmodel.h"
#include "worksheet.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QLocale>
#include <QMessageBox>
#include <QStandardPaths>

namespace bplab {

namespace {

// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text)
{
    return QCoreApplication::translate("bplab", text);
}

/** "test #12" -> ("test", 12); a drawn digit's name -> (name, -1). */
std::pair<QString, long long> worksheetSource(const StepModel &m)
{
    const QString source = m.shownSampleSource();
    if (const qsizetype hash = source.indexOf(QLatin1String(" #")); hash > 0)
        return {source.left(hash), source.mid(hash + 2).toLongLong()};
    return {source, -1};
}

} // namespace

QString writeStepWorksheet(const StepModel &m, const QString &file, QPageSize::PageSizeId page)
{
    if (!m.hasTrace() || !m.network() || !m.arch().layers.empty())
        return tr("Nothing to put on a worksheet yet: choose an image and a model of a "
                           "dense network first.");
    WorksheetSample sample;
    sample.arch = m.arch();
    sample.params = *m.network();
    sample.trace = m.trace();
    sample.trace.lr = m.learningRate(); // the step the pages take
    const auto [set, index] = worksheetSource(m);
    sample.source = index >= 0 ? tr("%1 image %2").arg(set).arg(index) : set;
    return writeWorksheetPdf(buildWorksheet(sample, defaultBlanks(sample)), file, page);
}

void saveStepWorksheet(QWidget *parent, const StepModel &m)
{
    const auto [set, index] = worksheetSource(m);
    const QString name = index >= 0 ? QStringLiteral("worksheet-%1-%2.pdf").arg(set).arg(index)
                                    : QStringLiteral("worksheet.pdf");
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    const QString file
            = QFileDialog::getSaveFileName(parent, tr("Export worksheet"),
                                           QDir(dir).filePath(name), tr("PDF (*.pdf)"));
    if (file.isEmpty())
        return;
    const QLocale::Territory where = QLocale().territory();
    const bool letter = where == QLocale::UnitedStates || where == QLocale::Canada
                        || where == QLocale::Mexico;
    if (const QString error
        = writeStepWorksheet(m, file, letter ? QPageSize::Letter : QPageSize::A4);
        !error.isEmpty())
        QMessageBox::warning(parent, tr("Export worksheet"), error);
}

} // namespace bplab
