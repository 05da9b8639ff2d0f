#pragma once
// The command line of backprop-lab (see --help): data selection, hyperparameter overrides and the
// automation flags used for screenshots, benchmarks and tests.

#include "viewlist.h" // viewFromName()

#include <nn/architecture.h>
#include <train/pacer.h>

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace bplab {

struct GuiOptions {
    QString dataDir;         ///< --data DIR
    QString dataset;         ///< --dataset mnist|fashion|sample
    int view = -1;           ///< --view train|step|draw|cluster|data (0-4; -1: the remembered one)
    qint64 afterBatches = 0; ///< --after-batches N (with --screenshot)
    QString screenshot;      ///< --screenshot FILE.png
    bool quitWhenDone = false;
    QString report;          ///< --report FILE.json
    std::optional<int> epochs;
    std::optional<int> batch; ///< --batch N: the training's mini-batch; with --view step the Step view's too
    std::optional<int> replicas; ///< --replicas N
    std::optional<qint64> trainSubset; ///< --train-subset N (0: the whole training set)
    std::optional<std::vector<int>> hidden; ///< --hidden W | W1,W2 | 0: the hidden layers' widths
    std::optional<Activation> activation;   ///< --activation relu|sigmoid|tanh|leakyrelu
    std::optional<std::vector<LayerSpec>> layers; ///< --layers "conv 8 5x5, pool 2, dense 64" (not with --hidden)
    std::optional<double> weightDecay;      ///< --weight-decay L: L2 lambda, g += lambda w
    std::optional<qint64> seed;
    std::optional<double> lr;
    std::optional<bool> tuned; ///< --recipe source|tuned
    bool presentation = false;
    QSize size;              ///< --size WxH (empty: the default or the remembered one)
    bool stepTest = true;    ///< --set test|train: the Step view's image set
    int stepIndex = 0;       ///< --index N: the Step view's image
    int stepStage = 1;       ///< --stage K: the Step view's stage (1-10, up to 13 for two hidden layers)
    QString stepModel;       ///< --step-model FILE: the Step view steps through its weights
    std::optional<QString> language; ///< --lang system|en|de ("" = the system's; unset: the stored choice)
    std::optional<Pace> pace;        ///< --pace N|full|sample
    std::optional<qint64> timelineAt; ///< --timeline-at K: after --after-batches, show batch K
    QString saveModel;               ///< --save-model FILE: the weights shown, then exit
    QString lesson;                  ///< --lesson FILE: opened at the start (its data and settings)
    int lessonStep = 1;              ///< --lesson-step N: the step shown first, from 1 as the panel counts
    QString exportPanel;             ///< --export-panel NAME (MainWindow::exportPanelNames())
    QString exportFile;              ///< --export-file FILE: its format by the suffix
    std::optional<int> classroomPort; ///< --classroom PORT: the classroom server starts (0: a free port)
    QString classroomBind = QStringLiteral("127.0.0.1"); ///< --classroom-bind ADDRESS

    /** Runs that train N batches, then act and exit (a picture, a model file, a panel's export). */
    bool afterBatchesRun() const { return !screenshot.isEmpty() || !saveModel.isEmpty() || !exportFile.isEmpty(); }
    /** Screenshot or benchmark: settings are neither read nor written. (Otherwise the flags'
     *  values last for the session: the user's saved settings stay as they are.) */
    bool automation() const { return afterBatchesRun() || quitWhenDone || !report.isEmpty(); }
};

/** Parses arguments (argv[0] first). Returns an error message ("" when fine); --help and
 *  --version print and set exitNow. */
QString parseGuiOptions(const QStringList &arguments, GuiOptions &options, bool &exitNow);

class MainWindow;

/** What the start opened. */
struct StartData
{
    QString folder;      ///< the data folder opened ("" when none was found)
    QString findError;   ///< why none was found (the error page shows it)
    QString lessonError; ///< the lesson that could not be opened: its file and field
    bool lessonData = false; ///< the lesson opened and reads its own data set
};

/**
 * Opens --lesson and the data: the flags' folder, else remembered (the last data set), else the
 * best one found. A lesson that opens brings its own data. One that cannot be opened is named in
 * the window's banner (file and field) after the data's opening, which clears the banner; an
 * automation run stops at it (nothing else is opened) and reports it in lessonError.
 */
StartData openAtStart(MainWindow &window, const GuiOptions &options, const QString &remembered);

/** The flags' hyperparameters, pace, view and Step view image, for this session only: the
 *  controller trains with them, the user's saved settings stay as they are. */
void applySessionOptions(MainWindow &window, const GuiOptions &options);

} // namespace bplab
