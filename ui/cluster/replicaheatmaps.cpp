#include "replicaheatmaps.h"

#include "clustersettings.h"
#include "dataparallel.h"
#include "divergingscale.h"
#include "uiformat.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace bplab::clusterview {

using namespace bplab::cluster;

namespace {
constexpr int kMaxMaps = 16; // replicas drawn; the rest are named in the caption
} // namespace

/** Paints the maps in a grid, with titles and one shared colour bar. */
class ReplicaMaps : public QWidget
{
public:
    using QWidget::QWidget;
    struct Map
    {
        QString title;
        QImage image; // 128 x 10, already coloured
    };
    void setMaps(QList<Map> maps, double range, QString caption)
    {
        m_maps = std::move(maps);
        m_range = range;
        m_caption = std::move(caption);
        update();
    }
    QSize minimumSizeHint() const override { return {480, 240}; }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        const QPalette pal = palette();
        p.fillRect(rect(), pal.color(QPalette::Base));
        const QFont f = readableFont(font());
        p.setFont(f);
        p.setPen(pal.color(QPalette::Text));
        const double line = QFontMetricsF(f).height();
        if (m_maps.isEmpty()) {
            p.drawText(rect().adjusted(10, 10, -10, -10), Qt::AlignCenter | Qt::TextWordWrap,
                       QObject::tr("Press \"Run one global step\": every replica computes the real gradient "
                          "of its own 64 images, then the all-reduce averages them."));
            return;
        }
        const double barW = 95;
        const double w = width() - barW - 20;
        const int cols = m_maps.size() > 6 ? 3 : 2;
        const int rows = (int(m_maps.size()) + cols - 1) / cols;
        const double cellW = w / cols;
        const double cellH = (height() - line - 10) / rows;
        for (int i = 0; i < m_maps.size(); ++i) {
            const double x = 10 + (i % cols) * cellW;
            const double y = line + 6 + (i / cols) * cellH;
            const QRectF title(x, y, cellW - 12, line);
            p.drawText(title, Qt::AlignLeft | Qt::AlignVCenter, m_maps[i].title);
            const double imgH = std::max(10.0, std::min(cellH - line - 10, (cellW - 12) / 128 * 10 * 6));
            const QRectF img(x, y + line + 2, cellW - 12, imgH);
            p.drawImage(img, m_maps[i].image);
            p.setPen(QPen(pal.color(QPalette::Text), 1));
            p.drawRect(img);
        }
        p.drawText(QRectF(10, 0, w, line + 4), Qt::AlignLeft | Qt::AlignVCenter, m_caption);
        // The colour bar: +range at the top, -range at the bottom.
        QCPColorGradient g = divergingGradient();
        const QRectF bar(width() - barW, line + 6, 16, height() - 2 * line - 20);
        for (int k = 0; k < int(bar.height()); ++k) {
            const double v = m_range * (1 - 2.0 * k / std::max(1.0, bar.height() - 1));
            p.setPen(QColor::fromRgb(g.color(v, QCPRange(-m_range, m_range))));
            p.drawLine(QPointF(bar.left(), bar.top() + k), QPointF(bar.right(), bar.top() + k));
        }
        p.setPen(pal.color(QPalette::Text));
        p.drawRect(bar);
        const QRectF labels(bar.right() + 3, bar.top() - line / 2, barW - 20, bar.height() + line);
        p.drawText(labels, Qt::AlignTop | Qt::AlignLeft, formatSig4(m_range));
        p.drawText(labels, Qt::AlignVCenter | Qt::AlignLeft, QStringLiteral("0"));
        p.drawText(labels, Qt::AlignBottom | Qt::AlignLeft, formatSig4(-m_range));
    }

private:
    QList<Map> m_maps;
    double m_range = 1;
    QString m_caption;
};

ReplicaHeatmaps::ReplicaHeatmaps(QWidget *parent)
    : QWidget(parent)
    , m_button(new QPushButton(tr("Run one global step")))
    , m_result(new QLabel)
    , m_maps(new ReplicaMaps)
{
    m_button->setFont(readableFont(font()));
    m_result->setFont(readableFont(font()));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_button);
    bar->addWidget(m_result, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_maps, 1);
    connect(m_button, &QPushButton::clicked, this, [this] { runGlobalStep(); });
    setDataset(nullptr);
}

ReplicaHeatmaps::~ReplicaHeatmaps() = default;

void ReplicaHeatmaps::setDataset(std::shared_ptr<const DataSplit> data)
{
    m_data = std::move(data);
    m_trainer.reset();
    m_button->setEnabled(m_data && m_data->train.size() > 0);
    m_result->setText(m_button->isEnabled()
                              ? tr("Replicas train on %1 (%2 training images).")
                                        .arg(QString::fromStdString(m_data->name))
                                        .arg(m_data->train.size())
                              : tr("No dataset loaded: the replicas need training images."));
}

void ReplicaHeatmaps::setDataFolder(const QString &folder)
{
    if (m_data && m_data->train.size() > 0)
        return;
    m_folder = folder;
    m_button->setEnabled(!m_folder.isEmpty());
    if (!m_folder.isEmpty())
        m_result->setText(tr("Replicas will train on the images in %1.").arg(m_folder));
}

void ReplicaHeatmaps::setCluster(int servers, int gpusPerServer, Algorithm algorithm)
{
    if (servers == m_servers && gpusPerServer == m_gpus && algorithm == m_algorithm)
        return;
    m_servers = std::max(1, servers);
    m_gpus = std::max(1, gpusPerServer);
    m_algorithm = algorithm;
    m_trainer.reset();
}

int ReplicaHeatmaps::replicas() const
{
    return m_trainer ? m_trainer->replicas() : 0;
}

QString ReplicaHeatmaps::resultText() const
{
    return m_result->text();
}

void ReplicaHeatmaps::ensureTrainer()
{
    if (m_trainer || !m_data)
        return;
    TrainConfig config = sourceRecipe();
    config.batch = 64;
    m_trainer = std::make_unique<DataParallelTrainer>(m_data, config, m_servers, m_gpus,
                                                      m_algorithm);
}

bool ReplicaHeatmaps::runGlobalStep()
{
    if ((!m_data || m_data->train.size() == 0) && !m_folder.isEmpty()) {
        auto loaded = loadDataFolder(m_folder.toStdString());
        if (!loaded) {
            m_result->setText(QString::fromStdString(loaded.error()));
            return false;
        }
        m_data = std::make_shared<const DataSplit>(std::move(loaded.value()));
        m_trainer.reset();
    }
    if (!m_data || m_data->train.size() == 0)
        return false;
    ensureTrainer();
    if (m_trainer->finished())
        m_trainer->reset();
    m_trainer->trainStep();
    const DataParallelTrainer &t = *m_trainer;
    const int n = t.replicas();

    // direct mean = sum_w count_w g_w / sum_w count_w, in double
    const std::vector<float> avg = flatten(t.averagedGradient());
    std::vector<double> direct(avg.size(), 0.0);
    int total = 0;
    for (int w = 0; w < n; ++w) {
        const std::vector<float> g = flatten(t.replicaGradient(w));
        const int c = t.replicaCount(w);
        total += c;
        for (std::size_t i = 0; i < g.size(); ++i)
            direct[i] += double(c) * g[i];
    }
    m_maxDiff = 0;
    for (std::size_t i = 0; i < avg.size(); ++i)
        m_maxDiff = std::max(m_maxDiff, std::abs(double(avg[i]) - direct[i] / std::max(1, total)));

    m_range = 0;
    for (int w = 0; w <= n; ++w) {
        const ParamsF &g = w < n ? t.replicaGradient(w) : t.averagedGradient();
        m_range = std::max(m_range, double(g.W2.cwiseAbs().maxCoeff()));
    }
    if (m_range <= 0)
        m_range = 1;

    QCPColorGradient scale = divergingGradient();
    const QCPRange range(-m_range, m_range);
    auto image = [&](const ParamsF &g) {
        QImage img(int(g.W2.cols()), int(g.W2.rows()), QImage::Format_RGB32);
        for (int k = 0; k < g.W2.rows(); ++k)
            for (int j = 0; j < g.W2.cols(); ++j)
                img.setPixel(j, k, scale.color(double(g.W2(k, j)), range));
        return img;
    };
    QList<ReplicaMaps::Map> maps;
    for (int w = 0; w < std::min(n, kMaxMaps); ++w)
        maps.push_back({tr("GPU %1 (server %2)").arg(w).arg(w / m_gpus),
                        image(t.replicaGradient(w))});
    maps.push_back({tr("All-reduced average"), image(t.averagedGradient())});
    QString caption = tr("dL/dW2 (10 output rows × 128 hidden columns) of step %1").arg(t.step());
    if (n > kMaxMaps)
        caption += tr(", first %1 of %2 GPUs").arg(kMaxMaps).arg(n);
    m_maps->setMaps(maps, m_range, caption);
    m_result->setText(tr("%1 replicas × %2 images. max |all-reduced average − direct mean| = %3 "
                         "over all 101,770 values; replicas identical after the update: %4.")
                              .arg(n)
                              .arg(t.config().batch)
                              .arg(formatSig4(m_maxDiff))
                              .arg(t.replicasIdentical() ? tr("yes") : tr("no")));
    return true;
}

} // namespace bplab::clusterview
