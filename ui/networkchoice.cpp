#include "networkchoice.h"

#include <QLabel>

namespace bplab {

NetworkChoice::NetworkChoice(QWidget *parent)
    : QComboBox(parent)
    , m_caption(new QLabel(tr("Net&work:")))
{
    setObjectName(QStringLiteral("networkChoice"));
    setAccessibleName(tr("Network"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_caption->setBuddy(this);
    connect(this, &QComboBox::activated, this, [this](int index) {
        m_chosen = index > 0 ? itemText(index) : QString();
        m_wantedRun = 0;
        emit chosenChanged();
    });
    fill();
}

const OtherNetwork *NetworkChoice::named(const QString &label) const
{
    if (label.isEmpty())
        return nullptr;
    for (const OtherNetwork &n : m_networks)
        if (n.weights && QString::fromStdString(n.label) == label)
            return &n;
    return nullptr;
}

const OtherNetwork *NetworkChoice::chosen() const
{
    return named(m_chosen);
}

std::function<SetAnswers(const Dataset &)> NetworkChoice::answerer(const OtherNetwork &training) const
{
    const OtherNetwork *run = chosen();
    if (!run && training.weights)
        run = &training;
    if (!run)
        return {};
    return [network = *run](const Dataset &set) { return answerSet(network.arch, *network.weights, set, network.normalize); };
}

void NetworkChoice::setNetworks(const QVector<OtherNetwork> &networks)
{
    const OtherNetwork *before = chosen();
    const std::shared_ptr<const MlpParamsF> shown = before ? before->weights : nullptr;
    m_networks = networks;
    fill();
    const OtherNetwork *now = chosen();
    if ((now ? now->weights : nullptr) != shown)
        emit chosenChanged();
}

void NetworkChoice::chooseRun(int run)
{
    const QString before = m_chosen;
    const int wantedBefore = m_wantedRun;
    m_chosen.clear();
    m_wantedRun = run;
    fill();
    if (m_chosen != before || m_wantedRun != wantedBefore)
        emit chosenChanged();
}

void NetworkChoice::fill()
{
    for (const OtherNetwork &n : m_networks)
        if (m_wantedRun > 0 && n.run == m_wantedRun && n.weights) {
            m_chosen = QString::fromStdString(n.label);
            m_wantedRun = 0;
        }
    if (!chosen())
        m_chosen.clear();
    clear();
    addItem(tr("the training's weights"));
    for (const OtherNetwork &n : m_networks)
        if (n.weights)
            addItem(QString::fromStdString(n.label));
    setCurrentIndex(m_chosen.isEmpty() ? 0 : findText(m_chosen));
    const bool any = count() > 1;
    m_caption->setVisible(any);
    setVisible(any);
}

} // namespace bplab
