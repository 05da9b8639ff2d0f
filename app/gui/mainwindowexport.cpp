// MainWindow: every panel by name, for File > Export panel, --export-panel and the spotlight. Each
// export goes through the panel's one export path (panelexport.h); the spotlight (spotlight.h)
// moves the panel itself. This file only finds the panels.

#include "mainwindow.h"

#include "classroompage.h"
#include "controlbar.h"
#include "spotlight.h"
#include "trainview.h"

#include <clusterview.h>
#include <confusionview.h>
#include <digitpanel.h>
#include <gallerypanel.h>
#include <confusionmatrixpanel.h>
#include <batchmosaic.h>
#include <heatmappanel.h>
#include <linkplot.h>
#include <lossplot.h>
#include <softmaxpanel.h>
#include <stepview.h>
#include <timelinebar.h>

#include <QAction>
#include <QDockWidget>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QStackedWidget>

#include <array>

namespace bplab {

namespace {

struct NamedPanel
{
    const char *name;
    MainWindow::View view;
    const char *menuText; // translated in MainWindow's context
};

// The order of File > Export panel: the Train view's panels first, then by view.
constexpr std::array<NamedPanel, 8> kPanels{{
    {"digit", MainWindow::View::Train, QT_TRANSLATE_NOOP("bplab::MainWindow", "&Digit")},
    {"softmax", MainWindow::View::Train, QT_TRANSLATE_NOOP("bplab::MainWindow", "&SoftMax table")},
    {"loss", MainWindow::View::Train, QT_TRANSLATE_NOOP("bplab::MainWindow", "&Loss plot")},
    {"heatmaps", MainWindow::View::Train, QT_TRANSLATE_NOOP("bplab::MainWindow", "&Heatmaps")},
    {"step", MainWindow::View::Step, QT_TRANSLATE_NOOP("bplab::MainWindow", "S&tep through page")},
    {"links", MainWindow::View::Cluster, QT_TRANSLATE_NOOP("bplab::MainWindow", "Link &utilisation")},
    {"confusion", MainWindow::View::Mistakes, QT_TRANSLATE_NOOP("bplab::MainWindow", "&Confusion matrix")},
    {"gallery", MainWindow::View::Mistakes, QT_TRANSLATE_NOOP("bplab::MainWindow", "&Gallery")},
}};

const NamedPanel *findPanel(const QString &name)
{
    for (const NamedPanel &p : kPanels)
        if (name == QLatin1String(p.name))
            return &p;
    return nullptr;
}

// The export of w when it is a Panel (each panel class has its own panelExport()).
template <class Panel>
std::optional<PanelExport> exportOf(QWidget *w)
{
    if (auto *panel = qobject_cast<Panel *>(w))
        return panel->panelExport();
    return std::nullopt;
}

} // namespace

QStringList MainWindow::exportPanelNames()
{
    QStringList names;
    for (const NamedPanel &p : kPanels)
        names << QString::fromLatin1(p.name);
    return names;
}

std::optional<MainWindow::View> MainWindow::viewOfPanel(const QString &name)
{
    const NamedPanel *p = findPanel(name);
    return p ? std::optional<View>(p->view) : std::nullopt;
}

ConfusionView *MainWindow::confusionView() const
{
    return m_pages->widget(int(View::Mistakes))->findChild<ConfusionView *>();
}

std::optional<PanelExport> MainWindow::panelExportNamed(const QString &name)
{
    if (!findPanel(name))
        return std::nullopt;
    if (name == QLatin1String("step"))
        return m_stepView->panelExport(); // a page, not a panel
    QWidget *w = panelWidget(name);
    for (const auto exportIfA : {exportOf<DigitPanel>, exportOf<SoftmaxPanel>, exportOf<LossPlot>,
                                 exportOf<HeatmapPanel>, exportOf<clusterview::LinkPlot>,
                                 exportOf<ConfusionMatrixPanel>, exportOf<GalleryPanel>})
        if (std::optional<PanelExport> e = exportIfA(w))
            return e;
    return std::nullopt;
}

bool MainWindow::panelIsCurrent(const QString &name) const
{
    const std::optional<View> v = viewOfPanel(name);
    if (v == View::Mistakes)
        return confusionPageIsCurrent(m_pages->widget(int(View::Mistakes)));
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

QString MainWindow::panelMenuText(const QString &name)
{
    const NamedPanel *p = findPanel(name);
    return p ? tr(p->menuText) : QString();
}

void MainWindow::createSpotlight()
{
    m_spotlight = new Spotlight(this, m_pages);
    // Every panel that has a name; the gallery keeps its double click (it opens the image).
    for (const QString &name : exportPanelNames()) {
        if (name == QLatin1String("step"))
            continue; // a page of its own, already as large as the window allows
        if (QWidget *w = panelWidget(name))
            m_spotlight->addPanel(w, name != QLatin1String("gallery"));
    }
    m_spotlight->addPanel(m_train->batchMosaic());
    m_spotlight->setChrome(QList<QWidget *>{m_controls, m_sidebar, m_timeline, m_lessonDock, statusBar()});
    m_spotlightAction = makeAction(QStringLiteral("actionSpotlight"), tr("&Spotlight panel"),
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
    if (name == QLatin1String("digit"))
        return m_train->digitPanel();
    if (name == QLatin1String("softmax"))
        return m_train->softmaxPanel();
    if (name == QLatin1String("loss"))
        return m_train->lossPlot();
    if (name == QLatin1String("heatmaps"))
        return m_train->heatmapPanel();
    if (name == QLatin1String("links"))
        return static_cast<clusterview::ClusterView *>(m_pages->widget(int(View::Cluster)))->linkPlot();
    if (name == QLatin1String("confusion"))
        return confusionView()->matrix();
    if (name == QLatin1String("gallery"))
        return confusionView()->gallery();
    return nullptr;
}

void MainWindow::addExportMenu(QMenu *file)
{
    QMenu *menu = file->addMenu(tr("&Export panel"));
    menu->setObjectName(QStringLiteral("menuExportPanel"));
    menu->setToolTipsVisible(true);
    // Rebuilt on each opening: a panel's formats and file name follow what it shows.
    const auto fill = [this, menu] {
        menu->clear();
        for (const QString &name : exportPanelNames()) {
            QMenu *sub = menu->addMenu(panelMenuText(name));
            sub->setObjectName(QStringLiteral("menuExport_%1").arg(name));
            if (const std::optional<PanelExport> e = panelExportNamed(name))
                addExportActions(sub, this, *e);
        }
    };
    fill();
    connect(menu, &QMenu::aboutToShow, this, fill);
}

} // namespace bplab
