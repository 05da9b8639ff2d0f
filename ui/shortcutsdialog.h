#pragma once
// Help > Keyboard shortcuts: a table built from the window's actions, so it is always current.

#include <QDialog>
#include <QList>

class QAction;
class QTableWidget;

namespace bplab {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);
    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table = nullptr;
};

} // namespace bplab
