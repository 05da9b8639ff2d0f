#include "drawview.h"

#include "drawnstore.h"
#include "probabilitybars.h"
#include "stagestrip.h"
#include "uiformat.h"

#include <train/networktrainer.h>

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImageReader>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QPushButton>
#include <QShortcut>
#include <QDir>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>

namespace bplab {

namespace {
bool isPictureFile(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == "png" || suffix == "jpg" || suffix == "jpeg" || suffix == "pgm" || suffix == "bmp";
}
} // namespace

DrawView::DrawView(QWidget *parent)
    : QWidget(parent)
    , m_keepFolder(drawnDigitsFolder())
{
    setAcceptDrops(true);
    m_canvas = new DrawCanvas(this);
    m_canvas->setHint(tr("Draw a digit here\n(mouse, pen or finger)\n\nor drop a picture of one"));
    m_bars = new ProbabilityBars(this);
    m_stages = new StageStrip(this);
    m_title = new QLabel(tr("The network's answer"), this);
    m_modelNote = new QLabel(this);
    m_modelNote->setWordWrap(true);
    m_othersLabel = new QLabel(this);
    m_othersLabel->setObjectName(QStringLiteral("drawOtherNetworks"));
    m_othersLabel->setWordWrap(true);
    m_othersLabel->setToolTip(tr("What the Compare view's networks answer for the same drawing"));
    m_othersLabel->hide();
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stagesTitle = new QLabel(tr("What the network sees (MNIST's preprocessing)"), this);
    m_stagesTitle->setWordWrap(true);
    m_playSteps = new QPushButton(tr("▶ Show the steps"), this);
    m_playSteps->setObjectName(QStringLiteral("playSteps"));
    m_playSteps->setToolTip(tr("Watch the drawing become the 28×28 input step by step (a click on the stages skips)"));

    auto *clear = new QPushButton(tr("Clear"), this);
    clear->setObjectName(QStringLiteral("clearButton"));
    m_undoButton = new QPushButton(tr("Undo stroke"), this);
    auto *open = new QPushButton(tr("Open picture…"), this);
    m_penSlider = new QSlider(Qt::Horizontal, this);
    m_penSlider->setRange(8, 48);
    m_penSlider->setValue(int(DrawCanvas::kDefaultPenWidth));
    m_penSlider->setToolTip(tr("Pen width (the default matches MNIST's strokes)"));
    m_penSlider->setAccessibleName(tr("Pen width"));
    m_stepButton = new QPushButton(tr("Step through this digit"), this);
    m_keepButton = new QPushButton(tr("Keep for testing…"), this);
    m_keepButton->setToolTip(tr("Saves the 28×28 digit with its label in %1").arg(m_keepFolder));
    m_collectButton = new QPushButton(tr("Collect digits"), this);
    m_collectButton->setObjectName(QStringLiteral("collectButton"));
    m_collectButton->setCheckable(true);
    m_collectButton->setToolTip(tr("Collect the class's handwriting: the page asks for one digit after the other, "
                                   "Enter keeps each drawing with its label, and the kept digits make a test set "
                                   "(or, imported from their pictures, a training set)."));
    m_askLabel = new QLabel(this);
    m_askLabel->setObjectName(QStringLiteral("askLabel"));
    m_askLabel->setVisible(false);
    m_countsLabel = new QLabel(this);
    m_countsLabel->setWordWrap(true);
    m_countsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_countsLabel->setVisible(false);

    auto *tools = new QHBoxLayout;
    tools->addWidget(clear);
    tools->addWidget(m_undoButton);
    tools->addSpacing(8);
    tools->addWidget(new QLabel(tr("Pen"), this));
    tools->addWidget(m_penSlider, 1);
    tools->addSpacing(8);
    tools->addWidget(open);
    auto *left = new QVBoxLayout;
    left->addWidget(m_askLabel);
    left->addWidget(m_canvas, 1);
    left->addLayout(tools);
    left->addWidget(m_countsLabel);

    auto *actions = new QHBoxLayout;
    actions->addWidget(m_stepButton);
    actions->addWidget(m_keepButton);
    actions->addWidget(m_collectButton);
    actions->addStretch(1);
    auto *right = new QVBoxLayout;
    right->addWidget(m_title);
    right->addWidget(m_bars, 3);
    right->addWidget(m_modelNote);
    right->addWidget(m_othersLabel);
    right->addSpacing(6);
    auto *stagesHeader = new QHBoxLayout;
    stagesHeader->addWidget(m_stagesTitle, 1);
    stagesHeader->addWidget(m_playSteps);
    right->addLayout(stagesHeader);
    right->addWidget(m_stages, 1);
    right->addLayout(actions);
    right->addWidget(m_status);

    auto *main = new QHBoxLayout(this);
    main->setContentsMargins(12, 12, 12, 12);
    main->setSpacing(18);
    main->addLayout(left, 5);
    main->addLayout(right, 4);

    connect(m_canvas, &DrawCanvas::inputReceived, this, [this] {
        m_sinceInput.start();
        m_latencyPending = true;
    });
    connect(m_canvas, &DrawCanvas::strokesChanged, this, &DrawView::refresh);
    // The user drew over a picture or an example: its caption no longer says what is shown.
    connect(m_canvas, &DrawCanvas::pictureRemoved, this, [this] {
        m_pictureResult = {};
        setStatus(tr("Your drawing: the answer follows every stroke."), StatusKind::Drawing);
    });
    connect(m_bars, &ProbabilityBars::painted, this, [this] {
        if (m_latencyPending) {
            m_lastLatencyMs = m_sinceInput.nsecsElapsed() / 1e6;
            m_latencyPending = false;
        }
    });
    connect(clear, &QPushButton::clicked, m_canvas, &DrawCanvas::clear);
    connect(m_undoButton, &QPushButton::clicked, m_canvas, &DrawCanvas::undoStroke);
    connect(m_penSlider, &QSlider::valueChanged, this, [this](int v) { m_canvas->setPenWidth(float(v)); });
    connect(open, &QPushButton::clicked, this, &DrawView::choosePicture);
    connect(m_stepButton, &QPushButton::clicked, this, [this] {
        if (m_result.empty)
            return;
        emit stepThroughRequested(QVector<quint8>(m_result.input.begin(), m_result.input.end()));
    });
    connect(m_keepButton, &QPushButton::clicked, this, &DrawView::askToKeep);
    connect(m_playSteps, &QPushButton::clicked, m_stages, &StageStrip::playSteps);
    // Tab in reading order: the canvas and its tools, then the answer, the stages and the actions.
    // The panels take the focus too (a screen reader reads them, F spotlights them).
    for (QWidget *panel : {static_cast<QWidget *>(m_canvas), static_cast<QWidget *>(m_bars), static_cast<QWidget *>(m_stages)})
        panel->setFocusPolicy(Qt::StrongFocus);
    const QList<QWidget *> order{m_canvas, clear, m_undoButton, m_penSlider, open, m_bars, m_playSteps, m_stages, m_stepButton, m_keepButton, m_collectButton};
    connect(m_collectButton, &QPushButton::toggled, this, &DrawView::setCollecting);
    // Enter keeps the drawing while collecting (the canvas has the focus while one draws).
    auto *keep = new QShortcut(QKeySequence(Qt::Key_Return), this, [this] {
        if (m_collecting)
            keepCollected();
    });
    keep->setContext(Qt::WidgetWithChildrenShortcut);
    auto *keepEnter = new QShortcut(QKeySequence(Qt::Key_Enter), this, [this] {
        if (m_collecting)
            keepCollected();
    });
    keepEnter->setContext(Qt::WidgetWithChildrenShortcut);
    for (int i = 1; i < order.size(); ++i)
        setTabOrder(order[i - 1], order[i]);
    applyFonts();
    refresh();
}

void DrawView::setNetwork(const Architecture &arch, std::shared_ptr<const MlpParamsF> params, Normalize normalize)
{
    m_networkArch = arch;
    m_network = std::move(params);
    m_normalize = normalize;
    predict();
}

void DrawView::setModelNote(const QString &note)
{
    m_modelNote->setText(note);
}

void DrawView::setClassNames(const QStringList &names)
{
    m_bars->setClassNames(names);
}

void DrawView::followCanvasInStatus()
{
    if (m_canvas->hasPicture() || (m_statusKind != StatusKind::Caption && m_statusKind != StatusKind::Empty))
        return;
    m_pictureResult = {};
    if (m_canvas->isEmpty())
        setStatus(tr("Draw a digit: the answer follows every stroke."), StatusKind::Empty);
    else
        setStatus(tr("Your drawing: the answer follows every stroke."), StatusKind::Drawing);
}

void DrawView::refresh()
{
    followCanvasInStatus(); // Clear removed the example: its caption goes with it
    if (m_canvas->hasPicture() && !m_pictureResult.raw.isNull())
        m_result = m_pictureResult;
    else {
        StrokeOptions options;
        options.referenceWidth = DrawCanvas::kDefaultPenWidth;
        m_result = preprocessStrokes(m_canvas->strokes(), DrawCanvas::kCanvasSide, DrawCanvas::kCanvasSide, options);
    }
    if (m_result.empty)
        m_stages->clear();
    else
        m_stages->setStages(imageFromGrey(m_result.raw), imageFromGrey(m_result.cropped),
                            imageFromGrey(m_result.fitted), imageFromGrey(m_result.centred),
                            {QRect(m_result.cropBox.x, m_result.cropBox.y, m_result.cropBox.width, m_result.cropBox.height),
                             QRect(m_result.fittedInk.x, m_result.fittedInk.y, m_result.fittedInk.width,
                                   m_result.fittedInk.height),
                             QPoint(m_result.shiftX, m_result.shiftY)});
    predict();
    updateActions();
}

void DrawView::predict()
{
    if (m_result.empty)
        m_bars->clear(m_canvas->hasPicture() ? tr("No ink found in the picture") : tr("Draw a digit"));
    else if (!m_network || !m_network->hasShape(m_networkArch))
        m_bars->clear(tr("No model yet: load data and train"));
    else
        m_bars->setProbabilities(networkProbabilities(m_networkArch, *m_network, m_result.input.data(), m_normalize));
    const QString others = otherAnswersText();
    m_othersLabel->setText(others);
    m_othersLabel->setAccessibleName(others);
    m_othersLabel->setVisible(!others.isEmpty());
}

void DrawView::setOtherNetworks(const QVector<OtherNetwork> &networks)
{
    m_others = networks;
    predict();
}

QString DrawView::otherAnswersText() const
{
    if (m_result.empty)
        return {};
    QStringList answers;
    for (const OtherNetwork &n : m_others) {
        if (!n.weights)
            continue;
        const auto p = networkProbabilities(n.arch, *n.weights, m_result.input.data(), n.normalize);
        const auto best = std::max_element(p.begin(), p.end());
        answers << tr("%1 %2 (%3 %)").arg(QString::fromStdString(n.label)).arg(best - p.begin()).arg(QLocale().toString(100.0 * *best, 'f', 1));
    }
    return answers.isEmpty() ? QString() : tr("Compare view's networks: %1").arg(answers.join(QStringLiteral(", ")));
}

void DrawView::updateActions()
{
    m_stepButton->setEnabled(!m_result.empty);
    m_playSteps->setEnabled(!m_result.empty);
    m_keepButton->setEnabled(!m_result.empty);
    m_undoButton->setEnabled(!m_canvas->isEmpty());
}

bool DrawView::openPicture(const QString &path)
{
    QImageReader reader(path);
    reader.setAutoTransform(true);
    const QImage image = reader.read();
    if (image.isNull()) {
        setStatus(tr("Cannot read %1 as a picture: %2.").arg(QFileInfo(path).fileName(), reader.errorString()));
        return false;
    }
    setPicture(image, tr("%1 (%2×%3). Draw to replace it.")
                          .arg(QFileInfo(path).fileName())
                          .arg(image.width())
                          .arg(image.height()));
    return true;
}

void DrawView::setPicture(const QImage &image, const QString &caption)
{
    m_pictureResult = preprocessPicture(greyFromImage(image));
    m_canvas->setPicture(image, caption);
    setStatus(m_pictureResult.empty ? tr("No ink found in this picture.") : caption, StatusKind::Caption);
    refresh();
    // a picture arrives at once: show how it became the input
    m_stages->playSteps();
}

QString DrawView::statusText() const
{
    return m_status->text();
}

void DrawView::setStatus(const QString &text, StatusKind kind)
{
    m_statusKind = kind;
    m_status->setText(text);
}

Result<std::size_t> DrawView::keepForTesting(int label)
{
    if (m_result.empty)
        return Error{"There is no digit to keep: draw one first."};
    Result<std::size_t> kept = appendDrawnDigit(m_keepFolder, m_result.input, label);
    if (kept) {
        const QString count = *kept == 1 ? tr("1 digit") : tr("%1 digits").arg(QLocale().toString(qulonglong(*kept)));
        setStatus(tr("Kept as %1: %2 in %3.").arg(label).arg(count, QDir::toNativeSeparators(m_keepFolder)));
        emit digitKept(label, qsizetype(*kept));
    } else {
        setStatus(QString::fromStdString(kept.error()));
    }
    return kept;
}

void DrawView::setCollecting(bool on)
{
    m_collecting = on;
    if (m_collectButton->isChecked() != on)
        m_collectButton->setChecked(on);
    if (on) {
        m_counts = keptDigitCounts(m_keepFolder);
        m_canvas->clear(); // an example or a picture shown is not the class's handwriting
    }
    showCollecting();
    if (on)
        m_canvas->setFocus();
}

QString DrawView::askText() const
{
    return tr("Draw a %1").arg(m_asked);
}

void DrawView::showCollecting()
{
    // The digit kept least often so far (the lowest of those): the classes stay balanced.
    m_asked = int(std::min_element(m_counts.begin(), m_counts.end()) - m_counts.begin());
    m_askLabel->setVisible(m_collecting);
    m_countsLabel->setVisible(m_collecting);
    m_keepButton->setText(m_collecting ? tr("Keep as %1 (Enter)").arg(m_asked) : tr("Keep for testing…"));
    if (!m_collecting)
        return;
    m_askLabel->setText(askText());
    m_askLabel->setAccessibleName(askText());
    QStringList parts;
    int total = 0;
    for (int d = 0; d < 10; ++d) {
        parts << QStringLiteral("%1: %2").arg(d).arg(m_counts[std::size_t(d)]);
        total += m_counts[std::size_t(d)];
    }
    m_countsLabel->setText(tr("Collected: %1 (%2 in all)").arg(parts.join(QStringLiteral(" · "))).arg(total));
    m_countsLabel->setToolTip(tr("In %1: the 28×28 digits as a test set (t10k-*-ubyte), the drawings in "
                                 "pictures/0 to 9 (import-images reads them, also as a training set)")
                                      .arg(QDir::toNativeSeparators(m_keepFolder)));
}

Result<std::size_t> DrawView::keepCollected()
{
    if (!m_collecting)
        return Error{"Not collecting."};
    const int label = m_asked;
    const GreyImage raw = m_result.raw;
    Result<std::size_t> kept = keepForTesting(label);
    if (!kept)
        return kept;
    if (Result<QString> saved = saveDrawnPicture(m_keepFolder, raw, label, *kept); !saved)
        setStatus(QString::fromStdString(saved.error()));
    ++m_counts[std::size_t(label)];
    m_canvas->clear();
    showCollecting();
    m_canvas->setFocus();
    return kept;
}

void DrawView::askToKeep()
{
    if (m_collecting) {
        keepCollected();
        return;
    }
    bool ok = false;
    const int guess = std::max(0, m_bars->topClass());
    const int label = QInputDialog::getInt(this, tr("Keep for testing"), tr("Which digit is this (0-9)?"), guess, 0,
                                           9, 1, &ok);
    if (ok)
        keepForTesting(label);
}

void DrawView::choosePicture()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a picture of a digit"), QString(),
                                                      tr("Pictures (*.png *.jpg *.jpeg *.pgm *.bmp)"));
    if (!path.isEmpty())
        openPicture(path);
}

void DrawView::dragEnterEvent(QDragEnterEvent *event)
{
    const QMimeData *mime = event->mimeData();
    if (mime->hasImage() || (mime->hasUrls() && !mime->urls().isEmpty() && isPictureFile(mime->urls().first().toLocalFile())))
        event->acceptProposedAction();
}

void DrawView::dropEvent(QDropEvent *event)
{
    const QMimeData *mime = event->mimeData();
    if (mime->hasUrls() && !mime->urls().isEmpty()) {
        openPicture(mime->urls().first().toLocalFile());
        event->acceptProposedAction();
    } else if (mime->hasImage()) {
        setPicture(qvariant_cast<QImage>(mime->imageData()), tr("dropped picture"));
        event->acceptProposedAction();
    }
}

void DrawView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        applyFonts();
    QWidget::changeEvent(event);
}

void DrawView::applyFonts()
{
    QFont title = readableFont(font(), 1.3);
    title.setBold(true);
    m_title->setFont(title);
    QFont body = readableFont(font());
    for (QLabel *l : {m_modelNote, m_othersLabel, m_status, m_stagesTitle, m_countsLabel})
        l->setFont(body);
    QFont ask = readableFont(font(), 1.8);
    ask.setBold(true);
    m_askLabel->setFont(ask);
}

} // namespace bplab
