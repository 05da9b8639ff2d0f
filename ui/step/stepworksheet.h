#pragma once
// The Step view's sample as a printable worksheet (worksheet.h): what `backprop-lab-cli
// worksheet` writes for the same image and weights, with its default blanks.

#include <QPageSize>
#include <QString>

class QWidget;

namespace bplab {

class StepModel;

/** Writes the worksheet of the image m shows at m's weights and learning rate; an error message
 *  a person can act on (no image or model yet, a file that cannot be written), else empty. */
QString writeStepWorksheet(const StepModel &m, const QString &file, QPageSize::PageSizeId page);
/** writeStepWorksheet() to a PDF the person chooses (A4, or Letter where the locale uses it); a
 *  message box says what went wrong. */
void saveStepWorksheet(QWidget *parent, const StepModel &m);

} // namespace bplab
