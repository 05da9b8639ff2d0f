#include "panelui.h"

#include "comparepage.h"
#include "mistakespage.h"
#include "panelregistry.h"
#include "spotlight.h"
#include "trainview.h"
#include "windowaction.h"

#include <clusterview.h>
#include <compareview.h>
#include <confusionmatrixpanel.h>
#include <mistakesview.h>
#include <datasetview.h>
#include <distributionplot.h>
#include <drawcanvas.h>
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
#include <topologywidget.h>
#include <valuegrid.h>

#include <qcustomplot.h>

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QMainWindow>

namespace bplab {

namespace {

MistakesView *confusionViewOf(const PanelHost *host)
{
    return host->page(View::Mistakes)->findChild<MistakesView *>();
}

} // namespace

PanelUi::PanelUi(QMainWindow *window, PanelHost *host) : QObject(window), m_window(window), m_host(host)
{
    m_registry = new PanelRegistry(this);
    PanelRegistry *r = m_registry;
    host->trainView()->bindPanels(*r);
    StepView *step = host->stepView();
    r->bind("step", step, PanelRegistry::exporterOf(step));
    r->bind("stagegrid1", step->grids().value(0));
    r->bind("stagegrid2", step->grids().value(1));
    r->bind("diagram", step->diagram());
    auto *draw = static_cast<DrawView *>(host->page(View::Draw));
    r->bind("canvas", draw->canvas());
    r->bind("bars", draw->bars());
    r->bind("stages", draw->stages());
    auto *cluster = static_cast<clusterview::ClusterView *>(host->page(View::Cluster));
    r->bind("livelinks", cluster->livePanel()->linkPlot());
    r->bind("links", cluster->linkPlot(), PanelRegistry::exporterOf(cluster->linkPlot()));
    r->bind("topology", cluster->topology());
    r->bind("replicas", cluster->heatmaps());
    r->bind("measured", cluster->measuredPanel()->plot());
    r->bind("distribution", host->datasetView()->distribution());
    MistakesView *confusion = confusionViewOf(host);
    r->bind("confusion", confusion->matrix(), PanelRegistry::exporterOf(confusion->matrix()));
    r->bind("gallery", confusion->gallery(), PanelRegistry::exporterOf(confusion->gallery()));
    auto *compare = static_cast<CompareView *>(host->page(View::Compare));
    r->bind("compare", compare->shownPanel(), PanelRegistry::exporterOf(compare));
}

QStringList PanelUi::exportNames()
{
    return PanelRegistry::exportIds();
}

std::optional<View> PanelUi::viewOf(const QString &name)
{
    if (!exportNames().contains(name))
        return std::nullopt;
    const std::optional<int> v = PanelRegistry::viewOf(name);
    return v ? std::optional<View>(View(*v)) : std::nullopt;
}

std::optional<PanelExport> PanelUi::exportNamed(const QString &name) const
{
    return m_registry->exportOf(name);
}

bool PanelUi::isCurrent(const QString &name) const
{
    const std::optional<View> v = viewOf(name);
    if (v == View::Mistakes)
        return mistakesPageIsCurrent(m_host->page(View::Mistakes));
    if (v == View::Compare) // its runs (a lesson step's) have ended
        return comparePageIsIdle(m_host->page(View::Compare));
    return v.has_value();
}

QString PanelUi::lossPlotPanel() const
{
    // On the Compare view "the loss plot" is the plot it shows, never the Train view's.
    return m_host->view() == View::Compare ? QStringLiteral("compare") : QStringLiteral("loss");
}

void PanelUi::prepareExport(const QString &name)
{
    if (const std::optional<View> v = viewOf(name); v && *v != m_host->view())
        m_host->setView(*v, SettingOrigin::User); // laid out, and evaluated where a page only evaluates when seen
    // A gallery with no cell chosen lists the most confident mistakes.
    MistakesView *confusion = confusionViewOf(m_host);
    if (name == QLatin1String("gallery") && confusion->gallery()->entries().isEmpty())
        confusion->showMistakes();
}

void PanelUi::addToFileMenu(QMenu *file)
{
    struct Entry
    {
        const char *name, *text, *tip, *panel;
        ExportFormat format;
    };
    const Entry entries[] = {
            {"actionExportLossPng", QT_TR_NOOP("Export loss plot as &PNG..."), QT_TR_NOOP("Save the loss plot as an image"),
             "loss", ExportFormat::Png},
            {"actionExportLossPdf", QT_TR_NOOP("Export loss plot as PD&F..."),
             QT_TR_NOOP("Save the loss plot as a vector PDF"), "loss", ExportFormat::Pdf},
            {"actionExportHeatmap", QT_TR_NOOP("Export &heatmaps as PNG..."),
             QT_TR_NOOP("Save the weight/gradient heatmaps as an image"), "heatmaps", ExportFormat::Png},
            {"actionExportCsv", QT_TR_NOOP("Export loss history as &CSV..."),
             QT_TR_NOOP("Save every batch loss and every epoch's test loss and accuracy"), "loss", ExportFormat::Csv},
    };
    for (const Entry &e : entries) {
        QAction *a = addWindowAction(m_window, QLatin1String(e.name), tr(e.text), tr(e.tip));
        const QString panel = QLatin1String(e.panel);
        const ExportFormat format = e.format;
        connect(a, &QAction::triggered, this, [this, panel, format] {
            if (const std::optional<PanelExport> p = exportNamed(panel == QLatin1String("loss") ? lossPlotPanel() : panel))
                exportWithDialog(*p, format);
        });
        file->addAction(a);
    }

    QMenu *menu = file->addMenu(tr("E&xport panel"));
    menu->setObjectName(QStringLiteral("menuExportPanel"));
    menu->setToolTipsVisible(true);
    // Rebuilt on each opening: a panel's formats and file name follow what it shows.
    const auto fill = [this, menu] {
        menu->clear();
        for (const PanelRegistry::Panel &p : m_registry->panels()) {
            if (!p.exported)
                continue;
            QMenu *sub = menu->addMenu(PanelRegistry::menuText(p));
            sub->setObjectName(QStringLiteral("menuExport_%1").arg(QLatin1String(p.id)));
            if (const std::optional<PanelExport> e = m_registry->exportOf(QLatin1String(p.id)))
                addExportActions(sub, m_window, *e);
        }
    };
    fill();
    connect(menu, &QMenu::aboutToShow, this, fill);
}

void PanelUi::exportWithDialog(const PanelExport &panel, ExportFormat format)
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    if (const QString file = ::bplab::exportWithDialog(m_window, panel, format, dir); !file.isEmpty())
        m_host->showStatusMessage(tr("Saved %1").arg(file), 5000);
}

void PanelUi::createSpotlight(QStackedWidget *pages, const QList<QWidget *> &chrome, QMenu *viewMenu, QAction *before)
{
    m_spotlight = new Spotlight(m_window, pages);
    for (const PanelRegistry::Panel &p : m_registry->panels())
        if (p.spotlight && p.widget)
            m_spotlight->addPanel(p.widget, p.doubleClick);
    m_registry->setSpotlightHandler([this](QWidget *panel) { m_spotlight->show(panel); });
    m_spotlight->setChrome(chrome);
    QAction *action = addWindowAction(m_window, QStringLiteral("actionSpotlight"), tr("Spotlight pa&nel"),
                                      tr("Show the panel with the focus or under the mouse alone, large, for a "
                                         "projector (F; a double click does it too; Esc returns)"),
                                      {QKeySequence(Qt::Key_F)});
    // Spotlit plots draw their lines as thick as in presentation mode.
    connect(m_spotlight, &Spotlight::changed, this, [this](bool on) {
        const bool thick = on || m_host->isPresentationMode();
        m_host->trainView()->lossPlot()->setPresentation(thick);
        m_host->trainView()->heatmapPanel()->setPresentation(thick);
    });
    viewMenu->insertAction(before, action);
    connect(action, &QAction::triggered, this, &PanelUi::toggleSpotlight);
}

void PanelUi::toggleSpotlight()
{
    if (m_spotlight->isActive())
        m_spotlight->leave();
    else if (QWidget *p = m_spotlight->panelAtFocusOrMouse())
        m_spotlight->show(p);
    else
        m_host->showStatusMessage(tr("Point at a panel (or click one), then press F"), 4000);
}

bool PanelUi::leaveSpotlight()
{
    if (!m_spotlight || !m_spotlight->isActive())
        return false;
    m_spotlight->leave();
    return true;
}

} // namespace bplab
