#pragma once
// A worksheet: one sample's numbers through the stages of a dense network (the input, z, a, f'(z)
// and delta of a few neurons per hidden layer, the logits, e^z, probabilities, the loss, delta,
// and a few weights' dL/dw and values after one SGD step) with the cells a student computes blank
// (handcell.h), and a second page with the answers. Every number is explain's, written with 4
// significant digits. buildWorksheet() makes the content; writeWorksheetPdf() prints it.

#include "lesson/handcell.h"

#include <QPageSize>
#include <QString>
#include <QStringList>
#include <QVector>

#include <vector>

namespace bplab {

/** One number of the sheet. */
struct SheetCell
{
    QString text;           ///< the value as printed ("0.9731"), or a label
    QString blankName;      ///< the cell the student computes ("p:8"); empty: shown on page 1
    bool givesAway = false; ///< blank on page 1 too: it shows a blank cell's number
    bool numeric = true;
    bool isBlank() const { return !blankName.isEmpty() || givesAway; }
};

struct SheetTable
{
    QString title;
    QString note; ///< a line under the title (the formulas)
    QStringList header;
    QVector<QVector<SheetCell>> rows;
};

struct Worksheet
{
    QString title;        ///< "Backprop Lab worksheet: test image 17"
    QString subtitle;     ///< the network, the label, the learning rate
    QVector<float> image; ///< 784 input values (drawn as the digit), empty: none
    QVector<SheetTable> tables;
    /** The blank cells in the order given: name and value as printed. */
    QVector<QPair<QString, QString>> answers;
};

/** What a worksheet is of: a network, its weights, the sample's trace (explainSample, with its
 *  learning rate) and where the sample is from ("test image 17"). */
struct WorksheetSample
{
    Architecture arch;
    MlpParamsF params;
    MlpTraceF trace;
    QString source;
};

/** Where a sheet's sample is from, in the sheet's language: "test image 17". */
QString sheetSource(bool test, long long index);
/** A number as the sheet writes it: 4 significant digits ("0.9731", "-12.35", "3.2e-05"). */
QString sheetNumber(double value);
/** The cells blank when no --blanks is given: the first shown neuron's z and a of the first
 *  hidden layer, the label's probability, the loss, the label's output delta and one weight's
 *  dL/dw and new value. */
std::vector<HandCellRef> defaultBlanks(const WorksheetSample &sample);
/** The sheet; every blank must fit the network (handCellFits). */
Worksheet buildWorksheet(const WorksheetSample &sample, const std::vector<HandCellRef> &blanks);
/** Writes the sheet as a two-page PDF (page 1 with the blanks, page 2 the answers); an error
 *  message when the file cannot be written, else empty. Needs a QGuiApplication (fonts). */
QString writeWorksheetPdf(const Worksheet &sheet, const QString &file, QPageSize::PageSizeId page);

} // namespace bplab
