#pragma once
// The window's panels: the panel registry (panelregistry.h) bound to the panels the views made,
// File > Export (the loss plot's and heatmaps' own entries and a submenu per panel), what
// --export-panel asks, and the spotlight that shows one panel alone (F, a double click).

#include "appsettings.h"
#include "viewlist.h"

#include <panelexport.h>

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QAction;
class QMainWindow;
class QMenu;
class QStackedWidget;
class QWidget;

namespace bplab {

class DatasetView;
class PanelRegistry;
class Spotlight;
class StepView;
class TrainView;

/** What PanelUi asks of the window whose panels it binds (the main window implements it). */
class PanelHost
{
public:
    /** The views' pages, made before PanelUi. */
    virtual QWidget *page(View view) const = 0;
    virtual TrainView *trainView() const = 0;
    virtual StepView *stepView() const = 0;
    virtual DatasetView *datasetView() const = 0;
    /** The view shown, and showing another (a panel exported from there). */
    virtual View view() const = 0;
    virtual void setView(View view, SettingOrigin origin) = 0;
    /** Thick plot lines already (a spotlit plot draws them thick too). */
    virtual bool isPresentationMode() const = 0;
    /** A message in the status bar for `ms` milliseconds. */
    virtual void showStatusMessage(const QString &message, int ms) = 0;

protected:
    ~PanelHost() = default;
};

class PanelUi : public QObject
{
    Q_OBJECT
public:
    /** Binds the registry to the window's panels; the window's views must exist. Its actions
     *  belong to `window`, also its dialogs' parent. */
    PanelUi(QMainWindow *window, PanelHost *host);

    PanelRegistry *registry() const { return m_registry; }
    Spotlight *spotlight() const { return m_spotlight; }

    // Every exported panel by name: "digit", "softmax", "loss", "heatmaps", "step", "links",
    // "confusion", "gallery", for File > Export panel and --export-panel.
    static QStringList exportNames();
    /** The view an exported panel is on; none for an unknown name. */
    static std::optional<View> viewOf(const QString &name);
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

    QMainWindow *m_window;
    PanelHost *m_host;
    PanelRegistry *m_registry = nullptr;
    Spotlight *m_spotlight = nullptr;
};

} // namespace bplab
