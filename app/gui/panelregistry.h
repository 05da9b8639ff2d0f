#pragma once
// Every panel of the views in one table: its id (the name --export-panel takes), its view, its menu
// text and readable name, and, once the window has made them, its widget and its export. File >
// Export panel, the right-click menu, --export-panel, the spotlight and the accessible names all
// read this table; a new panel is one row here and one bind() where the window makes it.

#include <panelexport.h>

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QMenu;
class QWidget;

namespace bplab {

class PanelRegistry : public QObject
{
    Q_OBJECT
public:
    struct Panel
    {
        const char *id;       ///< "loss"
        int view;             ///< MainWindow::View
        const char *menuText; ///< File > Export panel's entry ("&Loss plot"); also the spotlight's
        const char *name;     ///< what a screen reader calls it ("Loss plot")
        bool exported;        ///< in File > Export panel and --export-panel
        bool spotlight;       ///< F and a double click show it alone
        bool doubleClick;     ///< a double click spotlights it (off where the panel uses it)
        bool contextMenu;     ///< the registry's right-click menu (off for a page of controls)
        QPointer<QWidget> widget;
        std::function<PanelExport()> exporter; ///< set for exported panels
    };

    explicit PanelRegistry(QObject *parent = nullptr);

    /** The ids of the exported panels in File > Export panel's order (no window needed). */
    static QStringList exportIds();
    /** The view of panel `id`; none for an unknown id. */
    static std::optional<int> viewOf(const QString &id);

    /** Gives panel `id` its widget (named for screen readers, reachable by Tab, with the
     *  registry's right-click menu) and its export. */
    void bind(const char *id, QWidget *widget, std::function<PanelExport()> exporter = {});
    const QList<Panel> &panels() const { return m_panels; }
    const Panel *find(const QString &id) const;
    /** The panel `object` is or lies in; null when none. */
    const Panel *panelOf(const QObject *object) const;
    /** The panel's export; none for an unknown id or a panel without one. */
    std::optional<PanelExport> exportOf(const QString &id) const;
    static QString menuText(const Panel &panel);
    static QString name(const Panel &panel);
    /** The export of a panel class with panelExport(), for bind(). */
    template<class P>
    static std::function<PanelExport()> exporterOf(P *panel)
    {
        return [panel] { return panel->panelExport(); };
    }

    /** What "Spotlight" in the right-click menu does with a panel. */
    void setSpotlightHandler(std::function<void(QWidget *)> handler) { m_spotlight = std::move(handler); }
    /** The panel's right-click menu: its exports and the spotlight. */
    void fillMenu(QMenu *menu, const Panel &panel) const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QList<Panel> m_panels;
    std::function<void(QWidget *)> m_spotlight;
};

} // namespace bplab
