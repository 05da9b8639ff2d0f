#pragma once
// By hand: the student computes a value of the stage (handcells.h) and types it; the panel checks
// it within the stated tolerance: right, with the value, or wrong, with how it is computed and the
// value still blank, to try again or reveal. Until a cell is answered right or revealed the view
// leaves its value blank (pendingValues()). A running score per stage; every part reachable with
// Tab, Return checks.

#include "handcells.h"

#include <QHash>
#include <QList>
#include <QVector>
#include <QWidget>

class QCheckBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace bplab {

class ByHandPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ByHandPanel(QWidget *parent = nullptr);

    bool isOn() const;
    void setOn(bool on);
    /** The shown stage's cells; answers already given to a cell of the same key are kept. */
    void setCells(const QVector<HandCell> &cells);
    /** setCells() without pendingChanged() (for the page being drawn), the cells' controls put
     *  between `before` and `after` in the Tab order; returns pendingValues(). */
    QVector<float> showCells(const QVector<HandCell> &cells, QWidget *before, QWidget *after);
    /** Forgets every answer (another sample, network or learning rate). */
    void reset();
    /** The values still blank: the cells neither answered nor revealed (none when off). */
    QVector<float> pendingValues() const;
    /** The keys (HandCell::key) of those cells. */
    QStringList pendingKeys() const;

    int cellCount() const { return int(m_cells.size()); }
    /** Checks `typed` as cell i's answer (what Return or Check do with the typed text); false when
     *  it is not a number (nothing is recorded then). */
    bool answer(int i, const QString &typed);
    /** Shows cell i's value without an answer. */
    void reveal(int i);
    QString verdictText(int i) const;
    /** "This stage: 1 of 2 right" */
    QString scoreText() const;
    QLineEdit *answerEdit(int i) const { return m_rows.value(i).edit; }
    /** The switch, then each cell's field and buttons, in Tab order. */
    QList<QWidget *> tabOrder() const;

signals:
    /** A cell was answered or revealed, the cells changed or the mode was switched: the blanks
     *  the page leaves (pendingValues()) may have changed. */
    void pendingChanged();
    /** Ctrl+Right (next) or Ctrl+Left in the panel: the view's stage keys, which its fields and
     *  switch would take for themselves (a word, the focus). */
    void stageKey(bool next);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Answer
    {
        bool done = false; ///< answered right or revealed: the value is shown
        bool right = false;
        QString verdict;
    };
    struct Row
    {
        QLabel *name = nullptr;
        QLineEdit *edit = nullptr;
        QPushButton *check = nullptr;
        QPushButton *reveal = nullptr;
        QLabel *verdict = nullptr;
    };
    void rebuild();
    /** The first cell still open takes the keyboard, else the switch. */
    void focusFirstOpen();
    void record(int i, const Answer &a);
    void showScore();

    QCheckBox *m_switch = nullptr;
    QWidget *m_body = nullptr;
    QGridLayout *m_grid = nullptr;
    QLabel *m_tolerance = nullptr;
    QLabel *m_score = nullptr;
    QVector<HandCell> m_cells;
    QVector<Row> m_rows;
    QHash<QString, Answer> m_answers;
};

} // namespace bplab
