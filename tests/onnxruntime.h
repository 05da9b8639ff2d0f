#pragma once
// ONNX Runtime for the tests that run our ONNX files in it: its Node.js package onnxruntime-node,
// which scripts/setup installs into the cache (the version pinned here) and which carries its CPU
// library inside, run by the machine's node.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace bplab::test {

inline constexpr const char *kOrtVersion = "1.20.1"; // pinned; scripts/setup installs the same

/** The folder holding node_modules/onnxruntime-node (BPLAB_ONNXRUNTIME_NODE, else the cache's),
 *  or "" when it is not installed. */
inline QString onnxRuntimeFolder()
{
    QStringList candidates;
    if (const QByteArray env = qgetenv("BPLAB_ONNXRUNTIME_NODE"); !env.isEmpty())
        candidates << QString::fromLocal8Bit(env);
    const QByteArray cache = qgetenv("XDG_CACHE_HOME");
    const QString cacheDir = cache.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache") : QString::fromLocal8Bit(cache);
    candidates << cacheDir + QStringLiteral("/backprop-lab/onnxruntime-node-") + QLatin1String(kOrtVersion);
    for (const QString &c : candidates)
        if (QFile::exists(c + QStringLiteral("/node_modules/onnxruntime-node/package.json")))
            return c;
    return {};
}

/** Runs node with a script; false (and a warning) when it fails. */
inline bool runNode(const QString &script, const QStringList &args, QByteArray *out)
{
    QProcess p;
    p.start(QStringLiteral("node"), QStringList {QStringLiteral("-e"), script} + args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit) {
        qWarning("node did not finish");
        return false;
    }
    *out = p.readAllStandardOutput();
    if (p.exitCode() != 0)
        qWarning("node: %s", p.readAllStandardError().constData());
    return p.exitCode() == 0;
}

} // namespace bplab::test
