#pragma once
// What a screen reader learns from a panel that paints its data. A panel implements one of these
// from the values it was given (the same values it draws); installPanelAccessibility() gives every
// such widget a QAccessibleInterface: a table where the panel shows a table, a list of values where
// it shows bars, and for plots and pictures its name with a short description of what it shows now.

#include <QAccessible>
#include <QRect>
#include <QString>

class QWidget;

namespace bplab {

/** A panel that says in a sentence or two what it shows now (the description of a plot or a
 *  picture). The name is the widget's accessibleName(). */
class AccessiblePanel
{
public:
    virtual ~AccessiblePanel() = default;
    /** What the panel shows now, translated; "" says nothing more than its name. */
    virtual QString accessibleSummary() const = 0;
    /** Chart for plots, Graphic for pictures, Table and List for the interfaces below. */
    virtual QAccessible::Role accessibleRole() const { return QAccessible::Graphic; }
};

/** A panel that shows a table. Rows and columns count the body; headers are separate. */
class AccessibleTable : public AccessiblePanel
{
public:
    QAccessible::Role accessibleRole() const override { return QAccessible::Table; }
    virtual int accessibleRows() const = 0;
    virtual int accessibleColumns() const = 0;
    /** The cell's text as the screen shows it (the number with its digits). */
    virtual QString accessibleCell(int row, int column) const = 0;
    virtual QString accessibleColumnHeader(int column) const = 0;
    /** "" for every row: the table has no row headers. */
    virtual QString accessibleRowHeader(int row) const;
    /** Where the cell is drawn, in widget coordinates (empty: the whole panel). */
    virtual QRect accessibleCellRect(int row, int column) const;
};

/** A panel that shows values in a range, e.g. ten probability bars. */
class AccessibleValues : public AccessiblePanel
{
public:
    QAccessible::Role accessibleRole() const override { return QAccessible::List; }
    virtual int accessibleValueCount() const = 0;
    /** The value's name ("class 7"). */
    virtual QString accessibleValueName(int i) const = 0;
    /** The value as the screen writes it ("92.3 %"). */
    virtual QString accessibleValueText(int i) const = 0;
    virtual double accessibleValue(int i) const = 0;
    virtual double accessibleMinimum() const { return 0.0; }
    virtual double accessibleMaximum() const { return 1.0; }
};

/** Registers the factory for the interfaces above (QAccessible::installFactory); once per
 *  application, later calls do nothing. */
void installPanelAccessibility();

/** The panel's description changed (called where a panel's values change): a screen reader is
 *  told at most twice a second per panel, changes in between coalesced into one notice at the
 *  interval's end, so the last one always reaches it. */
void notifyPanelChanged(QWidget *panel);

} // namespace bplab
