#include "panelregistry.h"

#include "mainwindow.h"

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QMenu>
#include <QWidget>

namespace bplab {

namespace {

using View = MainWindow::View;

struct Row
{
    const char *id;
    View view;
    const char *menuText;
    const char *name;
    bool exported, spotlight, doubleClick;
    bool contextMenu = true;
};

// File > Export panel lists the exported rows in this order: the Train view's panels first, then
// by view. The ids of exported rows are --export-panel's names and must not change.
constexpr Row kRows[] = {
    {"digit", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Digit"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Digit being learned"), true, true, true},
    {"softmax", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&SoftMax table"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "SoftMax table"), true, true, true},
    {"classes", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Per-class &accuracy"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Test accuracy per class"), false, false, false},
    {"activations", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Hidden &activations"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Hidden layer activations of the sample"), true, true, true},
    {"loss", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Loss plot"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Loss plot"), true, true, true},
    {"mosaic", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Batch mosaic"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Mini-batch mosaic"), false, true, true},
    {"heatmaps", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Heatmaps"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Weight and gradient heatmaps"), true, true, true},
    // A convolutional network's panels (shown in place of the activations and the heatmaps).
    {"filters", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Convolution &kernels"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Convolution kernels and their gradients"), true, true, true},
    {"featuremaps", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Feature maps"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Feature maps of the sample"), true, true, true},
    {"dropout", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Dr&opout mask"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Dropout mask of the sample"), true, true, true},
    {"weightnorm", View::Train, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Weight norm"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Weight norm under weight decay"), true, true, true},
    {"step", View::Step, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "S&tep through page"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Step through page"), true, false, false, false},
    {"stagegrid1", View::Step, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "First picture of the stage"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "First picture of the stage"), false, false, false},
    {"stagegrid2", View::Step, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Second picture of the stage"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Second picture of the stage"), false, false, false},
    {"diagram", View::Step, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Network diagram"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Network diagram"), false, false, false},
    {"canvas", View::Draw, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Drawing &canvas"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Drawing canvas"), false, false, false},
    {"bars", View::Draw, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Probabilities"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "The network's answer: ten probabilities"), false, false, false},
    {"stages", View::Draw, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "P&reprocessing stages"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Preprocessing stages"), false, false, false},
    {"livelinks", View::Cluster, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Training's link utilisation"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "The training's batches: link utilisation"), false, false, false},
    {"links", View::Cluster, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Link &utilisation"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "What-if cluster: link utilisation"), true, true, true},
    {"topology", View::Cluster, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Cluster &topology"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Cluster topology"), false, false, false},
    {"replicas", View::Cluster, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Replica gradients"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Replica gradients"), false, false, false},
    {"measured", View::Cluster, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Measured run"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Measured run against the simulation"), false, false, false},
    {"distribution", View::Data, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Class &distribution"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Class distribution"), false, false, false},
    {"confusion", View::Mistakes, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Confusion matrix"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Confusion matrix"), true, true, true},
    {"gallery", View::Mistakes, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "&Gallery"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Gallery of test images"), true, true, false},
    // The Class view lives in a dock beside every view (classroomui.h); its row names the Draw view,
    // the view of drawings, which an export shows first.
    {"class", View::Draw, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Class &view"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Class view: the class's drawings and answers"), true, true, false},
    {"compare", View::Compare, QT_TRANSLATE_NOOP("bplab::PanelRegistry", "Co&mpared runs"), QT_TRANSLATE_NOOP("bplab::PanelRegistry", "The compared runs after each epoch"), true, true, true},
};

} // namespace

PanelRegistry::PanelRegistry(QObject *parent) : QObject(parent)
{
    for (const Row &r : kRows)
        m_panels.append({r.id, int(r.view), r.menuText, r.name, r.exported, r.spotlight, r.doubleClick, r.contextMenu, nullptr, {}});
}

QStringList PanelRegistry::exportIds()
{
    QStringList ids;
    for (const Row &r : kRows)
        if (r.exported)
            ids << QString::fromLatin1(r.id);
    return ids;
}

std::optional<int> PanelRegistry::viewOf(const QString &id)
{
    for (const Row &r : kRows)
        if (id == QLatin1String(r.id))
            return int(r.view);
    return std::nullopt;
}

void PanelRegistry::bind(const char *id, QWidget *widget, std::function<PanelExport()> exporter)
{
    for (Panel &p : m_panels) {
        if (qstrcmp(p.id, id) != 0)
            continue;
        p.widget = widget;
        p.exporter = std::move(exporter);
        widget->setAccessibleName(name(p));
        // Tab reaches every panel: a screen reader reads it and F spotlights the focused one.
        if (!(widget->focusPolicy() & Qt::TabFocus))
            widget->setFocusPolicy(Qt::StrongFocus);
        // The right-click menu reaches the innermost widget (a plot inside a panel): watch them all.
        if (p.contextMenu && (p.exported || p.spotlight)) {
            widget->installEventFilter(this);
            for (QWidget *child : widget->findChildren<QWidget *>())
                child->installEventFilter(this);
        }
        return;
    }
    Q_ASSERT_X(false, "PanelRegistry::bind", id);
}

const PanelRegistry::Panel *PanelRegistry::find(const QString &id) const
{
    for (const Panel &p : m_panels)
        if (id == QLatin1String(p.id))
            return &p;
    return nullptr;
}

const PanelRegistry::Panel *PanelRegistry::panelOf(const QObject *object) const
{
    for (auto *w = qobject_cast<const QWidget *>(object); w; w = w->parentWidget())
        for (const Panel &p : m_panels)
            if (p.widget == w)
                return &p;
    return nullptr;
}

std::optional<PanelExport> PanelRegistry::exportOf(const QString &id) const
{
    const Panel *p = find(id);
    if (!p || !p->exported || !p->exporter)
        return std::nullopt;
    return p->exporter();
}

QString PanelRegistry::menuText(const Panel &panel)
{
    return QCoreApplication::translate("bplab::PanelRegistry", panel.menuText);
}

QString PanelRegistry::name(const Panel &panel)
{
    return QCoreApplication::translate("bplab::PanelRegistry", panel.name);
}

void PanelRegistry::fillMenu(QMenu *menu, const Panel &panel) const
{
    if (panel.exporter)
        addExportActions(menu, panel.widget, panel.exporter());
    if (panel.spotlight && m_spotlight) {
        if (!menu->isEmpty())
            menu->addSeparator();
        QWidget *w = panel.widget;
        menu->addAction(tr("Spotlight: show it alone, large (F)"), menu, [this, w] { m_spotlight(w); });
    }
}

bool PanelRegistry::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ContextMenu) {
        const Panel *panel = panelOf(watched);
        if (panel && panel->widget && (panel->exporter || panel->spotlight)) {
            QMenu menu(panel->widget);
            fillMenu(&menu, *panel);
            if (!menu.isEmpty())
                menu.exec(static_cast<QContextMenuEvent *>(event)->globalPos());
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace bplab
