#pragma once
// The toolbar's Network button: names the network in use ("128 ReLU") and opens the menu that
// chooses its hidden layers and their activation. It shows the controller's network and sends
// each choice as a settings edit; it holds no settings of its own.

#include <nn/architecture.h>
#include <train/trainconfig.h>

#include <QToolButton>

#include <functional>
#include <optional>
#include <vector>

class QAction;
class QActionGroup;

namespace bplab {

/** A change to the training settings, as the change itself (ControlBar::SettingsEdit). */
using SettingsEdit = std::function<void(TrainConfig &)>;

class NetworkButton : public QToolButton
{
    Q_OBJECT
public:
    explicit NetworkButton(QWidget *parent = nullptr);

    /** The button's text for a network: "128 ReLU", "256-128 tanh", "784-10", "conv 8-16, 64 ReLU";
     *  compact (a narrow or projector's toolbar): a layer list by its convolutions' channels
     *  alone, "conv 8-16" (the tooltip, the menu and the status line name every layer). */
    static QString networkText(const Architecture &network, bool compact = false);
    /** The compact text from now on (ControlBar::setCompact). */
    void setCompact(bool on);
    /** Shows `network` on the button and checks it in the menu (no signal). */
    void showNetwork(const Architecture &network);
    /** Shows the weight decay lambda chosen in the menu (no signal). */
    void showWeightDecay(double lambda);
    /** The network the weights are of until the next Reset: when the one shown differs, the
     *  button's name and tooltip say that the choice is applied on Reset. */
    void showTrainedNetwork(const Architecture &trained);

signals:
    /** The user chose widths or an activation in the menu. */
    void networkEdited(const bplab::SettingsEdit &edit);

private:
    void buildMenu();
    /** Asks for the widths ("256,128"); sets them when valid, says why not otherwise. */
    void askForWidths();
    /** Asks for a layer list ("conv 8 5x5, pool 2, dense 64"); sets it when it can be built,
     *  says why not otherwise. */
    void askForLayers();
    /** Asks for the weight decay lambda (0: none). */
    void askForWeightDecay();
    /** The accessible name and tooltip for the network shown and the one trained. */
    void describeChoice();

    QActionGroup *m_widthGroup = nullptr;
    QActionGroup *m_activationGroup = nullptr;
    QAction *m_activationSection = nullptr; // the menu's heading above the activations
    QAction *m_layersAction = nullptr;      // "Layers...": checked while a layer list is chosen
    QAction *m_decayAction = nullptr;       // "Weight decay...": names lambda
    double m_shownDecay = 0;
    std::vector<int> m_shownHidden;         // the widths the menu shows (showNetwork)
    Architecture m_shown;                   // showNetwork()'s
    bool m_compact = false;
    std::optional<Architecture> m_trained;  // showTrainedNetwork()'s
    QString m_tip;                          // what the button chooses, whatever the network
};

} // namespace bplab
