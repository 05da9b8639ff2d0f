#pragma once
// The replicas' real gradients: one global step of data-parallel training on the app's dataset,
// then dW2 (10x128) of every replica as a small colour map, their all-reduced average beside them,
// and the largest difference between that average and the mean computed directly.

#include "allreduce.h"
#include "dataset.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;

namespace bplab::cluster {
class DataParallelTrainer;
}

namespace bplab::clusterview {

class ReplicaMaps;

class ReplicaHeatmaps : public QWidget
{
    Q_OBJECT
public:
    explicit ReplicaHeatmaps(QWidget *parent = nullptr);
    ~ReplicaHeatmaps() override;

    /** The data the replicas train on (null: the button is disabled and says why). */
    void setDataset(std::shared_ptr<const DataSplit> data);
    /** A folder to read the data from on the first step (when no dataset was given). */
    void setDataFolder(const QString &folder);
    /** The replicas' shape and all-reduce; a change starts from fresh weights. */
    void setCluster(int servers, int gpusPerServer, cluster::Algorithm algorithm);

    /** One global step: every replica's gradient, the all-reduce, the update. False without data. */
    bool runGlobalStep();

    /** After a step: replicas, max |all-reduced average − direct weighted mean| over all values,
     *  and the symmetric colour range of the maps (max |dW2| over replicas and average). */
    int replicas() const;
    double maxDifference() const { return m_maxDiff; }
    double colourRange() const { return m_range; }
    const cluster::DataParallelTrainer *trainer() const { return m_trainer.get(); }
    QPushButton *stepButton() const { return m_button; }
    QString resultText() const;

private:
    void ensureTrainer();

    std::shared_ptr<const DataSplit> m_data;
    QString m_folder;
    std::unique_ptr<cluster::DataParallelTrainer> m_trainer;
    int m_servers = 2, m_gpus = 4;
    cluster::Algorithm m_algorithm = cluster::Algorithm::Ring;
    double m_maxDiff = -1;
    double m_range = 0;
    QPushButton *m_button = nullptr;
    QLabel *m_result = nullptr;
    ReplicaMaps *m_maps = nullptr;
};

} // namespace bplab::clusterview
