#pragma once
// An action of the main window: named (tests and scripts find it by its object name), its tip in
// the tooltip and the status bar, its keys working whichever panel has the focus.

#include <QKeySequence>
#include <QList>
#include <QString>

class QAction;
class QWidget;

namespace bplab {

/** A new action owned by and added to `window`, with a window-wide shortcut context. */
QAction *addWindowAction(QWidget *window, const QString &name, const QString &text, const QString &tip,
                         const QList<QKeySequence> &keys = {});

} // namespace bplab
