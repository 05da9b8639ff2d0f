#pragma once
// The toolbar's Pace button: names the pace ("full", "10/s", "1 by 1") and opens the choice of
// kPaces. It shows the controller's pace and sends the user's choice; it holds no pace of its own.

#include <train/pacer.h>

#include <QToolButton>

namespace bplab {

class PaceButton : public QToolButton
{
    Q_OBJECT
public:
    explicit PaceButton(QWidget *parent = nullptr);

    /** The pace's short name on the button: "full", "10/s", "1 by 1". */
    static QString paceText(const Pace &pace);
    /** Its name in menus: "Full speed", "10 batches per second", "One sample at a time". */
    static QString paceName(const Pace &pace);

    /** Shows the pace (no signal). */
    void showPace(const Pace &pace);
    /** The pace the button shows. */
    Pace shownPace() const;
    /** As wide as the widest name in the application's font, so that the bar does not reflow
     *  when the pace changes. */
    void fitWidestName();

signals:
    void paceChosen(const bplab::Pace &pace);
};

} // namespace bplab
