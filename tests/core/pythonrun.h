#pragma once
// Runs Debian's Python for the tests that check our files against NumPy's own reader.

#include <QProcess>
#include <QString>

namespace bplab::test {

/** Runs `python3 -c code`; true when it exits 0 (false also when Python or NumPy is missing, for
 *  `import numpy`). Its standard output, trimmed, goes to *out; a failure's stderr is a warning. */
inline bool runPython(const QString &code, QString *out = nullptr)
{
    QProcess p;
    p.start("/usr/bin/python3", {"-c", code});
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit)
        return false;
    if (out)
        *out = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    if (p.exitCode() != 0)
        qWarning("%s", p.readAllStandardError().constData());
    return p.exitCode() == 0;
}

} // namespace bplab::test
