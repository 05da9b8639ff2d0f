#pragma once
// The classroom in the window: File > Classroom… (start on an interface, or stop), the Class view
// (a dock with the Class panel, a panel of the registry: exported and spotlit like the others),
// and --classroom's start. The session (classroomsession.h) owns the server and the drawings;
// this only wires them to the panel and the menu.

#include <QHash>
#include <QHostAddress>
#include <QImage>
#include <QObject>
#include <QTimer>

class QAction;
class QDockWidget;
class QMenu;

namespace bplab {

class ClassPanel;
class ClassroomSession;
class MainWindow;
class PanelRegistry;

class ClassroomUi : public QObject
{
    Q_OBJECT
public:
    /** Adds File > Classroom… to `file` and binds the "class" panel in `registry`. */
    ClassroomUi(MainWindow *window, PanelRegistry *registry, QMenu *file);

    ClassroomSession *session() const { return m_session; }
    ClassPanel *panel() const { return m_panel; }
    QDockWidget *dock() const { return m_dock; }
    QAction *action() const { return m_action; }
    /** Starts the server (and shows the Class view); false with a message in the banner. */
    bool start(const QHostAddress &address, quint16 port);
    void stop();
    /** Why the last start failed. */
    QString errorString() const;
    /** File > Classroom…: the dialog that starts or stops it. */
    void showDialog();

private:
    void showDrawings();
    void showServer();
    void collect();
    /** The class answers the lesson's questions too: each step's question goes to the page, the
     *  class's answers into the lesson's tally, the reveal to everyone. */
    void followLesson();

    MainWindow *m_window;
    ClassroomSession *m_session;
    ClassPanel *m_panel;
    QDockWidget *m_dock;
    QAction *m_action;
    QTimer m_showDrawings; // coalesces a class's burst of drawings into one update of the mosaic
    QHash<int, QImage> m_pictures; // each drawing's picture as the mosaic shows it, made once
};

/** The window's classroom (null before the menus exist). */
ClassroomUi *classroomOf(const MainWindow *window);

} // namespace bplab
