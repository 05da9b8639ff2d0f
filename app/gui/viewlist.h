#pragma once
// The app's views, written once: their order is that of the side bar, the View menu, Ctrl+1..7
// and MainWindow::View; their keys are the --view names.

#include <lesson/lesson.h>

#include <QString>

namespace bplab {

inline constexpr int kViewCount = 7;
/** The views, in that order (MainWindow::View). */
enum class View { Train = 0, Step, Draw, Cluster, Data, Mistakes, Compare };

/** "train", "step", "draw", "cluster", "data", "mistakes", "compare": view i's --view name. */
QString viewKey(int view);
/** The side bar's name ("Step through"). */
QString viewTitle(int view);
/** The View menu's text with its mnemonic ("&Step through"). */
QString viewMenuText(int view);
/** The view a --view name means (also "dataset"), -1 for none. */
int viewFromName(const QString &name);
/** The view a lesson file names (by the same names). */
int viewOf(LessonView view);

} // namespace bplab
