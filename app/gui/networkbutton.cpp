#include "networkbutton.h"

#include <hiddenwidths.h>

#include <QActionGroup>
#include <QLocale>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>

namespace bplab {

namespace {
/** The widths the menu offers: none, the default 128 and the lessons' networks. */
const std::vector<std::vector<int>> kWidthChoices
        = {{}, {8}, {16}, {32}, {128}, {256}, {256, 128}, {512, 256}};
} // namespace

NetworkButton::NetworkButton(QWidget *parent)
    : QToolButton(parent)
{
    setObjectName(QStringLiteral("networkBox"));
    setPopupMode(QToolButton::InstantPopup);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_tip = tr("The network: 784 inputs, then no, one or two dense hidden layers of 1 to 1,024 "
               "neurons or a list of layers (convolution, pooling, dense, dropout), one "
               "activation, 10 outputs. The weights start by the rule the activation implies "
               "(He for ReLU, Xavier for sigmoid and tanh). Takes effect on Reset.");
    setToolTip(m_tip);
    buildMenu();
}

QString NetworkButton::networkText(const Architecture &network, bool compact)
{
    if (network.layered()) {
        // Short for the toolbar: "conv 8-16, 64 ReLU"; the tooltip names every layer.
        QStringList channels, dense;
        for (const LayerSpec &l : network.layers) {
            if (l.kind == LayerKind::Conv)
                channels << QString::number(l.size);
            else if (l.kind == LayerKind::Dense)
                dense << QString::number(l.size);
        }
        QString text = channels.isEmpty() ? QString() : tr("conv %1").arg(channels.join(QLatin1Char('-')));
        if (compact && !text.isEmpty())
            return text;
        if (!dense.isEmpty())
            text += (text.isEmpty() ? QString() : QStringLiteral(", ")) + dense.join(QLatin1Char('-'));
        return text + QLatin1Char(' ') + QString::fromStdString(displayName(network.activation));
    }
    if (network.hidden.empty())
        return QStringLiteral("784-10");
    return QString::fromStdString(hiddenText(network.hidden))
                   .replace(QLatin1Char(','), QLatin1Char('-'))
           + QLatin1Char(' ') + QString::fromStdString(displayName(network.activation));
}

void NetworkButton::setCompact(bool on)
{
    m_compact = on;
    setText(networkText(m_shown, m_compact));
}

void NetworkButton::showNetwork(const Architecture &network)
{
    setText(networkText(network, m_compact));
    m_shown = network;
    describeChoice();
    m_shownHidden = network.hidden;
    const QString widths = QString::fromStdString(hiddenText(network.hidden));
    bool offered = false;
    for (QAction *a : m_widthGroup->actions())
        if (a->data().toString() == widths) {
            a->setChecked(true);
            offered = true;
        }
    if (network.layered())
        m_layersAction->setChecked(true);
    else if (!offered)
        m_widthGroup->actions().at(m_widthGroup->actions().size() - 2)->setChecked(true); // "Other widths..."
    // 784-10 has no hidden layer and so no activation to choose.
    const bool activations = !network.hidden.empty() || network.layered();
    m_activationSection->setVisible(activations);
    for (QAction *a : m_activationGroup->actions()) {
        a->setChecked(a->data().toInt() == int(network.activation));
        a->setVisible(activations);
    }
}

void NetworkButton::showTrainedNetwork(const Architecture &trained)
{
    m_trained = trained;
    describeChoice();
}

void NetworkButton::describeChoice()
{
    // A screen reader says what the button chooses, not only its current text; a choice that
    // waits for Reset says so, and which network the weights shown are of meanwhile.
    const QString shown = QString::fromStdString(describe(m_shown));
    if (m_trained && *m_trained != m_shown) {
        const QString trained = QString::fromStdString(describe(*m_trained));
        setAccessibleName(tr("Network: %1, applied on Reset (now %2)").arg(shown, trained));
        setToolTip(tr("%1 is chosen and applied on Reset (Ctrl+R); until then the weights are "
                      "%2's.").arg(shown, trained)
                   + QStringLiteral("\n\n") + m_tip);
    } else {
        setAccessibleName(tr("Network: %1").arg(shown));
        setToolTip(m_tip);
    }
}

void NetworkButton::buildMenu()
{
    auto *menu = new QMenu(tr("Net&work"), this);
    menu->setObjectName(QStringLiteral("networkMenu"));
    menu->addSection(tr("Hidden layers"));
    m_widthGroup = new QActionGroup(menu);
    for (const std::vector<int> &widths : kWidthChoices) {
        QString text = widths.empty()
                               ? tr("No hidden layer (784-10)")
                               : QStringLiteral("784-%1-10")
                                         .arg(QString::fromStdString(hiddenText(widths))
                                                      .replace(QLatin1Char(','), QLatin1Char('-')));
        if (widths == Architecture::source().hidden)
            text = tr("%1 (the source's)").arg(text);
        QAction *a = menu->addAction(text);
        a->setCheckable(true);
        a->setActionGroup(m_widthGroup);
        a->setData(QString::fromStdString(hiddenText(widths)));
        connect(a, &QAction::triggered, this, [this, widths] {
            emit networkEdited([widths](TrainConfig &t) {
                t.network.layers.clear(); // the widths name the whole network
                t = withNetwork(t, widths, t.network.activation);
            });
        });
    }
    QAction *other = menu->addAction(tr("Other widths..."));
    other->setObjectName(QStringLiteral("networkOtherWidths"));
    other->setCheckable(true);
    other->setActionGroup(m_widthGroup);
    connect(other, &QAction::triggered, this, &NetworkButton::askForWidths);
    m_layersAction = menu->addAction(tr("Layers (convolution, pooling, dropout)..."));
    m_layersAction->setObjectName(QStringLiteral("networkLayers"));
    m_layersAction->setCheckable(true);
    m_layersAction->setActionGroup(m_widthGroup);
    connect(m_layersAction, &QAction::triggered, this, &NetworkButton::askForLayers);
    m_decayAction = menu->addAction(QString());
    m_decayAction->setObjectName(QStringLiteral("networkWeightDecay"));
    connect(m_decayAction, &QAction::triggered, this, &NetworkButton::askForWeightDecay);
    showWeightDecay(0);
    m_activationSection = menu->addSection(tr("Activation of the hidden layers"));
    m_activationGroup = new QActionGroup(menu);
    for (const Activation f :
         {Activation::ReLU, Activation::Sigmoid, Activation::Tanh, Activation::LeakyReLU}) {
        QAction *a = menu->addAction(QString::fromStdString(displayName(f)));
        a->setCheckable(true);
        a->setActionGroup(m_activationGroup);
        a->setData(int(f));
        connect(a, &QAction::triggered, this, [this, f] {
            emit networkEdited([f](TrainConfig &t) { t = withNetwork(t, t.network.hidden, f); });
        });
    }
    setMenu(menu);
}

void NetworkButton::askForWidths()
{
    bool ok = false;
    const QString text = QInputDialog::getText(
            this, tr("Hidden layers"),
            tr("Widths of the hidden layers, first to last: \"64\", \"256,128\" or \"0\" for none "
               "(1 to 1,024 neurons each, at most two layers):"),
            QLineEdit::Normal, QString::fromStdString(hiddenText(m_shownHidden)), &ok);
    if (ok) {
        if (const std::optional<std::vector<int>> widths = hiddenWidthsOf(text)) {
            const std::vector<int> w = *widths;
            emit networkEdited([w](TrainConfig &t) {
                t.network.layers.clear();
                t = withNetwork(t, w, t.network.activation);
            });
            return;
        }
        QMessageBox::warning(this, tr("Hidden layers"), hiddenWidthsProblem(text));
    }
    // Nothing changed: the menu shows the network in use again.
    showNetwork(m_shown);
}

void NetworkButton::askForLayers()
{
    bool ok = false;
    const QString shown = m_shown.layered() ? QString::fromStdString(layersText(m_shown.layers))
                                            : QStringLiteral("conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64, dropout 0.25");
    const QString text = QInputDialog::getText(
            this, tr("Layers"),
            tr("The layers before the 10 outputs, comma-separated: \"conv C KxK\" (optionally "
               "\"stride 2\" and \"valid\"), \"pool 2\", \"flatten\", \"dense N\", \"dropout P\". "
               "The activation is the menu's; applied on Reset:"),
            QLineEdit::Normal, shown, &ok);
    if (ok) {
        if (const std::optional<std::vector<LayerSpec>> layers = layerListOf(text)) {
            const std::vector<LayerSpec> list = *layers;
            emit networkEdited([list](TrainConfig &t) {
                t.network = withLayers(list, t.network.activation);
                t.init = initFor(t.network);
            });
            return;
        }
        QMessageBox::warning(this, tr("Layers"), layerListProblem(text));
    }
    showNetwork(m_shown);
}

void NetworkButton::showWeightDecay(double lambda)
{
    m_shownDecay = lambda;
    m_decayAction->setText(lambda > 0 ? tr("Weight decay: lambda = %1...").arg(QLocale().toString(lambda, 'g', 6))
                                      : tr("Weight decay: none..."));
}

void NetworkButton::askForWeightDecay()
{
    bool ok = false;
    const double lambda = QInputDialog::getDouble(
            this, tr("Weight decay"),
            tr("L2 weight decay lambda: every gradient gets + lambda w, which pulls the weights "
               "towards 0 (0: none; 0.0005 is common). Applied on Reset:"),
            m_shownDecay, 0.0, 1.0, 6, &ok);
    if (ok)
        emit networkEdited([lambda](TrainConfig &t) { t.weightDecay = lambda; });
}

} // namespace bplab
