// MainWindow: the panel registry (panelregistry.h) bound to the window's panels, and what File >
// Export panel, --export-panel and the spotlight ask of it. Each export goes through the panel's
// one export path (panelexport.h); the spotlight (spotlight.h) moves the panel itself.

#include "mainwindow.h"

#include "mistakespage.h"
#include "controlbar.h"
#include "panelregistry.h"
#include "spotlight.h"
#include "trainview.h"

#include <clusterview.h>
#include <confusionmatrixpanel.h>
#include <confusionview.h>
#include <datasetview.h>
#include <distributionplot.h>
#include <drawview.h>
#include <gallerypanel.h>
#include <heatmappanel.h>
#include <linkplot.h>
#include <livepanel.h>
#include <lossplot.h>
#include <measuredpanel.h>
#include <networkdiagram.h>
#include <probabilitybars.h>
#include <replicaheatmaps.h>
#include <stagestrip.h>
#include <stepview.h>
#include <timelinebar.h>
#include <topologywidget.h>
#include <drawcanvas.h>
#include <valuegrid.h>

#include <qcustomplot.h>

#include <QAction>
#include <QDockWidget>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QStackedWidget>

namespace bplab {

QStringList MainWindow::exportPanelNames()
{
    return PanelRegistry::exportIds();
}

std::optional<MainWindow::View> MainWindow::viewOfPanel(const QString &name)
{
    if (!exportPanelNames().contains(name))
        return std::nullopt;
    const std::optional<int> v = PanelRegistry::viewOf(name);
    return v ? std::optional<View>(View(*v)) : std::nullopt;
}

ConfusionView *MainWindow::confusionView() const
{
    return page(View::Mistakes)->findChild<ConfusionView *>();
}

void MainWindow::createPanelRegistry()
{
    m_panels = new PanelRegistry(this);
    PanelRegistry *r = m_panels;
    m_train->bindPanels(*r);
    r->bind("step", m_stepView, PanelRegistry::exporterOf(m_stepView));
    r->bind("stagegrid1", m_stepView->grids().value(0));
    r->bind("stagegrid2", m_stepView->grids().value(1));
    r->bind("diagram", m_stepView->diagram());
    auto *draw = static_cast<DrawView *>(page(View::Draw));
    r->bind("canvas", draw->canvas());
    r->bind("bars", draw->bars());
    r->bind("stages", draw->stages());
    auto *cluster = static_cast<clusterview::ClusterView *>(page(View::Cluster));
    r->bind("livelinks", cluster->livePanel()->linkPlot());
    r->bind("links", cluster->linkPlot(), PanelRegistry::exporterOf(cluster->linkPlot()));
    r->bind("topology", cluster->topology());
    r->bind("replicas", cluster->heatmaps());
    r->bind("measured", cluster->measuredPanel()->plot());
    r->bind("distribution", m_datasetView->distribution());
    r->bind("confusion", confusionView()->matrix(), PanelRegistry::exporterOf(confusionView()->matrix()));
    r->bind("gallery", confusionView()->gallery(), PanelRegistry::exporterOf(confusionView()->gallery()));
}

std::optional<PanelExport> MainWindow::panelExportNamed(const QString &name)
{
    return m_panels->exportOf(name);
}

bool MainWindow::panelIsCurrent(const QString &name) const
{
    const std::optional<View> v = viewOfPanel(name);
    if (v == View::Mistakes)
        return mistakesPageIsCurrent(page(View::Mistakes));
    return v.has_value();
}

void MainWindow::prepareExport(const QString &name)
{
    if (const std::optional<View> v = viewOfPanel(name); v && *v != view())
        setView(*v); // laid out, and evaluated where a page only evaluates when seen
    // A gallery with no cell chosen lists the most confident mistakes.
    if (name == QLatin1String("gallery") && confusionView()->gallery()->entries().isEmpty())
        confusionView()->showMistakes();
}


void MainWindow::createSpotlight()
{
    m_spotlight = new Spotlight(this, m_pages);
    for (const PanelRegistry::Panel &p : m_panels->panels())
        if (p.spotlight && p.widget)
            m_spotlight->addPanel(p.widget, p.doubleClick);
    m_panels->setSpotlightHandler([this](QWidget *panel) { m_spotlight->show(panel); });
    m_spotlight->setChrome(QList<QWidget *>{m_controls, m_sidebar, m_timeline, m_lessonDock, statusBar()});
    m_spotlightAction = makeAction(QStringLiteral("actionSpotlight"), tr("Spotlight pa&nel"),
                                   tr("Show the panel with the focus or under the mouse alone, large, for a "
                                      "projector (F; a double click does it too; Esc returns)"),
                                   {QKeySequence(Qt::Key_F)});
    // Spotlit plots draw their lines as thick as in presentation mode.
    connect(m_spotlight, &Spotlight::changed, this, [this](bool on) {
        m_train->lossPlot()->setPresentation(on || m_presentation);
        m_train->heatmapPanel()->setPresentation(on || m_presentation);
    });
    if (auto *view = menuBar()->findChild<QMenu *>(QStringLiteral("menuView")))
        view->insertAction(m_presentationAction, m_spotlightAction);
    connect(m_spotlightAction, &QAction::triggered, this, [this] {
        if (m_spotlight->isActive())
            m_spotlight->leave();
        else if (QWidget *p = m_spotlight->panelAtFocusOrMouse())
            m_spotlight->show(p);
        else
            statusBar()->showMessage(tr("Point at a panel (or click one), then press F"), 4000);
    });
}

QWidget *MainWindow::panelWidget(const QString &name) const
{
    const PanelRegistry::Panel *p = m_panels->find(name);
    return p ? p->widget.data() : nullptr;
}

void MainWindow::addExportMenu(QMenu *file)
{
    QMenu *menu = file->addMenu(tr("E&xport panel"));
    menu->setObjectName(QStringLiteral("menuExportPanel"));
    menu->setToolTipsVisible(true);
    // Rebuilt on each opening: a panel's formats and file name follow what it shows.
    const auto fill = [this, menu] {
        menu->clear();
        for (const PanelRegistry::Panel &p : m_panels->panels()) {
            if (!p.exported)
                continue;
            QMenu *sub = menu->addMenu(PanelRegistry::menuText(p));
            sub->setObjectName(QStringLiteral("menuExport_%1").arg(QLatin1String(p.id)));
            if (const std::optional<PanelExport> e = m_panels->exportOf(QLatin1String(p.id)))
                addExportActions(sub, this, *e);
        }
    };
    fill();
    connect(menu, &QMenu::aboutToShow, this, fill);
}

} // namespace bplab
