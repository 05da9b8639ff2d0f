#pragma once
// One entry point per command. Each takes the arguments from the command name on
// (args[0] is the command) and returns the process exit code (see command.h).

#include <QStringList>

namespace bplab::cli {

int runTrain(const QStringList &args);
int runEval(const QStringList &args);
int runExplain(const QStringList &args);
int runExport(const QStringList &args);
int runInfo(const QStringList &args);
int runBench(const QStringList &args);
int runImportSample(const QStringList &args);
int runImportImages(const QStringList &args);
int runDownload(const QStringList &args);
int runSimulate(const QStringList &args);
int runPredict(const QStringList &args);
int runInspect(const QStringList &args);
int runLesson(const QStringList &args);
int runWorksheet(const QStringList &args);

} // namespace bplab::cli
