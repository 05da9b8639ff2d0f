#include "steppredict.h"

#include <questionbox.h>
#include <stagepagelist.h>
#include <stagepages.h>
#include <stepmodel.h>
#include <stepview.h>

#include <QCheckBox>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace bplab {

namespace {

LessonQuestion question(Quantity q, int index, const QString &text)
{
    LessonQuestion out;
    out.quantity = q;
    out.index = index;
    out.digits = 2;
    out.text = text.toStdString();
    return out;
}

} // namespace

std::optional<LessonQuestion> StepPredict::listQuestion(const NetworkStage &s, const StepModel &m)
{
    // A layer of a layer list: its selected value's z (forward) or delta's sign (backward), asked of
    // the layers that have a z (convolution, dense); the others compute nothing to predict.
    const HiddenTrace<float> &h = m.trace().hidden[std::size_t(s.list)];
    if (!h.spec.hasParameters())
        return std::nullopt;
    const int j = selectedValue(m, s.list);
    const MapPlace at = placeOf(h.shape, j);
    const QString where = h.shape.flat ? tr("neuron %1").arg(j + 1)
                                       : tr("feature map %1, row %2, column %3").arg(at.c + 1).arg(at.y + 1).arg(at.x + 1);
    LessonQuestion out = s.kind == NetworkStage::Kind::HiddenGradients
            ? question(Quantity::SignDelta1, j, tr("Is the delta of %1 positive (+), negative (-) or zero (0)?").arg(where))
            : question(Quantity::Z1, j, tr("What is the weighted sum z of %1, to 2 decimals?").arg(where));
    out.layer = s.list;
    return out;
}

std::optional<LessonQuestion> StepPredict::questionFor(int stage, const StepModel &m)
{
    if (!m.hasTrace() || m.label() < 0)
        return std::nullopt;
    const std::vector<NetworkStage> stages = stagesOf(m.arch());
    if (stage < 1 || stage > int(stages.size()))
        return std::nullopt;
    // The same questions at the same stage for every network, asked of each hidden layer and the outputs.
    const NetworkStage s = stages[std::size_t(stage - 1)];
    if (s.list >= 0 && s.kind != NetworkStage::Kind::Update)
        return listQuestion(s, m);
    const int layer = std::max(0, s.layer);
    const int j = m.arch().hidden.empty() ? 0 : std::min(m.hiddenNeuron(), m.arch().hidden[std::size_t(layer)] - 1);
    const int label = m.label();
    const QString f = QString::fromStdString(displayName(m.arch().activation));
    const auto ofLayer = [&](Quantity q, const QString &text) {
        LessonQuestion out = question(q, j, text);
        out.layer = layer;
        return out;
    };
    switch (s.kind) {
    case NetworkStage::Kind::WeightedSums:
        if (layer == 0)
            return ofLayer(Quantity::Z1, tr("What is the weighted sum z1 of hidden neuron %1, to 2 decimals?").arg(j + 1));
        return ofLayer(Quantity::Z1, tr("What is the weighted sum z of neuron %1 in hidden layer %2, to 2 decimals?")
                                             .arg(j + 1).arg(layer + 1));
    case NetworkStage::Kind::Activation:
        if (layer == 0)
            return ofLayer(Quantity::A1, tr("What is the output a1 = %2(z1) of hidden neuron %1, to 2 decimals?").arg(j + 1).arg(f));
        return ofLayer(Quantity::A1, tr("What is the output a = %2(z) of neuron %1 in hidden layer %3, to 2 decimals?")
                                             .arg(j + 1).arg(f).arg(layer + 1));
    case NetworkStage::Kind::Logits:
    case NetworkStage::Kind::SoftMax:
        return question(Quantity::ArgmaxP, 0, tr("Which class will have the largest probability p?"));
    case NetworkStage::Kind::Loss:
        return question(Quantity::Loss, 0, tr("What is the loss L = -ln p for the label %1, to 2 decimals?").arg(label));
    case NetworkStage::Kind::OutputGradients:
        return question(Quantity::SignDelta2, label, tr("Is delta2 of the true class %1 positive (+), negative (-) or zero (0)?").arg(label));
    case NetworkStage::Kind::HiddenGradients:
        if (layer == 0)
            return ofLayer(Quantity::SignDelta1, tr("Is delta1 of hidden neuron %1 positive (+), negative (-) or zero (0)?").arg(j + 1));
        return ofLayer(Quantity::SignDelta1, tr("Is the delta of neuron %1 in hidden layer %2 positive (+), negative (-) or zero (0)?")
                                                     .arg(j + 1).arg(layer + 1));
    case NetworkStage::Kind::Update:
        return question(Quantity::LossAfterLower, 0, tr("After the update, is the loss on this image lower (yes or no)?"));
    default:
        break;
    }
    return std::nullopt;
}

StepPredict::StepPredict(StepView *view)
    : QObject(view)
    , m_view(view)
    , m_toggle(new QCheckBox(tr("Predict fi&rst")))
    , m_cover(new QWidget)
    , m_heading(new QLabel)
    , m_box(new QuestionBox)
    , m_show(new QPushButton(tr("Show the values")))
{
    m_toggle->setObjectName(QStringLiteral("predictFirst"));
    m_toggle->setToolTip(tr("Hide each stage's values behind a question until the class has answered and revealed it"));
    view->addChooserWidget(m_toggle);
    m_cover->setObjectName(QStringLiteral("predictCover"));
    m_cover->setParent(view);
    m_cover->hide();
    QFont big = m_heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_heading->setFont(big);
    m_heading->setWordWrap(true);
    m_show->setObjectName(QStringLiteral("showValues"));
    // Enter after the reveal shows the values (the button is only there once revealed).
    m_show->setShortcut(QKeySequence(Qt::Key_Return));
    auto *layout = new QVBoxLayout(m_cover);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->addWidget(m_heading);
    layout->addSpacing(12);
    layout->addWidget(m_box);
    layout->addSpacing(12);
    layout->addWidget(m_show, 0, Qt::AlignLeft);
    layout->addStretch(1);

    connect(m_toggle, &QCheckBox::toggled, this, &StepPredict::setEnabled);
    connect(m_box, &QuestionBox::answered, this, &StepPredict::answer);
    connect(m_box, &QuestionBox::revealRequested, this, &StepPredict::reveal);
    connect(m_show, &QPushButton::clicked, this, &StepPredict::showValues);
    connect(view->model(), &StepModel::stateChanged, this, &StepPredict::stageShown);
    connect(view->model(), &StepModel::traceChanged, this, &StepPredict::stageShown);
}

void StepPredict::setEnabled(bool on)
{
    m_enabled = on;
    if (m_toggle->isChecked() != on)
        m_toggle->setChecked(on);
    stageShown();
}

QString StepPredict::key() const
{
    const StepModel &m = *m_view->model();
    return QStringLiteral("%1|%2|%3|%4|%5").arg(m.stage()).arg(m.hiddenNeuron()).arg(m.sampleSource(), m.modelDescription())
            .arg(double(m.learningRate()));
}

void StepPredict::stageShown()
{
    const StepModel &m = *m_view->model();
    const std::optional<LessonQuestion> q = m_enabled ? questionFor(m.stage(), m) : std::nullopt;
    const QString k = key();
    if (!q || m_seen.contains(k)) {
        m_view->setCover(nullptr);
        m_key.clear();
        return;
    }
    if (k != m_key) {
        m_key = k;
        m_question = q;
        m_heading->setText(tr("Stage %1: predict first, then see the values.").arg(m.stage()));
        m_box->ask(QString::fromStdString(q->text), answerHint(q->quantity));
        const AnswerTally &t = m_tallies[k];
        if (!t.answers.isEmpty())
            m_box->showRecorded(int(t.answers.size()));
        m_show->setVisible(false);
    }
    m_view->setCover(m_cover);
    if (!m_box->isRevealed())
        m_box->field()->setFocus(Qt::OtherFocusReason);
}

void StepPredict::answer(const QString &given)
{
    if (!m_question)
        return;
    AnswerTally &t = m_tallies[m_key];
    if (const QString refused = t.record(*m_question, given); !refused.isEmpty()) {
        m_box->showProblem(refused);
        return;
    }
    m_box->showRecorded(int(t.answers.size()));
}

void StepPredict::reveal()
{
    if (!m_question || !m_view->model()->hasTrace())
        return;
    AnswerSources sources;
    m_view->model()->addTo(sources);
    const Result<TrueAnswer> truth = trueAnswer(*m_question, sources);
    if (!truth) {
        m_box->showProblem(QString::fromStdString(truth.error()));
        return;
    }
    AnswerTally &t = m_tallies[m_key];
    t.judge(*m_question, *truth);
    m_box->showReveal(shownAnswer(truth->text), t.verdict(), t.right, int(t.answers.size()));
    m_show->setVisible(true);
    m_show->setFocus(Qt::OtherFocusReason); // Enter shows the values
}

void StepPredict::showValues()
{
    m_seen.insert(m_key);
    stageShown();
    m_view->setFocus(Qt::OtherFocusReason); // Right/Space: the next stage
}

} // namespace bplab
