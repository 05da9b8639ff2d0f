#pragma once
// The Step view's left column: the list of stages (their names, or a grid of their numbers in a
// compact view), Back and Next, the export buttons, and under them the network's sizes or, in a
// compact view, what the view puts there instead (its network diagram).

#include <panelexport.h>

#include <QList>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;
class QVBoxLayout;

namespace bplab {

class StepModel;

class StageColumn : public QWidget
{
    Q_OBJECT
public:
    explicit StageColumn(StepModel *model, QWidget *parent = nullptr);

    QListWidget *stageList() const { return m_stageList; }
    QPushButton *backButton() const { return m_back; }
    QPushButton *nextButton() const { return m_next; }
    const QList<QPushButton *> &exportButtons() const { return m_exportButtons; }
    QLabel *sizes() const { return m_sizes; }
    /** The sizes table as plain text. */
    QString sizesText() const;

    /** The stages of the model's network: names in a list, or numbers in a grid when compact. */
    void showStages(bool compact);
    /** The model's stage chosen in the list; Back and Next enabled where they lead somewhere. */
    void showStage(int stage);
    /** The sizes table of the model's network. */
    void showSizes();
    /** The list's and the sizes' fonts from the view's, and a width for the longest stage name. */
    void applyFonts(const QFont &viewFont);
    /** Under the buttons: `below` takes the column's remaining height (the sizes or the diagram);
     *  what was there leaves the column's layout (its new layout takes it). */
    void setBelow(QWidget *below);

signals:
    void exportRequested(bplab::ExportFormat format);

private:
    void fillStageList();

    StepModel *m_model;
    QListWidget *m_stageList = nullptr;
    QPushButton *m_back = nullptr;
    QPushButton *m_next = nullptr;
    QList<QPushButton *> m_exportButtons;
    QLabel *m_sizes = nullptr;
    QVBoxLayout *m_layout = nullptr;
    QWidget *m_below = nullptr;
    bool m_compact = false;
};

} // namespace bplab
