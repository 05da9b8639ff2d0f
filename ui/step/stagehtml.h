#pragma once
// Small rich-text builders shared by the stage pages (internal to bplab_stepview).

#include "nn/params.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace bplab::html {

/** A number: 4 significant digits shown, the exact value as link target (hover). */
QString num(float v);
QString num(double v);
/** num(v), in parentheses when negative (an operand after + or ·). */
QString op(float v);
QString op(double v);
/** A paragraph. */
QString p(const QString &text);
/** A one-line note in a smaller, muted style. */
QString note(const QString &text);
/** A table with a header row; cells are already HTML. highlightRow: a row drawn bold (-1: none). */
QString table(const QStringList &header, const QVector<QStringList> &rows, int highlightRow = -1);
/** "x<sub>i</sub>" */
QString sub(const QString &base, const QString &index);
/** A page's text as a screen reader gets it: plain, x_k for a subscript, e^(z_k) and w^(1) for
 *  superscripts (a label's own plain text drops them: "pk = ezk"). */
QString spoken(const QString &html);

} // namespace bplab::html
