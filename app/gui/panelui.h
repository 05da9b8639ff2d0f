#pragma once
// The window's panels: the panel registry (panelregistry.h) bound to the panels the views made,
// File > Export (the loss plot's and heatmaps' own entries and a submenu per panel), what
// --export-panel asks, and the spotlight that shows one panel alone (F, a double click).

#include "mainwindow.h"

#include <panelexport.h>

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QAction;
class QMenu;
class QStackedWidget;
class QWidget;

namespace bplab {

class PanelRegistry;
class Spotlight;

class PanelUi : public QObject
{
    Q_OBJECT
public:
    /** Binds the registry to the window's panels; the window's views must exist. */
    explicit PanelUi(MainWindow *window);

    PanelRegistry *registry() const { return m_registry; }
    Spotlight *spotlight() const { return m_spotlight; }

    // Every exported panel by name: "digit", "softmax", "loss", "heatmaps", "step", "links",
    // "confusion", "gallery", for File > Export panel and --export-panel.
    static QStringList exportNames();
    /** The view an exported panel is on; none for an unknown name. */
    static std::optional<MainWindow::View> viewOf(const QString &name);
    /** The panel's export (its formats, picture and data); none for an unknown name. */
    std::optional<PanelExport> exportNamed(const QString &name) const;
    /** Shows the panel's view so that it is laid out and up to date (a gallery with no cell
     *  chosen lists the most confident mistakes). */
    void prepareExport(const QString &name);
    /** True when the panel shows the weights every view shows (the confusion matrix and the
     *  gallery are evaluated off the GUI thread). */
    bool isCurrent(const QString &name) const;
    /** The panel File > Export loss plot writes: the loss plot, or on the Compare view its plot. */
    QString lossPlotPanel() const;

    /** The loss plot's and heatmaps' exports, then File > Export panel. */
    void addToFileMenu(QMenu *file);
    /** The spotlight over the window's pages, with its action in `viewMenu` before `before`;
     *  `chrome` is what it hides while a panel is spotlit. */
    void createSpotlight(QStackedWidget *pages, const QList<QWidget *> &chrome, QMenu *viewMenu, QAction *before);
    /** Leaves the spotlight when it is on; false when it was not. */
    bool leaveSpotlight();

private:
    /** File > Export: the one export path of every panel (panelexport.h), to a chosen file. */
    void exportWithDialog(const PanelExport &panel, ExportFormat format);
    void toggleSpotlight();

    MainWindow *m_window;
    PanelRegistry *m_registry = nullptr;
    Spotlight *m_spotlight = nullptr;
};

} // namespace bplab
