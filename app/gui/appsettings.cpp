#include "appsettings.h"

#include <palettecolors.h>

namespace bplab {

StoredTraining readTraining(const QSettings &s)
{
    StoredTraining t;
    const QString recipe = s.value(QStringLiteral("training/recipe")).toString();
    t.recipe = recipeNamed(recipe.toStdString()).value_or(Recipe::Source);
    t.config = recipeConfig(t.recipe);
    // Values out of range (a hand-edited file) fall back to the recipe's.
    const double lr = s.value(QStringLiteral("training/lr"), t.config.lr).toDouble();
    if (lr > 0 && lr <= 10)
        t.config.lr = lr;
    const int batch = s.value(QStringLiteral("training/batch"), t.config.batch).toInt();
    if (batch >= 1 && batch <= 4096)
        t.config.batch = batch;
    const int epochs = s.value(QStringLiteral("training/epochs"), t.config.epochs).toInt();
    if (epochs >= 1 && epochs <= 1000)
        t.config.epochs = epochs;
    const qlonglong seed = s.value(QStringLiteral("training/seed"), qlonglong(t.config.seed)).toLongLong();
    if (seed >= 0 && seed <= 2147483647)
        t.config.seed = std::uint64_t(seed);
    const qlonglong subset = s.value(QStringLiteral("training/trainSubset"), 0).toLongLong();
    if (subset >= 0 && subset <= 1000000000)
        t.config.trainSubset = std::size_t(subset);
    // The network: a value the parsers refuse leaves the source's.
    const QString hidden = s.value(QStringLiteral("training/hidden")).toString();
    const QString activation = s.value(QStringLiteral("training/activation")).toString();
    if (!hidden.isEmpty() || !activation.isEmpty()) {
        const Result<Architecture> network = parseArchitecture(
                hidden.isEmpty() ? hiddenText(t.config.network.hidden) : hidden.toStdString(),
                activation.isEmpty() ? toString(t.config.network.activation) : activation.toStdString());
        if (network)
            t.config = withNetwork(t.config, network->hidden, network->activation);
    }
    // A layer list in place of the widths, when one was chosen and can still be built.
    const QString layers = s.value(QStringLiteral("training/layers")).toString();
    if (!layers.isEmpty()) {
        const Result<std::vector<LayerSpec>> list = parseLayers(layers.toStdString());
        if (list && validate(withLayers(*list, t.config.network.activation)).ok()) {
            t.config.network = withLayers(*list, t.config.network.activation);
            t.config.init = initFor(t.config.network);
        }
    }
    const double decay = s.value(QStringLiteral("training/weightDecay"), 0.0).toDouble();
    if (decay >= 0 && decay <= 1)
        t.config.weightDecay = decay;
    return t;
}

void writeTraining(QSettings &s, const TrainConfig &c, Recipe recipe)
{
    s.setValue(QStringLiteral("training/recipe"), QString::fromLatin1(recipeInfo(recipe).name));
    s.setValue(QStringLiteral("training/lr"), c.lr);
    s.setValue(QStringLiteral("training/batch"), c.batch);
    s.setValue(QStringLiteral("training/epochs"), c.epochs);
    s.setValue(QStringLiteral("training/seed"), qlonglong(c.seed));
    s.setValue(QStringLiteral("training/trainSubset"), qlonglong(c.trainSubset));
    s.setValue(QStringLiteral("training/hidden"), QString::fromStdString(hiddenText(c.network.hidden)));
    s.setValue(QStringLiteral("training/activation"), QString::fromStdString(toString(c.network.activation)));
    s.setValue(QStringLiteral("training/layers"), QString::fromStdString(layersText(c.network.layers)));
    s.setValue(QStringLiteral("training/weightDecay"), c.weightDecay);
}

QString readLastDataset(const QSettings &s)
{
    return s.value(QStringLiteral("data/last")).toString();
}

QStringList readOpenedFolders(const QSettings &s)
{
    return s.value(QStringLiteral("data/opened")).toStringList();
}

void writeDataset(QSettings &s, const QString &folder)
{
    if (folder.isEmpty())
        return;
    s.setValue(QStringLiteral("data/last"), folder);
    QStringList opened = readOpenedFolders(s);
    opened.removeAll(folder);
    opened.prepend(folder);
    while (opened.size() > 8)
        opened.removeLast();
    s.setValue(QStringLiteral("data/opened"), opened);
}

namespace {

bool sameStored(const StoredTraining &a, const StoredTraining &b)
{
    // The fields writeTraining() stores; the recipe stands for the rest.
    return a.recipe == b.recipe && a.config.lr == b.config.lr && a.config.batch == b.config.batch
           && a.config.epochs == b.config.epochs && a.config.seed == b.config.seed
           && a.config.trainSubset == b.config.trainSubset && a.config.network == b.config.network
           && a.config.weightDecay == b.config.weightDecay;
}

} // namespace

void UserSettings::read(const QSettings &s)
{
    m_training = m_readTraining = readTraining(s);
    bool ok = false;
    const int view = s.value(QStringLiteral("view/current")).toInt(&ok);
    m_view = m_readView = ok ? view : -1;
    const QVariant highContrast = s.value(QStringLiteral("view/highContrast"));
    m_highContrast = m_readHighContrast
            = highContrast.isValid() ? highContrast.toBool() : colors::desktopWantsHighContrast();
}

void UserSettings::chooseTraining(const TrainConfig &config)
{
    m_training.config = config;
    m_training.recipe = recipeOf(config);
}

void UserSettings::write(QSettings &s) const
{
    if (!sameStored(m_training, m_readTraining))
        writeTraining(s, m_training.config, m_training.recipe);
    if (m_view != m_readView && m_view >= 0)
        s.setValue(QStringLiteral("view/current"), m_view);
    if (m_highContrast != m_readHighContrast)
        s.setValue(QStringLiteral("view/highContrast"), m_highContrast);
}

} // namespace bplab
