#include "stepchooser.h"

#include <elidedlabel.h>
#include <networkchoice.h>

#include "io/modelfile.h"
#include "uiformat.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPixmap>
#include <QPainter>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <utility>

namespace bplab {

StepChooser::StepChooser(StepModel *model, QWidget *parent) : QWidget(parent), m_model(model)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    auto *h = new QHBoxLayout;
    h->setContentsMargins(0, 0, 0, 0);
    v->addLayout(h);
    // A model file's error in full, as the loader words it (hidden while there is none).
    m_modelErrorLabel = new QLabel;
    m_modelErrorLabel->setObjectName(QStringLiteral("modelError"));
    m_modelErrorLabel->setWordWrap(true);
    m_modelErrorLabel->setTextFormat(Qt::PlainText);
    m_modelErrorLabel->hide();
    v->addWidget(m_modelErrorLabel);
    m_set = new QComboBox;
    m_set->setObjectName(QStringLiteral("sampleSet"));
    m_set->addItem(tr("Test image"), QStringLiteral("test"));
    m_set->addItem(tr("Training image"), QStringLiteral("train"));
    m_set->setAccessibleName(tr("Image set"));
    m_index = new QSpinBox;
    m_index->setObjectName(QStringLiteral("sampleIndex"));
    m_index->setRange(0, 0);
    m_index->setToolTip(tr("The image's index in the set, from 0"));
    m_index->setAccessibleName(tr("Image index"));
    m_random = new QPushButton(tr("Random"));
    m_trainingSample = new QPushButton(tr("Training's sample"));
    m_trainingSample->setToolTip(tr("The training image the training is on"));
    m_misclassified = new QPushButton(tr("Misclassified"));
    m_misclassified->setToolTip(tr("The next test image the model gets wrong"));
    m_lr = new QDoubleSpinBox;
    m_lr->setObjectName(QStringLiteral("stepLearningRate"));
    m_lr->setDecimals(4);
    m_lr->setRange(0.0001, 10.0);
    m_lr->setSingleStep(0.01);
    m_lr->setValue(StepModel::kDefaultLearningRate);
    m_lr->setToolTip(tr("The learning rate of this one step: the training's, unless a lesson step or you set "
                        "one here"));
    m_lr->setAccessibleName(tr("Learning rate of this step"));
    m_lrOrigin = new QLabel;
    m_lrOrigin->setObjectName(QStringLiteral("stepLearningRateOrigin"));
    m_followRate = new QPushButton(tr("Use the training's"));
    m_followRate->setObjectName(QStringLiteral("stepFollowTrainingRate"));
    m_followRate->setToolTip(tr("Step through with the training's learning rate again, and follow it"));
    m_followRate->setFocusPolicy(Qt::TabFocus);
    m_useWeights = new QPushButton(tr("Current weights"));
    m_useWeights->setObjectName(QStringLiteral("useCurrentWeights"));
    m_useWeights->setToolTip(tr("Step through with the training's weights as they are now"));
    m_modelFile = new QPushButton(tr("Model file\u2026"));
    m_modelFile->setObjectName(QStringLiteral("stepModelFile"));
    m_modelFile->setToolTip(tr("Step through the weights of a saved model (.bplab model file or .npz)"));
    m_batch = new QSpinBox;
    m_batch->setObjectName(QStringLiteral("stepBatch"));
    m_batch->setRange(1, 256);
    m_batch->setValue(1);
    m_batch->setPrefix(tr("batch "));
    m_batch->setSpecialValueText(tr("one image"));
    m_batch->setAccessibleName(tr("Mini-batch size of this step"));
    m_batch->setToolTip(tr("Mini-batch: the chosen image and the next ones of its set, one SGD step on "
                           "their averaged gradient (the training's batch is 64)"));
    m_network = new NetworkChoice;
    m_network->setObjectName(QStringLiteral("stepNetworkBox"));
    m_network->setToolTip(tr("Step through the training's weights or a Compare run's network at its latest weights"));
    m_modelLabel = new ElidedLabel;
    m_modelLabel->setObjectName(QStringLiteral("modelLabel"));
    // One line, ending in "…" when the window is narrow (the tooltip has it all): a wrapped label
    // would push the stages down.
    m_modelLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    for (QPushButton *b : {m_random, m_trainingSample, m_misclassified, m_useWeights, m_modelFile})
        b->setFocusPolicy(Qt::TabFocus);
    h->addWidget(m_set);
    h->addWidget(m_index);
    h->addWidget(m_random);
    h->addWidget(m_trainingSample);
    h->addWidget(m_misclassified);
    h->addStretch(1);
    // Second row: the step (batch, learning rate) and the model; two rows fit a projector's
    // large font at 1280 px where one does not.
    auto *h2 = new QHBoxLayout;
    h2->setContentsMargins(0, 0, 0, 0);
    v->insertLayout(1, h2);
    h2->addWidget(m_batch);
    h2->addSpacing(8);
    h2->addWidget(new QLabel(tr("lr")));
    h2->addWidget(m_lr);
    h2->addWidget(m_lrOrigin);
    h2->addWidget(m_followRate);
    h2->addSpacing(8);
    h2->addWidget(m_network->caption());
    h2->addWidget(m_network);
    h2->addWidget(m_useWeights);
    h2->addWidget(m_modelFile);
    h2->addWidget(m_modelLabel, 1);
    m_secondRow = h2;

    connect(m_set, &QComboBox::currentIndexChanged, this, [this] {
        refresh();
        loadChosenSample();
    });
    connect(m_index, &QSpinBox::valueChanged, this, [this] { loadChosenSample(); });
    connect(m_random, &QPushButton::clicked, this, [this] {
        if (m_index->maximum() > 0)
            m_index->setValue(int(QRandomGenerator::global()->bounded(m_index->maximum() + 1)));
    });
    connect(m_trainingSample, &QPushButton::clicked, this, [this] {
        if (m_trainingIndex >= 0)
            showSample(false, m_trainingIndex);
    });
    connect(m_misclassified, &QPushButton::clicked, this, [this] {
        if (!m_data || !m_model->hasModel())
            return;
        const bool test = m_set->currentData().toString() == QLatin1String("test");
        const int from = test ? m_index->value() + 1 : 0;
        const int i = m_model->findMisclassified(m_data->test, from);
        if (i >= 0)
            showSample(true, i);
        else
            m_modelLabel->setText(tr("The model gets every test image right."));
    });
    // Typed or stepped by the user: kept until "Use the training's".
    connect(m_lr, &QDoubleSpinBox::valueChanged, this, [this](double v) { applyLearningRate(v, RateOrigin::Here); });
    connect(m_followRate, &QPushButton::clicked, this, &StepChooser::followTrainingRate);
    applyLearningRate(m_trainingLr, RateOrigin::Training);
    connect(m_useWeights, &QPushButton::clicked, this, [this] {
        const bool fromRun = chosenRun() != nullptr;
        chooseRun(0); // from a run, this asks for the training's weights itself
        if (!fromRun)
            emit currentWeightsRequested();
    });
    connect(m_network, &NetworkChoice::chosenChanged, this, &StepChooser::showChosenNetwork);
    connect(m_modelFile, &QPushButton::clicked, this, &StepChooser::chooseModelFile);
    connect(m_batch, &QSpinBox::valueChanged, this, [this] { loadChosenSample(); });
    connect(m_model, &StepModel::traceChanged, this, &StepChooser::refresh);
    m_tabOrder = {m_set, m_index, m_random, m_trainingSample, m_misclassified, m_batch, m_lr, m_followRate,
                  m_network, m_useWeights, m_modelFile};
    refresh();
}

void StepChooser::refresh()
{
    const bool test = m_set->currentData().toString() == QLatin1String("test");
    const Dataset *set = m_data ? (test ? &m_data->test : &m_data->train) : nullptr;
    const int count = set ? int(set->size()) : 0;
    {
        const QSignalBlocker block(m_index);
        m_index->setRange(0, std::max(0, count - 1));
    }
    m_index->setSuffix(count > 0 ? tr(" of %1").arg(QLocale().toString(count)) : QString());
    m_set->setEnabled(m_data != nullptr);
    m_index->setEnabled(count > 0);
    m_random->setEnabled(count > 0);
    m_trainingSample->setEnabled(m_data && m_trainingIndex >= 0);
    m_misclassified->setEnabled(m_data && m_model->hasModel());
    QString model = m_model->hasModel() ? tr("Model: %1").arg(m_model->modelDescription()) : tr("No model yet");
    if (const int run = m_network->waitingFor(); run > 0)
        model = tr("Waiting for Compare run %1 to finish an epoch; until then: %2").arg(run).arg(model);
    if (m_model->hasBatch())
        model += tr("; batch: %1").arg(m_model->batchSource());
    else if (m_model->hasSample())
        model += tr("; image: %1").arg(m_model->sampleSource());
    QPalette errorPalette = palette(); // the error's colour on the palette of the moment
    errorPalette.setColor(QPalette::WindowText, colors::vermillion(errorPalette));
    m_modelErrorLabel->setPalette(errorPalette);
    m_modelErrorLabel->setText(m_modelError);
    m_modelErrorLabel->setVisible(!m_modelError.isEmpty());
    m_modelLabel->setText(model);
    m_modelLabel->setToolTip(model);
}

void StepChooser::loadChosenSample()
{
    if (!m_data)
        return;
    const bool test = m_set->currentData().toString() == QLatin1String("test");
    const Dataset &set = test ? m_data->test : m_data->train;
    const int i = m_index->value();
    if (i < 0 || std::size_t(i) >= set.size())
        return;
    const QString name = test ? QStringLiteral("test") : QStringLiteral("train");
    m_model->setSample(set.image(std::size_t(i)), set.label(std::size_t(i)), QStringLiteral("%1 #%2").arg(name).arg(i));
    const int b = std::min<int>(m_batch->value(), int(set.size()));
    if (b > 1) {
        // the chosen image and the b - 1 after it, wrapping at the end of the set
        std::vector<std::uint8_t> pixels(static_cast<std::size_t>(b) * kInputs);
        std::vector<int> labels(static_cast<std::size_t>(b));
        QStringList names;
        for (int s = 0; s < b; ++s) {
            const std::size_t at = (std::size_t(i) + std::size_t(s)) % set.size();
            names << QStringLiteral("%1 #%2").arg(name).arg(at);
            std::copy(set.image(at), set.image(at) + kInputs, pixels.begin() + std::ptrdiff_t(s) * kInputs);
            labels[std::size_t(s)] = set.label(at);
        }
        const int last = int((std::size_t(i) + std::size_t(b) - 1) % set.size());
        m_model->setBatch(pixels, labels, tr("%1 #%2 to #%3").arg(name).arg(i).arg(last), names);
    } else {
        m_model->setBatch({}, {}, {}); // back to the one image
    }
    refresh();
}

void StepChooser::setBatchSize(int size) { m_batch->setValue(size); }

int StepChooser::batchSize() const { return m_batch->value(); }

void StepChooser::chooseModelFile()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Step through a model file"), QString(),
                                                      tr("Models (*.bplab *.npz);;All files (*)"));
    if (!file.isEmpty() && !loadModelFile(file))
        QMessageBox::warning(this, tr("Model file"), m_lastError);
}

bool StepChooser::loadModelFile(const QString &path)
{
    // The loader tells what is wrong (magic, version, shapes, CRC, ...); its words are shown as they are.
    auto loaded = readAnyNetwork(path.toStdString());
    if (!loaded.ok()) {
        m_lastError = QString::fromStdString(loaded.error());
        m_modelError = tr("Cannot use %1: %2").arg(QFileInfo(path).fileName(), m_lastError);
        refresh();
        return false;
    }
    m_modelError.clear();
    // A model file that records its input scaling is fed as it was trained (an .npz records none).
    if (loaded.value().info)
        m_model->setNormalize(loaded.value().info->recipe.normalize);
    chooseRun(0);
    NetworkModel &file = loaded.value();
    const QString name = QFileInfo(path).fileName();
    m_model->setNetwork(file.arch, std::make_shared<const MlpParamsF>(std::move(file.params)),
                        tr("file %1, %2").arg(name, QString::fromStdString(describe(file.arch))));
    m_showsModelFile = true;
    refresh();
    return true;
}

void StepChooser::setNetworks(const QVector<OtherNetwork> &networks) { m_network->setNetworks(networks); }

void StepChooser::chooseRun(int run) { m_network->chooseRun(run); }

const OtherNetwork *StepChooser::chosenRun() const { return m_network->chosen(); }

void StepChooser::showChosenNetwork()
{
    const OtherNetwork *run = chosenRun();
    if (!run) {
        if (!m_showsModelFile)
            emit currentWeightsRequested();
        refresh(); // a run waited for says so
        return;
    }
    m_showsModelFile = false;
    m_modelError.clear();
    m_model->setNormalize(run->normalize);
    m_model->setNetwork(run->arch, run->weights,
                        tr("%1: the latest weights of Compare run %2").arg(QString::fromStdString(run->label)).arg(run->run));
    refresh();
}

void StepChooser::setDataset(std::shared_ptr<const DataSplit> data)
{
    m_data = std::move(data);
    refresh();
    if (m_pendingIndex >= 0 && m_data) {
        const int index = m_pendingIndex;
        m_pendingIndex = -1;
        if (showSample(m_pendingTest, index))
            return;
        const Dataset &set = m_pendingTest ? m_data->test : m_data->train;
        m_modelLabel->setText(tr("There is no image %1 in the %2 set (it holds %3); showing image 0.")
                                  .arg(index).arg(m_pendingTest ? tr("test") : tr("training")).arg(set.size()));
    }
    loadChosenSample();
}

void StepChooser::requestSample(bool test, int index)
{
    if (m_data) {
        showSample(test, index);
        return;
    }
    m_pendingTest = test;
    m_pendingIndex = index;
}

void StepChooser::setDataFolder(const QString &folder)
{
    if (folder == m_loadedFolder && m_data)
        return;
    m_pendingFolder = folder;
    if (isVisible())
        loadPendingFolder();
}

void StepChooser::loadPendingFolder()
{
    if (m_pendingFolder.isEmpty())
        return;
    const QString folder = m_pendingFolder;
    m_pendingFolder.clear();
    // The view keeps its own copy of the images (bytes: 55 MB for all of MNIST); read once.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    auto loaded = loadDataFolder(folder.toStdString());
    QApplication::restoreOverrideCursor();
    if (!loaded.ok()) {
        m_modelLabel->setText(tr("Cannot read the images: %1").arg(QString::fromStdString(loaded.error())));
        return;
    }
    m_loadedFolder = folder;
    setDataset(std::make_shared<const DataSplit>(std::move(loaded.value())));
}

void StepChooser::setTrainedNetwork(const Architecture &arch, std::shared_ptr<const MlpParamsF> params,
                                    const QString &description)
{
    m_modelError.clear();
    m_showsModelFile = false;
    m_model->setNetwork(arch, std::move(params), description);
    refresh();
}

void StepChooser::setTrainingLearningRate(double lr)
{
    m_trainingLr = lr;
    if (m_rateOrigin == RateOrigin::Training)
        applyLearningRate(lr, RateOrigin::Training);
}

void StepChooser::setLessonLearningRate(double lr) { applyLearningRate(lr, RateOrigin::Lesson); }

void StepChooser::setLearningRate(double lr) { applyLearningRate(lr, RateOrigin::Here); }

void StepChooser::followTrainingRate() { applyLearningRate(m_trainingLr, RateOrigin::Training); }

QString StepChooser::learningRateOriginText() const
{
    switch (m_rateOrigin) {
    case RateOrigin::Training: return tr("the training's");
    case RateOrigin::Lesson: return tr("the lesson's");
    case RateOrigin::Here: return tr("set here");
    }
    return {};
}

void StepChooser::applyLearningRate(double lr, RateOrigin origin)
{
    m_rateOrigin = origin;
    {
        const QSignalBlocker blocker(m_lr);
        m_lr->setValue(lr);
    }
    m_model->setLearningRate(float(m_lr->value())); // the rate as the box shows it
    m_lrOrigin->setText(learningRateOriginText());
    m_lrOrigin->setAccessibleName(tr("Learning rate: %1").arg(learningRateOriginText()));
    m_followRate->setVisible(origin != RateOrigin::Training);
}

void StepChooser::setCurrentTrainingIndex(int index)
{
    m_trainingIndex = index;
    m_trainingSample->setEnabled(m_data && index >= 0);
}

bool StepChooser::showSample(bool test, int index)
{
    const Dataset *set = m_data ? (test ? &m_data->test : &m_data->train) : nullptr;
    if (!set || index < 0 || std::size_t(index) >= set->size())
        return false;
    {
        const QSignalBlocker block(m_set);
        m_set->setCurrentIndex(test ? 0 : 1);
    }
    refresh();
    if (m_index->value() == index)
        loadChosenSample();
    else
        m_index->setValue(index); // loads it
    return true;
}

void StepChooser::showPixels(const std::uint8_t *pixels, int label, const QString &source)
{
    m_model->setSample(pixels, label, source);
    refresh();
}

void StepChooser::addWidget(QWidget *widget)
{
    m_secondRow->addWidget(widget);
    m_tabOrder << widget;
}

void StepChooser::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    loadPendingFolder();
}

} // namespace bplab
