#include "trainnetwork.h"

#include "dataoptions.h"


namespace bplab::cli {

QString networkName(const Architecture &arch)
{
    return qs(describe(arch));
}

int chooseNetwork(const Command &cmd, Architecture &arch, std::optional<NetworkModel> &fromFile)
{
    if (const int code = layeredArchitectureValue(cmd, arch); code >= 0)
        return code;
    if (!cmd.isSet(QStringLiteral("init-from")))
        return -1;
    const QString path = cmd.value(QStringLiteral("init-from"));
    NetworkModel model;
    if (const int code = loadNetworkFile(cmd, path, model); code >= 0)
        return code;
    const bool asked = cmd.isSet(QStringLiteral("hidden")) || cmd.isSet(QStringLiteral("activation"))
                       || cmd.isSet(QStringLiteral("layers"));
    if (asked && model.arch != arch)
        return cmd.usageError(QStringLiteral("--init-from %1 holds the %2 network, not the %3 that --hidden and "
                                             "--activation ask for; leave them out to train the file's network")
                                      .arg(path, networkName(model.arch), networkName(arch)));
    arch = model.arch;
    fromFile = std::move(model);
    return -1;
}

void useNetwork(const Command &cmd, const Architecture &arch, TrainConfig &config)
{
    // Without --init, the initialisation the activation implies (He for ReLU, Xavier for sigmoid
    // and tanh); the model file records the one used.
    config.network = arch;
    if (!arch.hasHiddenLayers() && cmd.isSet(QStringLiteral("activation")))
        cmd.note(QStringLiteral("%1 has no hidden layer: --activation is ignored (its initialisation is %2)")
                         .arg(networkName(arch), qs(initRuleText(arch))));
    if (!cmd.isSet(QStringLiteral("init")))
        config.init = initFor(arch);
}

} // namespace bplab::cli
