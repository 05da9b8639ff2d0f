#include "mistakespage.h"

#include "mistakesview.h"
#include "trainingcontroller.h"

#include <background.h>
#include <drawnstore.h>
#include <networkchoice.h>
#include <pictureimport.h>
#include <picturereader.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>

#include <filesystem>

namespace bplab {

namespace {

/** The page: recomputes the answers when what it shows is stale and it can be seen. */
/**
 * The test set of folder, for the Mistakes view: its t10k files alone (a training set beside them,
 * whole, half or damaged, is not read), or, where it holds none, its pictures in folders 0-9
 * imported as import-images does (skipped files are left out). The error says what a test set is.
 */
Result<DataSplit> readTestSet(const std::string &folder)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        return Error {folder + ": no such folder"};
    // The test files by themselves: linked into a folder of their own and read there.
    const QTemporaryDir only;
    if (only.isValid() && linkDataSet(folder, only.path().toStdString(), ImportTarget::Test)) {
        Result<DataSplit> split = loadDataFolder(only.path().toStdString());
        if (!split)
            return Error {split.error()};
        split->folder = folder;
        split->name = std::filesystem::path(folder).filename().string();
        return split;
    }
    const PictureScan scan = scanPictureFolders({folder});
    if (scan.files.empty())
        return Error {folder + ": holds no test set (t10k-images-idx3-ubyte and t10k-labels-idx1-ubyte, each "
                               "may end in .gz) and no pictures in folders 0-9"};
    Result<ImportedPictures> imported = importPictures(scan, qtPictureReader());
    if (!imported)
        return Error {imported.error()};
    if (imported->data.size() == 0)
        return Error {folder + ": no picture could be imported (" + summarizeSkips(imported->skipped) + ")"};
    DataSplit split;
    split.folder = folder;
    split.name = std::filesystem::path(folder).filename().string();
    split.test = std::move(imported->data);
    for (int k = 0; k < kOutputs; ++k)
        split.classNames[std::size_t(k)] = std::to_string(k);
    return split;
}

class MistakesPage : public QWidget
{
public:
    MistakesPage(TrainingController *controller, std::function<void(const MistakeImage &)> openImage, QWidget *parent)
        : QWidget(parent)
        , m_controller(controller)
        , m_view(new MistakesView)
        , m_sets(new QComboBox)
        , m_networks(new NetworkChoice)
    {
        auto *layout = new QVBoxLayout(this);
        layout->setContentsMargins(0, 0, 0, 0);
        auto *row = new QHBoxLayout;
        auto *caption = new QLabel(QCoreApplication::translate("bplab", "Te&st set:"));
        caption->setBuddy(m_sets);
        m_sets->setObjectName(QStringLiteral("testSetBox"));
        m_sets->setAccessibleName(QCoreApplication::translate("bplab", "Test set"));
        m_sets->setToolTip(QCoreApplication::translate("bplab", "The images the network is tested on here: the data's own test set, or another data folder's (a class's handwriting imported as a test set), with the same weights."));
        m_sets->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        row->addWidget(caption);
        row->addWidget(m_sets);
        // Whose mistakes: the training's weights, or a network trained in the Compare view
        // (shown only while there is one).
        m_networks->setObjectName(QStringLiteral("mistakesNetworkBox"));
        m_networks->setToolTip(QCoreApplication::translate("bplab", "The network whose answers are shown: the training's weights (those every view shows), or the latest weights of a run of the Compare view."));
        row->addSpacing(m_networks->fontMetrics().height());
        row->addWidget(m_networks->caption());
        row->addWidget(m_networks);
        QObject::connect(m_networks, &NetworkChoice::chosenChanged, this, [this] { m_refresh.start(); });
        row->addStretch(1);
        layout->addLayout(row);
        layout->addWidget(m_view, 1);
        // The digits kept in the Draw view, then the folders the user opened here before (read
        // when chosen).
        m_opened.append({QCoreApplication::translate("bplab", "Digits drawn here"), drawnDigitsFolder(), nullptr});
        for (const QString &folder : QSettings().value(kRememberedKey).toStringList())
            if (QFileInfo(folder).isDir() && indexOf(folder) < 0)
                m_opened.append({QDir(folder).dirName(), folder, nullptr});
        fillSets();
        QObject::connect(m_sets, &QComboBox::activated, this, [this](int index) { setChosen(index); });
        m_view->setAnswers(nullptr, nullptr, QCoreApplication::translate("bplab", "Load a data set and train: the test set's confusion matrix appears here."));
        QObject::connect(m_view, &MistakesView::imageActivated, this, [this, openImage](int index) {
            const DataSplitPtr data = m_lastData;
            if (!openImage || !data || index < 0 || std::size_t(index) >= data->test.size())
                return;
            const bool own = !m_other;
            const OtherNetwork *run = m_networks->chosen();
            openImage(MistakeImage {&data->test, index, own, own ? QString() : m_sets->currentText(), run ? run->run : 0});
        });
        m_refresh.setSingleShot(true);
        m_refresh.setInterval(0);
        QObject::connect(&m_refresh, &QTimer::timeout, this, [this] { refresh(); });
        const auto stale = [this] { m_refresh.start(); };
        QObject::connect(controller, &TrainingController::stateChanged, this, [stale](TrainingState s) {
            if (s != TrainingState::Running)
                stale();
        });
        QObject::connect(controller, &TrainingController::historyChanged, this, [stale](const HistoryEvent &e) {
            if (std::holds_alternative<EpochReport>(e) || std::holds_alternative<HistoryRestart>(e))
                stale();
        });
        QObject::connect(controller, &TrainingController::dataChanged, this, [this, stale] {
            fillSets(); // the own set's name
            stale();
        });
        // An exact state (a step, a pause, a load); the live ones while running are skipped.
        QObject::connect(controller, &TrainingController::visualReady, this, [stale](const VisualPtr &v) {
            if (v && !v->live)
                stale();
        });
    }

    /** The matrix shown is of the weights every view shows (nothing left to evaluate). */
    bool isCurrent() const
    {
        // The evaluation's result is on the page (its finished signal has been handled), not only
        // done in the pool.
        return !m_running && !m_refresh.isActive() && !m_pending && m_answered && !m_loading && !m_networks->waitingFor()
               && m_lastWeights == weightsToShow() && m_lastData == testData();
    }

    /** Shows run `run`'s mistakes (1-based) once it has weights, or the training's (0). */
    void showRun(int run) { m_networks->chooseRun(run); }

    /** The Compare view's runs, each with its latest weights: listed in the Network box. A
     *  chosen run whose weights changed is evaluated again; a chosen run that is gone gives way
     *  to the training's weights. */
    void setOtherNetworks(const QVector<OtherNetwork> &networks) { m_networks->setNetworks(networks); }

    /** Reads `folder`'s test set in the background, then shows it (a message when it has none).
     *  A folder the user opened is listed again in the next session. */
    void openTestSet(const QString &folder)
    {
        m_loading = true;
        const std::string path = QDir::toNativeSeparators(folder).toStdString();
        runInBackground(
                this, [path] { return std::make_shared<Result<DataSplit>>(readTestSet(path)); },
                [this, folder](std::shared_ptr<Result<DataSplit>> loaded) {
                    m_loading = false;
                    if (!*loaded || (*loaded)->test.size() == 0) {
                        const QString why = !*loaded ? QString::fromStdString(loaded->error())
                                                     : QCoreApplication::translate("bplab", "%1 holds no test set").arg(folder);
                        m_sets->setCurrentIndex(m_other ? m_sets->findData(m_otherIndex) : 0);
                        m_view->setAnswers(nullptr, nullptr, QCoreApplication::translate("bplab", "This test set cannot be used: %1").arg(why));
                        m_lastWeights.reset();
                        return;
                    }
                    auto data = std::make_shared<const DataSplit>(std::move(loaded->value()));
                    int i = indexOf(folder);
                    if (i < 0) {
                        m_opened.append({QDir(folder).dirName(), folder, nullptr});
                        i = int(m_opened.size()) - 1;
                    }
                    m_opened[i].data = data;
                    m_other = data;
                    m_otherIndex = i;
                    if (i > 0)
                        remember();
                    fillSets();
                    m_refresh.start();
                });
    }

protected:
    void showEvent(QShowEvent *event) override
    {
        QWidget::showEvent(event);
        // Digits kept in the Draw view since: the drawn set is read again.
        OpenedSet &drawn = m_opened[0];
        if (const int kept = keptCount(); drawn.data && int(drawn.data->test.size()) != kept) {
            drawn.data.reset();
            if (m_otherIndex == 0) {
                m_other.reset();
                m_otherIndex = -1;
                if (kept > 0)
                    openTestSet(drawn.folder);
            }
        }
        fillSets();
        m_refresh.start();
    }

private:
    /** Starts an evaluation when the shown weights are not the ones last evaluated. */
    void refresh()
    {
        if (!isVisible())
            return; // showEvent() comes back
        if (m_running) {
            m_pending = true; // once this one is done
            return;
        }
        // The weights every view shows (the timeline's cursor, or a model file's), or a Compare
        // run's.
        const ParamsPtr shown = weightsToShow();
        const DataSplitPtr data = testData();
        if (const int run = m_networks->waitingFor()) {
            m_lastWeights.reset();
            m_view->setAnswers(nullptr, data, QCoreApplication::translate("bplab", "Run %1 of the Compare view has not finished an epoch yet: its mistakes appear here when it has.").arg(run));
            return;
        }
        if (!shown || !data || data->test.size() == 0) {
            // Nothing to evaluate: what the page says is current until either arrives.
            m_lastWeights = shown;
            m_lastData = data;
            m_answered = true;
            m_view->setAnswers(nullptr, data, QCoreApplication::translate("bplab", "No test set loaded: load a data set to see what the network gets wrong."));
            return;
        }
        if (shown == m_lastWeights && data == m_lastData)
            return;
        m_lastWeights = shown;
        m_lastData = data;
        m_answered = false;
        m_running = true;
        const OtherNetwork *run = m_networks->chosen();
        m_computing = run ? QCoreApplication::translate("bplab", "%1: the latest weights of this Compare run")
                                    .arg(QString::fromStdString(run->label))
                          : m_controller->shownCaption();
        runInBackground(
                this,
                [answer = m_networks->answerer(m_controller->shownNetwork()), data] { return std::shared_ptr<const SetAnswers>(std::make_shared<SetAnswers>(answer(data->test))); },
                [this](std::shared_ptr<const SetAnswers> answers) { showAnswers(std::move(answers)); });
    }

    /** One evaluation at a time: a newer request waits in m_pending, so the last one wins. */
    void showAnswers(std::shared_ptr<const SetAnswers> answers)
    {
        m_running = false;
        m_view->setAnswers(std::move(answers), m_lastData, m_computing);
        m_answered = true;
        if (m_pending) {
            m_pending = false;
            m_refresh.start();
        }
    }

    /** The weights whose answers the page is to show: the chosen run's or the training's. */
    ParamsPtr weightsToShow() const
    {
        if (const OtherNetwork *other = m_networks->chosen())
            return other->weights;
        return m_controller->shownWeights();
    }

    /** The test set shown: the one chosen in the box, else the data's own. */
    DataSplitPtr testData() const { return m_other ? m_other : m_controller->dataSplit(); }

    /** The box: the data's own test set, the sets opened here, Open a test set... */
    void fillSets()
    {
        const QLocale locale;
        m_sets->clear();
        const DataSplitPtr own = m_controller->dataSplit();
        m_sets->addItem(own ? QCoreApplication::translate("bplab", "%1 test set (%2)")
                                      .arg(QString::fromStdString(own->name), locale.toString(qulonglong(own->test.size())))
                            : QCoreApplication::translate("bplab", "the data's test set"),
                        -1);
        const int kept = keptCount();
        for (int i = 0; i < int(m_opened.size()); ++i) {
            const OpenedSet &o = m_opened[i];
            if (i == 0 && kept == 0 && !o.data)
                continue; // nothing drawn yet
            const qulonglong count = o.data ? qulonglong(o.data->test.size()) : i == 0 ? qulonglong(kept) : 0;
            m_sets->addItem(count > 0 ? QStringLiteral("%1 (%2)").arg(o.name, locale.toString(count)) : o.name, i);
            m_sets->setItemData(m_sets->count() - 1, o.folder, Qt::ToolTipRole);
        }
        m_sets->addItem(QCoreApplication::translate("bplab", "Open a test set..."), -2);
        m_sets->setCurrentIndex(m_other ? m_sets->findData(m_otherIndex) : 0);
    }

    void setChosen(int index)
    {
        const int which = m_sets->itemData(index).toInt();
        if (which == -2) {
            const QString folder = QFileDialog::getExistingDirectory(
                    this, QCoreApplication::translate("bplab", "Open a data folder with a test set"));
            if (folder.isEmpty())
                m_sets->setCurrentIndex(m_other ? m_sets->findData(m_otherIndex) : 0);
            else
                openTestSet(folder);
            return;
        }
        if (which >= 0 && !m_opened[which].data) {
            openTestSet(m_opened[which].folder); // read now, shown when read
            return;
        }
        m_other = which >= 0 ? m_opened[which].data : nullptr;
        m_otherIndex = which;
        m_refresh.start();
    }

    /** The entry of `folder` in m_opened, or -1. */
    int indexOf(const QString &folder) const
    {
        const QString wanted = QFileInfo(folder).absoluteFilePath();
        for (int i = 0; i < int(m_opened.size()); ++i)
            if (QFileInfo(m_opened[i].folder).absoluteFilePath() == wanted)
                return i;
        return -1;
    }

    /** Digits kept in the Draw view (its test set's size once read). */
    int keptCount() const
    {
        int n = 0;
        for (int c : keptDigitCounts(m_opened[0].folder))
            n += c;
        return n;
    }

    /** The folders opened here that held a test set, for the next session (at most 8). */
    void remember() const
    {
        QStringList folders;
        for (int i = 1; i < int(m_opened.size()); ++i)
            if (m_opened[i].data)
                folders << QFileInfo(m_opened[i].folder).absoluteFilePath();
        const QStringList before = QSettings().value(kRememberedKey).toStringList();
        for (const QString &f : before)
            if (!folders.contains(f) && QFileInfo(f).isDir())
                folders << f;
        QSettings().setValue(kRememberedKey, folders.mid(0, 8));
    }

    static constexpr const char *kRememberedKey = "mistakes/testSets";

    struct OpenedSet
    {
        QString name;
        QString folder;
        DataSplitPtr data; // null until read
    };

    TrainingController *m_controller;
    MistakesView *m_view;
    QComboBox *m_sets;
    NetworkChoice *m_networks; // the training's weights or a Compare run's
    QList<OpenedSet> m_opened; // [0] the digits drawn here, then the sets opened in the page
    DataSplitPtr m_other;      // the one shown (null: the data's own)
    int m_otherIndex = -1;
    bool m_loading = false;
    QTimer m_refresh;
    bool m_running = false; // an evaluation is in the pool
    ParamsPtr m_lastWeights; // the training's or a run's
    DataSplitPtr m_lastData;
    QString m_computing; // the caption of the weights being evaluated
    bool m_pending = false;
    bool m_answered = false; // the answers of m_lastWeights are on the page
};

} // namespace

void openMistakesTestSet(QWidget *page, const QString &folder)
{
    if (auto *p = dynamic_cast<MistakesPage *>(page))
        p->openTestSet(folder);
}

void setMistakesNetworks(QWidget *page, const QVector<OtherNetwork> &networks)
{
    if (auto *p = dynamic_cast<MistakesPage *>(page))
        p->setOtherNetworks(networks);
}

void showMistakesOfRun(QWidget *page, int run)
{
    if (auto *p = dynamic_cast<MistakesPage *>(page))
        p->showRun(run);
}

bool mistakesPageIsCurrent(const QWidget *page)
{
    const auto *p = dynamic_cast<const MistakesPage *>(page);
    return p && p->isCurrent();
}

QWidget *makeMistakesPage(TrainingController *controller, std::function<void(const MistakeImage &)> openImage, QWidget *parent)
{
    return new MistakesPage(controller, std::move(openImage), parent);
}

} // namespace bplab
