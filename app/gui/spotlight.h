#pragma once
// The spotlight for a projector: one panel alone, filling the window, at twice the window's font,
// with the toolbar, the views' list, the timeline and the lesson panel out of the way. A double
// click on a panel (or F with the focus or the mouse on it) shows it so; Esc puts it back where it
// was in its view, at its size. The panel itself is moved, so it keeps following the training.

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QAction;
class QMainWindow;
class QSplitter;
class QStackedWidget;
class QWidget;

namespace bplab {

class Spotlight : public QObject
{
    Q_OBJECT
public:
    /** pages: the stack the views are in; the spotlight is one more page of it. */
    Spotlight(QMainWindow *window, QStackedWidget *pages);

    /** A panel that can be spotlit; doubleClick: a double click on it spotlights it (off for
     *  panels that use the double click themselves, e.g. the gallery). */
    void addPanel(QWidget *panel, bool doubleClick = true);
    /** Shows `panel` alone (one of those added). */
    void show(QWidget *panel);
    /** The panel with the keyboard focus, else the one under the mouse, on the current page. */
    QWidget *panelAtFocusOrMouse() const;
    /** Back to the views. */
    void leave();
    bool isActive() const { return m_panel != nullptr; }
    QWidget *panel() const { return m_panel; }
    /** The widgets hidden while a panel is spotlit (toolbar, sidebar, timeline, docks). */
    void setChrome(const QList<QWidget *> &widgets) { m_chrome = widgets; }

signals:
    void changed(bool active);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *panelOf(QObject *object) const;

    QMainWindow *m_window;
    QStackedWidget *m_pages;
    QWidget *m_page;         // the spotlight's page in the stack
    QList<QWidget *> m_panels;
    QList<QWidget *> m_noDoubleClick;
    QList<QWidget *> m_chrome;
    QList<bool> m_chromeVisible;
    // Where the panel was: a splitter's index, a scroll area, or a layout (with a stand-in).
    QPointer<QWidget> m_panel;
    QPointer<QWidget> m_standIn;
    QWidget *m_previousPage = nullptr;
    QSplitter *m_splitter = nullptr;
    QList<int> m_splitterSizes;
    int m_splitterIndex = -1;
};

} // namespace bplab
