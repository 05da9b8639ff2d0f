#pragma once
// The layer a conv panel shows, one at a time so that its pictures are large enough to read from
// the back of a room: "< 2 of 4 >" in the panel's top right corner, its buttons go to the
// previous or next layer; a panel with one layer shows no chooser.

#include <QWidget>

class QLabel;
class QToolButton;

namespace bplab {

class LayerChooser : public QWidget
{
    Q_OBJECT
public:
    /** A child of `panel`, kept in its top right corner. */
    explicit LayerChooser(QWidget *panel);

    /** n layers (0: none); the shown one stays where it can, else the first. */
    void setCount(int n);
    int count() const { return m_count; }
    int current() const { return m_current; }
    /** Shows layer i (clamped to the layers there are); emits changed() when it moves. */
    void setCurrent(int i);
    /** The width the panel's title leaves free for the chooser (0 when hidden). */
    int reservedWidth() const;

signals:
    void changed(int layer);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void place();
    void showCurrent();

    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
    QLabel *m_position = nullptr;
    int m_count = 0;
    int m_current = 0;
};

} // namespace bplab
