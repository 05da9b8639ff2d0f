#include "clusterpage.h"

#include "trainingcontroller.h"

#include <background.h>
#include <clusterview.h>
#include <replicaheatmaps.h>
#include <measuredpanel.h>
#include <mpirunner.h>
#include <tracefile.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace bplab {

using namespace bplab::clusterview;

clusterview::ClusterView *ClusterPage::makePage(TrainingController *controller)
{
    auto *cluster = new clusterview::ClusterView;
    // The replicas are the training's own: every exact snapshot (and live ones) shows their
    // gradients; the view's button trains one batch through the controller.
    QObject::connect(controller, &TrainingController::visualReady, cluster,
                     [cluster](VisualPtr s) { cluster->setReplicaGradients(s->replicas, s->progress.replicas); });
    QObject::connect(cluster->heatmaps(), &clusterview::ReplicaHeatmaps::stepRequested, controller,
                     &TrainingController::step);
    new ClusterPage(cluster, controller); // the live link graph and the measured runs
    return cluster;
}

ClusterPage::ClusterPage(ClusterView *page, TrainingController *controller)
    : QObject(page)
    , m_page(page)
    , m_controller(controller)
    , m_runner(new MpiRunner(this))
{
    // Every trained batch on the chosen cluster, with its visual (so at most ~30 a second).
    connect(controller, &TrainingController::visualReady, page, [page](VisualPtr s) {
        if (s->cluster)
            page->addLiveIteration(s->cluster);
    });
    connect(page, &ClusterView::liveClusterChanged, controller,
            [controller](const cluster::SimConfig &chosen) { controller->setLiveCluster(chosen); });
    controller->setLiveCluster(page->liveCluster());
    // The what-if cluster all-reduces the gradient of the network being trained.
    const auto followNetwork = [page, controller] { page->setNetwork(controller->trainedConfig().network); };
    connect(controller, &TrainingController::historyChanged, page, followNetwork);
    followNetwork();

    MeasuredPanel *panel = page->measuredPanel();
    connect(panel, &MeasuredPanel::openRequested, this,
            [this](const QString &path) { openTrace(path); });
    connect(panel, &MeasuredPanel::runRequested, this, &ClusterPage::runMpi);
    connect(panel, &MeasuredPanel::stopRequested, m_runner, &MpiRunner::cancel);
    connect(m_runner, &MpiRunner::finished, this,
            [this, panel](bool ok, const QString &message, const QString &trace) {
                panel->setRunning(false);
                panel->setStatus(message);
                if (ok) {
                    m_runMessage = message;
                    openTrace(trace, m_runSamples);
                }
            });
}

ClusterPage::~ClusterPage() = default;

QString ClusterPage::cliProgram()
{
    const QString name = QStringLiteral("backprop-lab-cli");
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate :
         {here.filePath(name), here.filePath(QStringLiteral("../cli/") + name)})
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    return QStandardPaths::findExecutable(name);
}

void ClusterPage::runMpi(int ranks)
{
    MeasuredPanel *panel = m_page->measuredPanel();
    if (m_controller->dataFolder().isEmpty() || !m_controller->dataset()) {
        panel->setStatus(tr("Load a data set first: the ranks train on the app's data folder."));
        return;
    }
    MpiRunRequest r;
    r.mpirun = MpiRunner::findMpirun();
    r.program = cliProgram();
    r.ranks = ranks;
    m_runSamples = m_controller->config().batch;
    r.trainArguments
            = {QStringLiteral("--data"), m_controller->dataFolder(), QStringLiteral("--epochs"),
               QStringLiteral("1"),      QStringLiteral("--batch"),  QString::number(m_runSamples)};
    r.tracePath = QDir::temp().filePath(QStringLiteral("backprop-lab-mpi-%1-np%2.json")
                                                .arg(QCoreApplication::applicationPid())
                                                .arg(ranks));
    if (!m_runner->start(r))
        return; // finished() has said why
    panel->setRunning(true);
    panel->setStatus(tr("Running one epoch: %1").arg(m_runner->commandLine()));
}

void ClusterPage::openTrace(const QString &path, int samplesPerRank)
{
    MeasuredPanel *panel = m_page->measuredPanel();
    if (m_reading) {
        panel->setStatus(tr("Still reading the previous trace; try again in a moment."));
        return;
    }
    m_reading = true;
    panel->setStatus(tr("Reading %1…").arg(path));
    struct Read
    {
        std::shared_ptr<const cluster::MeasuredComparison> comparison;
        QString error;
    };
    runInBackground(
            this,
            [path, samplesPerRank] {
                Result<cluster::MeasuredRun> run = readMeasuredTrace(path);
                if (!run)
                    return Read {nullptr, QString::fromStdString(run.error())};
                if (samplesPerRank > 0)
                    run->samplesPerRank = samplesPerRank;
                return Read {std::make_shared<const cluster::MeasuredComparison>(cluster::compareWithSimulation(*run)),
                             QString()};
            },
            [this, path](const Read &read) {
                MeasuredPanel *panel = m_page->measuredPanel();
                if (read.comparison) {
                    panel->setComparison(read.comparison, path);
                    panel->setStatus(m_runMessage + (m_runMessage.isEmpty() ? "" : " ")
                                     + tr("Read %1.").arg(QDir::toNativeSeparators(path)));
                } else {
                    panel->setStatus(read.error);
                }
                m_runMessage.clear();
                m_reading = false;
                emit traceRead(bool(read.comparison));
            });
}

} // namespace bplab
