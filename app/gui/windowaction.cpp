#include "windowaction.h"

#include <QAction>
#include <QWidget>

namespace bplab {

QAction *addWindowAction(QWidget *window, const QString &name, const QString &text, const QString &tip,
                         const QList<QKeySequence> &keys)
{
    auto *a = new QAction(text, window);
    a->setObjectName(name);
    a->setToolTip(tip);
    a->setStatusTip(tip);
    a->setShortcuts(keys);
    a->setShortcutContext(Qt::WindowShortcut);
    window->addAction(a);
    return a;
}

} // namespace bplab
