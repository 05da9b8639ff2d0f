#include "pacebutton.h"

#include <QActionGroup>
#include <QApplication>
#include <QMenu>

#include <algorithm>

namespace bplab {

PaceButton::PaceButton(QWidget *parent)
    : QToolButton(parent)
{
    // A button that names the pace and opens the choice: narrower than a combo box, so that the
    // bar keeps every field at a projector's font.
    setObjectName(QStringLiteral("paceBox"));
    setPopupMode(QToolButton::InstantPopup);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    setToolTip(tr("Pace: full speed, or so many batches a second that a class can follow "
                  "(every batch is shown), or one sample of the batch at a time with the "
                  "update after the last. + and - change it, also while training."));
    auto *menu = new QMenu(this);
    auto *group = new QActionGroup(menu);
    for (const Pace &p : kPaces) {
        QAction *a = menu->addAction(paceName(p));
        a->setCheckable(true);
        a->setActionGroup(group);
        connect(a, &QAction::triggered, this, [this, p] { emit paceChosen(p); });
    }
    setMenu(menu);
    showPace(Pace {});
}

QString PaceButton::paceName(const Pace &pace)
{
    if (pace.full())
        return tr("Full speed");
    if (pace.perSample)
        return tr("One sample at a time");
    return tr("%1 batches per second").arg(pace.perSecond);
}

QString PaceButton::paceText(const Pace &pace)
{
    if (pace.full())
        return tr("full");
    if (pace.perSample)
        return tr("1 by 1");
    return tr("%1/s").arg(pace.perSecond);
}

void PaceButton::showPace(const Pace &pace)
{
    const int i = paceIndex(pace);
    setText(paceText(kPaces[std::size_t(i)]));
    menu()->actions().value(i)->setChecked(true);
}

Pace PaceButton::shownPace() const
{
    const QList<QAction *> actions = menu()->actions();
    for (int i = 0; i < int(actions.size()); ++i)
        if (actions[i]->isChecked())
            return kPaces[std::size_t(i)];
    return {};
}

void PaceButton::fitWidestName()
{
    const QFontMetrics fm(QApplication::font());
    int widest = 0;
    for (const Pace &p : kPaces)
        widest = std::max(widest, fm.horizontalAdvance(paceText(p)));
    setMinimumWidth(widest + fm.height() / 2);
}

} // namespace bplab
