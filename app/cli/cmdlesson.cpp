// lesson check: plays lessons without a window and checks the claims their steps make.

#include "command.h"
#include "commands.h"

#include "data/dataset.h"
#include "lesson/lessonplayer.h"
#include "lesson/lessonreader.h"

#include <QFileInfo>

namespace bplab::cli {

namespace {

const char *kLessonDetails = R"(lesson check FILE... plays every step of each lesson as a class stepping through it would,
without a window: the lesson's settings, each step's learning rate and timeline position (the
training's weights at that batch), and each step's Compare runs, trained to their end, on the
lesson's data set ("sample": the offline sample import-sample writes; --data DIR for another
folder). After each step it checks the step's "claims" (docs/file-formats.md, "Lesson"): the test or
training accuracy at the shown weights, the test loss, a count of the confusion matrix, a Compare
run's final accuracy or test loss, the best run; each with a bound or a margin over another run.
It prints each lesson's file name, then each claim with the value found and "holds" or "FAILS",
and each cell of a step's "compute" list (cells to compute by hand, as worksheet --blanks names
them) with its value there, to 4 significant digits: the training's weights at that step (for a
step through a Compare run, "step_of", that run's weights after its last epoch), the test image the
Step view shows, the lesson's learning rate.
Exit code 0 when every claim holds, 2 when one does not (stderr names the lesson, the step, counted
from 1 as the lesson's panel does, and the claim) or a lesson cannot be read.)";

} // namespace

int runLesson(const QStringList &args)
{
    Command cmd(QStringLiteral("lesson"), QStringLiteral("Checks lessons: lesson check FILE... plays each one and checks its claims."),
                QString::fromUtf8(kLessonDetails));
    cmd.addOption(QStringLiteral("data"), QStringLiteral("The data folder to play every lesson on (default: the lesson's data set)."),
                  QStringLiteral("DIR"));
    QStringList options, files;
    splitPositionals(args, {QStringLiteral("--data")}, options, files);
    if (const int code = cmd.parse(options); code >= 0)
        return code;
    if (files.isEmpty() || files.first() != QLatin1String("check"))
        return cmd.usageError(QStringLiteral("the only action is check: lesson check FILE..."));
    files.removeFirst();
    if (files.isEmpty())
        return cmd.usageError(QStringLiteral("lesson check needs one or more lesson files"));
    QStringList failed;
    for (const QString &file : files) {
        const QString name = QFileInfo(file).fileName();
        printOut(name + QLatin1Char('\n'));
        const Result<Lesson> lesson = loadLesson(file.toStdString());
        if (!lesson)
            return cmd.dataError(qs(lesson.error()));
        const Result<std::string> folder = findDataFolder(cmd.value(QStringLiteral("data")).toStdString(),
                                                          parseKnownDataset(lesson->dataset));
        if (!folder)
            return cmd.dataError(QStringLiteral("%1 needs the data set \"%2\": %3").arg(name, qs(lesson->dataset), qs(folder.error())));
        Result<DataSplit> data = loadDataFolder(*folder);
        if (!data)
            return cmd.dataError(qs(data.error()));
        const auto split = std::make_shared<const DataSplit>(std::move(*data));
        playLesson(*lesson, split, [&](const PlayedClaim &p) {
            printOut(QStringLiteral("  step %1, claim %2: %3: %4\n")
                             .arg(p.step + 1)
                             .arg(p.claim + 1)
                             .arg(qs(p.check.text), p.check.holds ? QStringLiteral("holds") : QStringLiteral("FAILS")));
            if (!p.check.holds)
                failed << QStringLiteral("%1, step %2, claim %3: %4").arg(name).arg(p.step + 1).arg(p.claim + 1).arg(qs(p.check.text));
        }, [&](const PlayedCell &c) {
            printOut(QStringLiteral("  step %1, compute %2 = %3\n")
                             .arg(c.step + 1)
                             .arg(qs(handCellText(c.cell)))
                             .arg(double(c.value), 0, 'g', 4));
        });
    }
    if (!failed.isEmpty())
        return cmd.dataError(QStringLiteral("a claim does not hold: %1").arg(failed.join(QStringLiteral("; "))));
    return kExitOk;
}

} // namespace bplab::cli
