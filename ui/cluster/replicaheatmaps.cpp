#include "replicaheatmaps.h"

#include "clustersettings.h"
#include "divergingscale.h"
#include "uiformat.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
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
                       QObject::tr("Each replica computes the real gradient of its own images; the all-reduce "
                          "averages them, and every replica applies that average."));
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
    , m_button(new QPushButton(tr("Train one batch")))
    , m_result(new QLabel)
    , m_maps(new ReplicaMaps)
{
    m_button->setObjectName(QStringLiteral("replicaStepButton"));
    m_button->setToolTip(tr("Trains one batch of the training (Step): every replica computes the "
                            "gradient of its images, the all-reduce averages them"));
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
    connect(m_button, &QPushButton::clicked, this, &ReplicaHeatmaps::stepRequested);
    setGradients(nullptr, 0);
}

ReplicaHeatmaps::~ReplicaHeatmaps() = default;

QString ReplicaHeatmaps::accessibleSummary() const
{
    if (!m_gradients)
        return resultText();
    return tr("The dW%1 of %2 replicas and their all-reduced average, colours from -%3 to %3. %4")
            .arg(m_gradients->outputLayer)
            .arg(replicas())
            .arg(formatSig4(m_range))
            .arg(resultText());
}

QString ReplicaHeatmaps::resultText() const
{
    return m_result->text();
}

void ReplicaHeatmaps::setGradients(std::shared_ptr<const cluster::ReplicaGradients> gradients,
                                   int replicas)
{
    m_gradients = std::move(gradients);
    m_button->setEnabled(replicas > 0);
    if (!m_gradients) {
        m_range = 0;
        m_maps->setMaps({}, 1, {});
        m_result->setText(replicas <= 0 ? tr("No dataset loaded: the replicas need training images.")
                                        : tr("Training runs on one replica. Choose 2, 4 or 8 "
                                             "Replicas in the toolbar and press Reset: each "
                                             "replica's gradient and their all-reduced average "
                                             "appear here."));
        return;
    }
    const cluster::ReplicaGradients &g = *m_gradients;
    const int n = int(g.dW2.size());
    m_range = double(g.averageDW2.cwiseAbs().maxCoeff());
    for (const Mat<float> &m : g.dW2)
        m_range = std::max(m_range, double(m.cwiseAbs().maxCoeff()));
    if (!(m_range > 0))
        m_range = 1;

    QCPColorGradient scale = divergingGradient();
    const QCPRange range(-m_range, m_range);
    auto image = [&](const Mat<float> &w2) {
        QImage img(int(w2.cols()), int(w2.rows()), QImage::Format_RGB32);
        for (int k = 0; k < w2.rows(); ++k)
            for (int j = 0; j < w2.cols(); ++j)
                img.setPixel(j, k, scale.color(double(w2(k, j)), range));
        return img;
    };
    QList<ReplicaMaps::Map> maps;
    for (int w = 0; w < std::min(n, kMaxMaps); ++w)
        maps.push_back({tr("Replica %1 (%2 images)").arg(w).arg(g.counts[std::size_t(w)]),
                        image(g.dW2[std::size_t(w)])});
    maps.push_back({tr("All-reduced average"), image(g.averageDW2)});
    const int columns = int(g.averageDW2.cols());
    QString caption = g.step == 0 ? tr("dL/dW%1 (10 output rows × %2 hidden columns): no batch yet")
                                            .arg(g.outputLayer)
                                            .arg(columns)
                                  : tr("dL/dW%1 (10 output rows × %2 hidden columns) of batch %3")
                                            .arg(g.outputLayer)
                                            .arg(columns)
                                            .arg(QLocale().toString(qulonglong(g.step)));
    if (n > kMaxMaps)
        caption += tr(", first %1 of %2 replicas").arg(kMaxMaps).arg(n);
    m_maps->setMaps(maps, m_range, caption);
    m_result->setText(g.step == 0
                              ? tr("%1 replicas × %2 images, joined by a ring all-reduce. Start or "
                                   "Step the training to see their gradients.")
                                        .arg(n)
                                        .arg(g.batchPerReplica)
                              : g.comparedValues == parameterCount() // the source network: every value
                              ? tr("%1 replicas × %2 images. max |all-reduced average − direct "
                                   "mean| = %3 over all %L4 values.")
                                        .arg(n)
                                        .arg(g.batchPerReplica)
                                        .arg(formatSig4(g.maxDifference))
                                        .arg(qulonglong(g.comparedValues))
                              : tr("%1 replicas × %2 images. max |all-reduced average − direct "
                                   "mean| = %3 over the output layer's %L4 values.")
                                        .arg(n)
                                        .arg(g.batchPerReplica)
                                        .arg(formatSig4(g.maxDifference))
                                        .arg(qulonglong(g.comparedValues)));
}

} // namespace bplab::clusterview
