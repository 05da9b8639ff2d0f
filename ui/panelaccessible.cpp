#include "panelaccessible.h"

#include <QAccessibleWidget>
#include <QAbstractItemView>
#include <QComboBox>
#include <QLabel>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QHash>
#include <QPointer>
#include <QTimer>
#include <QVariant>
#include <QWidget>

#include <chrono>
#include <memory>

namespace bplab {

QString AccessibleTable::accessibleRowHeader(int) const
{
    return {};
}

QRect AccessibleTable::accessibleCellRect(int, int) const
{
    return {};
}

namespace {

/** The widget's interface: its name, role and the panel's summary as the description. */
class PanelInterface : public QAccessibleWidget
{
public:
    PanelInterface(QWidget *w, AccessiblePanel *panel) : QAccessibleWidget(w, panel->accessibleRole()), m_panel(panel) {}
    QWidget *panelWidget() const { return widget(); }

    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Description) {
            const QString summary = m_panel->accessibleSummary();
            return summary.isEmpty() ? QAccessibleWidget::text(t) : summary;
        }
        if (t == QAccessible::Name && widget()->accessibleName().isEmpty())
            return widget()->toolTip();
        return QAccessibleWidget::text(t);
    }

protected:
    AccessiblePanel *m_panel;
};

/** A child of a panel's interface that is not a widget (a cell, a bar): it asks its parent. */
class PartInterface : public QAccessibleInterface
{
public:
    explicit PartInterface(QAccessibleInterface *parent) : m_parent(parent) {}
    bool isValid() const override { return m_parent->isValid(); }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_parent->window(); }
    QAccessibleInterface *focusChild() const override { return nullptr; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override { return m_parent; }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    void setText(QAccessible::Text, const QString &) override {}
    QAccessible::State state() const override
    {
        // A part is shown where its panel is: the cells of a panel in a view not shown (a hidden
        // page of the window's stack) are not read with the view that is.
        const QAccessible::State p = m_parent->state();
        QAccessible::State s;
        s.invisible = p.invisible;
        s.offscreen = p.offscreen;
        s.readOnly = true;
        return s;
    }

protected:
    QAccessibleInterface *m_parent;
};

/** Children made on demand and kept (registered with QAccessible) while the parent lives. */
class PartCache
{
public:
    ~PartCache()
    {
        for (QAccessible::Id id : std::as_const(m_ids))
            QAccessible::deleteAccessibleInterface(id);
    }
    template <class Make>
    QAccessibleInterface *get(int key, Make make) const
    {
        if (const auto it = m_ids.constFind(key); it != m_ids.constEnd())
            return QAccessible::accessibleInterface(*it);
        QAccessibleInterface *part = make();
        m_ids.insert(key, QAccessible::registerAccessibleInterface(part));
        return part;
    }

private:
    mutable QHash<int, QAccessible::Id> m_ids;
};

class TableInterface;

/** A cell, a row header or a column header of a panel's table; row or column -1 is a header. */
class CellInterface : public PartInterface, public QAccessibleTableCellInterface
{
public:
    CellInterface(TableInterface *table, int row, int column);
    QString text(QAccessible::Text t) const override;
    QRect rect() const override;
    QAccessible::Role role() const override
    {
        return m_row < 0 ? QAccessible::ColumnHeader : m_column < 0 ? QAccessible::RowHeader : QAccessible::Cell;
    }
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TableCellInterface ? static_cast<QAccessibleTableCellInterface *>(this) : nullptr;
    }
    // QAccessibleTableCellInterface
    bool isSelected() const override { return false; }
    QList<QAccessibleInterface *> columnHeaderCells() const override;
    QList<QAccessibleInterface *> rowHeaderCells() const override;
    int columnIndex() const override { return m_column; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override;

private:
    TableInterface *m_table;
    int m_row, m_column;
};

/** A panel's table: the column headers first, then each row (its header when it has one, then
 *  its cells), as the children. */
class TableInterface : public PanelInterface, public QAccessibleTableInterface
{
public:
    TableInterface(QWidget *w, AccessibleTable *table) : PanelInterface(w, table), m_table(table) {}

    AccessibleTable *table() const { return m_table; }
    bool hasRowHeaders() const { return !m_table->accessibleRowHeader(0).isEmpty(); }
    int stride() const { return m_table->accessibleColumns() + (hasRowHeaders() ? 1 : 0); }

    /** row -1: the column headers; column -1: the row's header. */
    QAccessibleInterface *part(int row, int column) const
    {
        if (row < -1 || column < -1 || row >= m_table->accessibleRows() || column >= m_table->accessibleColumns()
            || (row == -1 && column == -1))
            return nullptr;
        auto *self = const_cast<TableInterface *>(this);
        return m_parts.get((row + 1) * 4096 + column + 1, [self, row, column] { return new CellInterface(self, row, column); });
    }

    int childCount() const override { return (m_table->accessibleRows() + 1) * stride(); }
    QAccessibleInterface *child(int index) const override
    {
        const int s = stride(), h = hasRowHeaders() ? 1 : 0;
        if (index < 0 || s == 0 || index >= childCount())
            return nullptr;
        const int row = index / s - 1, column = index % s - h;
        return row == -1 && column == -1 ? nullptr : part(row, column);
    }
    int indexOfChild(const QAccessibleInterface *c) const override
    {
        const auto *cell = c ? const_cast<QAccessibleInterface *>(c)->tableCellInterface() : nullptr;
        if (!cell || c->parent() != this)
            return -1;
        return (cell->rowIndex() + 1) * stride() + cell->columnIndex() + (hasRowHeaders() ? 1 : 0);
    }
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::TableInterface)
            return static_cast<QAccessibleTableInterface *>(this);
        return PanelInterface::interface_cast(type);
    }

    // QAccessibleTableInterface
    QAccessibleInterface *caption() const override { return nullptr; }
    QAccessibleInterface *summary() const override { return nullptr; }
    QAccessibleInterface *cellAt(int row, int column) const override
    {
        return row >= 0 && column >= 0 ? part(row, column) : nullptr;
    }
    int columnCount() const override { return m_table->accessibleColumns(); }
    int rowCount() const override { return m_table->accessibleRows(); }
    QString columnDescription(int column) const override { return m_table->accessibleColumnHeader(column); }
    QString rowDescription(int row) const override { return m_table->accessibleRowHeader(row); }
    int selectedCellCount() const override { return 0; }
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override { return 0; }
    QList<QAccessibleInterface *> selectedCells() const override { return {}; }
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override { return {}; }
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int) const override { return false; }
    bool selectRow(int) override { return false; }
    bool selectColumn(int) override { return false; }
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent *) override {}

private:
    AccessibleTable *m_table;
    PartCache m_parts;
};

CellInterface::CellInterface(TableInterface *table, int row, int column)
    : PartInterface(table), m_table(table), m_row(row), m_column(column)
{
}

QString CellInterface::text(QAccessible::Text t) const
{
    if (t != QAccessible::Name)
        return {};
    const AccessibleTable *table = m_table->table();
    if (m_row >= table->accessibleRows() || m_column >= table->accessibleColumns())
        return {};
    return m_row < 0      ? table->accessibleColumnHeader(m_column)
           : m_column < 0 ? table->accessibleRowHeader(m_row)
                          : table->accessibleCell(m_row, m_column);
}

QRect CellInterface::rect() const
{
    const QRect r = m_row >= 0 && m_column >= 0 ? m_table->table()->accessibleCellRect(m_row, m_column) : QRect();
    if (r.isEmpty())
        return m_table->rect();
    return r.translated(m_table->panelWidget()->mapToGlobal(QPoint(0, 0)));
}

QList<QAccessibleInterface *> CellInterface::columnHeaderCells() const
{
    if (m_row < 0 || m_column < 0)
        return {};
    return {m_table->part(-1, m_column)};
}

QList<QAccessibleInterface *> CellInterface::rowHeaderCells() const
{
    if (m_row < 0 || m_column < 0 || !m_table->hasRowHeaders())
        return {};
    return {m_table->part(m_row, -1)};
}

QAccessibleInterface *CellInterface::table() const
{
    return m_table;
}

class ValuesInterface;

/** One value of a panel's list: a progress bar with its value. */
class ValueInterface : public PartInterface, public QAccessibleValueInterface
{
public:
    ValueInterface(QAccessibleInterface *parent, AccessibleValues *values, int i)
        : PartInterface(parent), m_values(values), m_i(i)
    {
    }
    QString text(QAccessible::Text t) const override
    {
        if (m_i >= m_values->accessibleValueCount())
            return {};
        if (t == QAccessible::Name)
            return m_values->accessibleValueName(m_i);
        if (t == QAccessible::Value)
            return m_values->accessibleValueText(m_i);
        return {};
    }
    QRect rect() const override { return m_parent->rect(); }
    QAccessible::Role role() const override { return QAccessible::ProgressBar; }
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::ValueInterface ? static_cast<QAccessibleValueInterface *>(this) : nullptr;
    }
    QVariant currentValue() const override
    {
        return m_i < m_values->accessibleValueCount() ? QVariant(m_values->accessibleValue(m_i)) : QVariant();
    }
    void setCurrentValue(const QVariant &) override {}
    QVariant maximumValue() const override { return m_values->accessibleMaximum(); }
    QVariant minimumValue() const override { return m_values->accessibleMinimum(); }
    QVariant minimumStepSize() const override { return 0.0; }

private:
    AccessibleValues *m_values;
    int m_i;
};

class ValuesInterface : public PanelInterface
{
public:
    ValuesInterface(QWidget *w, AccessibleValues *values) : PanelInterface(w, values), m_values(values) {}
    int childCount() const override { return m_values->accessibleValueCount(); }
    QAccessibleInterface *child(int index) const override
    {
        if (index < 0 || index >= childCount())
            return nullptr;
        auto *self = const_cast<ValuesInterface *>(this);
        return m_parts.get(index, [self, index] { return new ValueInterface(self, self->m_values, index); });
    }
    int indexOfChild(const QAccessibleInterface *c) const override
    {
        for (int i = 0; i < childCount(); ++i)
            if (child(i) == c)
                return i;
        return -1;
    }

private:
    AccessibleValues *m_values;
    PartCache m_parts;
};

/** A choice box read by what it chooses and what is chosen: its name is its accessibleName() or its
 *  label's text ("Order"), its value the current item ("By index"). Qt's own interface on Linux
 *  names the box by its current item, so a screen reader walking the window heard "By index"
 *  alone. Its list stays its one child; press opens it. */
class ComboInterface : public QAccessibleWidget
{
public:
    explicit ComboInterface(QComboBox *box) : QAccessibleWidget(box, QAccessible::ComboBox) {}
    QComboBox *box() const { return static_cast<QComboBox *>(widget()); }

    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Value)
            return box()->currentText();
        if (t == QAccessible::Name) {
            if (!box()->accessibleName().isEmpty())
                return box()->accessibleName();
            const QString label = labelText();
            return label.isEmpty() ? box()->currentText() : label;
        }
        return QAccessibleWidget::text(t);
    }
    QAccessible::State state() const override
    {
        QAccessible::State s = QAccessibleWidget::state();
        s.expandable = true;
        s.expanded = box()->view() && box()->view()->isVisible();
        return s;
    }
    // The list while it is open: closed, its items are not on screen (Qt's own interface had them
    // read as shown with every view).
    bool listShown() const { return box()->view() && box()->view()->isVisible(); }
    int childCount() const override { return listShown() ? 1 : 0; }
    QAccessibleInterface *child(int index) const override
    {
        return index == 0 && listShown() ? QAccessible::queryAccessibleInterface(box()->view()) : nullptr;
    }
    int indexOfChild(const QAccessibleInterface *c) const override
    {
        return listShown() && c && c->object() == box()->view() ? 0 : -1;
    }
    QStringList actionNames() const override
    {
        return QStringList{showMenuAction(), pressAction()} + QAccessibleWidget::actionNames();
    }
    void doAction(const QString &action) override
    {
        if (action == showMenuAction() || action == pressAction())
            box()->showPopup();
        else
            QAccessibleWidget::doAction(action);
    }

private:
    /** The text of the label whose buddy the box is, without its '&' and ':'. */
    QString labelText() const
    {
        const QWidget *parent = box()->parentWidget();
        if (!parent)
            return {};
        for (const QLabel *label : parent->findChildren<QLabel *>()) {
            if (label->buddy() != box())
                continue;
            QString text = label->text();
            text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
            text.replace(QLatin1String("&&"), QLatin1String("&"));
            return text.trimmed().remove(QRegularExpression(QStringLiteral(":$")));
        }
        return {};
    }
};

/** A stack of pages (the window's views, a tab widget's tabs): the page shown is its one child
 *  for a screen reader. Qt's own interface lists every page, and Qt's item views report their cells
 *  as shown by their place alone, so a hidden view's list (Dataset's "Training image 0", the Step
 *  view's stages) was read with the view that is shown. */
class StackInterface : public QAccessibleWidget
{
public:
    explicit StackInterface(QStackedWidget *stack) : QAccessibleWidget(stack, QAccessible::LayeredPane) {}
    QStackedWidget *stack() const { return static_cast<QStackedWidget *>(widget()); }
    int childCount() const override { return stack()->currentWidget() ? 1 : 0; }
    QAccessibleInterface *child(int index) const override
    {
        return index == 0 && stack()->currentWidget() ? QAccessible::queryAccessibleInterface(stack()->currentWidget())
                                                      : nullptr;
    }
    int indexOfChild(const QAccessibleInterface *c) const override
    {
        return c && stack()->currentWidget() && c->object() == stack()->currentWidget() ? 0 : -1;
    }
};

QAccessibleInterface *panelFactory(const QString &, QObject *object)
{
    if (!object || !object->isWidgetType())
        return nullptr;
    auto *w = static_cast<QWidget *>(object);
    if (auto *box = qobject_cast<QComboBox *>(w); box && !box->isEditable())
        return new ComboInterface(box);
    if (auto *table = dynamic_cast<AccessibleTable *>(w))
        return new TableInterface(w, table);
    if (auto *values = dynamic_cast<AccessibleValues *>(w))
        return new ValuesInterface(w, values);
    if (auto *panel = dynamic_cast<AccessiblePanel *>(w))
        return new PanelInterface(w, panel);
    if (auto *stack = qobject_cast<QStackedWidget *>(w))
        return new StackInterface(stack);
    return nullptr;
}

} // namespace

void installPanelAccessibility()
{
    static bool installed = false;
    if (!installed)
        QAccessible::installFactory(panelFactory);
    installed = true;
}

void notifyPanelChanged(QWidget *panel)
{
    // At most twice a second per panel: a description that changes with every frame is noise.
    constexpr qint64 kIntervalMs = 500;
    if (!QAccessible::isActive() || !panel)
        return;
    const char *key = "bplabAccessibleNotified";
    // A monotonic clock: a wall clock set back would silence the panel until it caught up.
    const qint64 now = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::steady_clock::now().time_since_epoch())
                               .count();
    const qint64 since = now - panel->property(key).toLongLong();
    if (since < kIntervalMs) {
        // Too soon: coalesced into one notice at the interval's end, so the last change is
        // never left unsaid (a screen reader would keep the description it read before).
        const char *pending = "bplabAccessiblePending";
        if (!panel->property(pending).toBool()) {
            panel->setProperty(pending, true);
            QPointer<QWidget> guard(panel);
            QTimer::singleShot(int(kIntervalMs - since), panel, [guard, pending] {
                if (!guard)
                    return;
                guard->setProperty(pending, false);
                notifyPanelChanged(guard);
            });
        }
        return;
    }
    panel->setProperty(key, now);
    QAccessibleEvent event(panel, QAccessible::DescriptionChanged);
    QAccessible::updateAccessibility(&event);
}

} // namespace bplab
