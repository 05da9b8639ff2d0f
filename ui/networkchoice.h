#pragma once
// Whose answers a view shows: the training's weights, or one of the Compare view's runs at its
// latest weights. A combo box with its caption; both are shown only while there are runs.

#include <train/comparison.h>
#include <train/confusion.h>

#include <QComboBox>
#include <QString>
#include <QVector>

#include <functional>
#include <memory>

class QLabel;

namespace bplab {

class NetworkChoice : public QComboBox
{
    Q_OBJECT

public:
    explicit NetworkChoice(QWidget *parent = nullptr);

    /** "Network:", the box's buddy: put it before the box; it is shown and hidden with it. */
    QLabel *caption() const { return m_caption; }
    /** The Compare view's runs, each with its latest weights (a run without weights yet is not
     *  listed). The run chosen stays chosen while it is listed. */
    void setNetworks(const QVector<OtherNetwork> &networks);
    /** The run chosen; null: the training's weights. */
    const OtherNetwork *chosen() const;
    /** Chooses run `run` (1-4, as the Compare view numbers them) as soon as it has weights, or the
     *  training's weights (0); chosenChanged() only when the choice or the run waited for changed. */
    void chooseRun(int run);
    /** The run chooseRun() asked for while it has no weights yet (0: none). */
    int waitingFor() const { return m_wantedRun; }
    /** Every image's answer in a set, callable on any thread: by the chosen run's network, else by
     *  `training` (the network and weights every view shows); empty when there is none. */
    std::function<SetAnswers(const Dataset &)> answerer(const OtherNetwork &training) const;

signals:
    /** chosen() is another network, or the same run with new weights. */
    void chosenChanged();

private:
    void fill();
    const OtherNetwork *named(const QString &label) const;

    QLabel *m_caption;
    QVector<OtherNetwork> m_networks;
    QString m_chosen; ///< the chosen run's label ("": the training's weights)
    int m_wantedRun = 0;
};

} // namespace bplab
