#pragma once
// By hand: the values of a stage a student computes (the selected neuron's z, a, p, delta, a
// weight's change Delta w = -eta dL/dw and its new value, the loss), read from the StepModel, and how a typed
// answer is judged against them.

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace bplab {

class StepModel;
struct GridSpec;

/** One value of the current stage to compute by hand. */
struct HandCell
{
    QString key;   ///< what it is, stable while the sample and selection stay: its name in worksheets
                   ///< and lessons' "compute" lists ("z2:5", "Deltaw2:8:5"; handcell.h)
    QString name;  ///< rich text as the page writes it ("z<sup>(1)</sup><sub>5</sub>")
    float value = 0; ///< the model's value, as the page shows it
    QString hint;  ///< rich text: how it is computed from the values the page shows before it
};

/** The cells of stage 1..stageCount() for the model's shown sample and selected neurons (none
 *  at the input, or without a trace). */
QVector<HandCell> handCells(const StepModel &m, int stage);

/** The answer's tolerance: 0.5 % of the value (what 3 significant digits hold), at least 1e-6
 *  (so that 0 is right for an exact 0). */
double handTolerance(double value);
/** Whether `typed` is `value` within handTolerance(value). */
bool isHandRight(double typed, double value);
/** A value as the verdicts write it: 6 significant digits in the user's locale. */
QString formatHandValue(float value);
/** A typed number, in the user's locale or with a decimal point ("0,973", "0.973", "-1.2e-3");
 *  nullopt when it is none. */
std::optional<double> parseHandNumber(const QString &text);

/** html with each number whose exact value is one of `values` (a link num() wrote) shown as a
 *  blank "?". */
QString blankValues(const QString &html, const QVector<float> &values);
/** html with each number a num() link of a double wrote (a sum of terms) whose exact value is one
 *  of `sums` shown as a blank "?". */
QString blankSums(const QString &html, const QVector<double> &sums);
/** The sums of terms that give a blank z away: for each key "z<layer>.<neuron>" among `keys`, the
 *  sum of all its terms (StepModel::allTerms), which the page writes before adding the bias. */
QVector<double> sumsGivingAway(const StepModel &m, const QStringList &keys);
/** The grids with every cell blank whose value is one of `values`. */
void blankEveryValue(QVector<GridSpec> &grids, const QVector<float> &values);
/** The grids with their selected cell blank (not a number) where its value is one of `values`. */
void blankValues(QVector<GridSpec> &grids, const QVector<float> &values);

} // namespace bplab
