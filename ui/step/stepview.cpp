#include "stepview.h"

#include "byhandpanel.h"
#include "handcells.h"
#include "heldterm.h"
#include "networkdiagram.h"
#include "panelaccessible.h"
#include "softmaxpanel.h"
#include "stagecolumn.h"
#include "stagehtml.h"
#include "stagepages.h"
#include "io/tracejson.h"
#include "uiformat.h"
#include "valuegrid.h"

#include <QApplication>
#include <QCursor>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTextDocument>
#include <QResizeEvent>
#include <QToolTip>
#include <QVBoxLayout>

namespace bplab {

StepView::StepView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("stepView"));
    setFocusPolicy(Qt::StrongFocus);
    m_model = new StepModel(this);

    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("stageTitle"));
    m_title->setWordWrap(true); // "10. Update and re-check (batch of 64)" at a projector's size
    m_formula = new QLabel;
    m_formula->setObjectName(QStringLiteral("stageFormula"));
    m_formula->setTextFormat(Qt::RichText);
    m_formula->setWordWrap(true);
    m_formula->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Tab reaches the text (a screen reader reads it; the arrow keys move a caret through it);
    // its links are for the mouse (Tab would stop at every number).
    m_formula->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::TextSelectableByKeyboard);
    m_formula->setFocusPolicy(Qt::StrongFocus);
    m_formula->setOpenExternalLinks(false);
    m_formula->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    // Every number is a link whose target is its full-precision text: hover shows it.
    connect(m_formula, &QLabel::linkHovered, this, [this](const QString &link) {
        if (link.startsWith(QLatin1String("v:")))
            QToolTip::showText(QCursor::pos(), tr("exact value: %1").arg(link.mid(2)), m_formula);
        else
            QToolTip::hideText();
    });
    // SoftMax's table on its stage: a table for a screen reader too, as on the Train view.
    m_softmax = new SoftmaxPanel;
    m_softmax->setObjectName(QStringLiteral("stageSoftmax"));
    m_softmax->setAccessibleName(tr("SoftMax table"));
    m_softmax->setFocusPolicy(Qt::StrongFocus);
    m_softmax->hide();
    m_byHand = new ByHandPanel;
    connect(m_byHand, &ByHandPanel::pendingChanged, this, &StepView::refreshPage);
    connect(m_byHand, &ByHandPanel::stageKey, this, [this](bool next) { next ? m_model->next() : m_model->back(); });
    // Side by side when they fit, else one under the other (updateCompact()).
    auto *gridRow = new QBoxLayout(QBoxLayout::LeftToRight);
    m_gridRow = gridRow;
    gridRow->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < 2; ++i) {
        auto *grid = new ValueGrid;
        grid->setObjectName(QStringLiteral("stageGrid%1").arg(i + 1));
        connect(grid, &ValueGrid::cellClicked, this, [this, i](int cell) {
            if (i >= m_specs.size())
                return;
            const GridSpec spec = m_specs[i]; // a copy: selectHidden() rebuilds m_specs
            if (spec.selectsHidden)
                selectHidden(spec.firstCell + cell);
            if (spec.selectsOutput)
                m_model->setOutputNeuron(cell);
            const int row = cell / std::max(1, spec.cols), col = cell % std::max(1, spec.cols);
            switch (spec.sampleClick) {
            case SampleClick::None: break;
            case SampleClick::Cell: m_model->setBatchSample(cell); break;
            case SampleClick::Mosaic:
                m_model->setBatchSample(row / kImageSide * (spec.cols / kImageSide) + col / kImageSide);
                break;
            case SampleClick::Column:
                // the row is a neuron when the matrix has a row per hidden or output neuron
                if (spec.rowSelects == RowSelects::Hidden)
                    selectHidden(spec.firstRow + row);
                else if (spec.rowSelects == RowSelects::Output)
                    m_model->setOutputNeuron(row);
                m_model->setBatchSample(col);
                break;
            }
        });
        m_grids.push_back(grid);
        gridRow->addWidget(grid, 1, Qt::AlignTop | Qt::AlignLeft);
    }
    gridRow->addStretch();
    auto *page = new QWidget;
    auto *pageLayout = new QVBoxLayout(page);
    m_pageLayout = pageLayout;
    pageLayout->setContentsMargins(8, 4, 8, 8);
    pageLayout->addWidget(m_title);
    pageLayout->addWidget(m_formula);
    pageLayout->addWidget(m_byHand);
    pageLayout->addWidget(m_softmax);
    pageLayout->addLayout(gridRow);
    pageLayout->addStretch(1);
    m_scroll = new QScrollArea;
    m_scroll->setObjectName(QStringLiteral("stagePage"));
    m_scroll->setWidget(page);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setFocusPolicy(Qt::NoFocus);

    m_diagram = new NetworkDiagram(m_model);
    m_diagram->setObjectName(QStringLiteral("networkDiagram"));
    connect(m_diagram, &NetworkDiagram::hiddenNeuronClicked, this, &StepView::selectHidden);
    connect(m_diagram, &NetworkDiagram::outputNeuronClicked, m_model, &StepModel::setOutputNeuron);

    auto *body = new QHBoxLayout;
    m_body = body;
    body->setContentsMargins(0, 0, 0, 0);
    m_column = new StageColumn(m_model);
    connect(m_column, &StageColumn::exportRequested, this, &StepView::saveWithDialog);
    body->addWidget(m_column);
    body->addWidget(m_scroll, 1);
    body->addWidget(m_diagram);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_chooser = new StepChooser(m_model);
    layout->addWidget(m_chooser);
    layout->addLayout(body, 1);

    connect(m_model, &StepModel::traceChanged, m_byHand, &ByHandPanel::reset); // another sample's values
    connect(m_model, &StepModel::traceChanged, this, &StepView::refreshPage);
    connect(m_model, &StepModel::stateChanged, this, &StepView::refreshPage);
    // Tab in reading order: the chooser's two rows, the stage list and its buttons, the stage's
    // pictures, the network diagram.
    m_tabOrder = m_chooser->tabOrder();
    m_tabOrder << m_column->stageList() << m_column->backButton() << m_column->nextButton();
    for (QPushButton *b : m_column->exportButtons())
        m_tabOrder << b;
    m_tabOrder << m_formula << m_byHand->tabOrder().constFirst() << m_softmax;
    for (QWidget *panel : {static_cast<QWidget *>(m_grids[0]), static_cast<QWidget *>(m_grids[1]),
                           static_cast<QWidget *>(m_diagram)}) {
        panel->setFocusPolicy(Qt::StrongFocus); // a screen reader reads a focused panel
        m_tabOrder << panel;
    }
    for (int i = 1; i < m_tabOrder.size(); ++i)
        setTabOrder(m_tabOrder[i - 1], m_tabOrder[i]);
    applyFonts();
    refreshPage();
}

StepView::~StepView() = default;

void StepView::setCover(QWidget *cover)
{
    if (cover == m_cover)
        return;
    if (m_cover) {
        m_body->removeWidget(m_cover);
        m_cover->hide();
    }
    m_cover = cover;
    if (m_cover)
        m_body->insertWidget(m_body->indexOf(m_scroll), m_cover, 1);
    m_scroll->setVisible(!m_cover);
    m_diagram->setVisible(!m_cover && m_model->denseLayers());
    if (m_cover)
        m_cover->show();
}

void StepView::addChooserWidget(QWidget *widget)
{
    QWidget *before = m_chooser->tabOrder().constLast();
    m_chooser->addWidget(widget);
    // After the chooser's last control, before the stage list.
    const int at = int(m_tabOrder.indexOf(before)) + 1;
    m_tabOrder.insert(at, widget);
    setTabOrder(before, widget);
    setTabOrder(widget, m_tabOrder.value(at + 1));
}

bool StepView::loadModelFile(const QString &path)
{
    const bool ok = m_chooser->loadModelFile(path);
    m_lastError = ok ? QString() : m_chooser->lastError();
    return ok;
}

void StepView::refreshPage()
{
    if (m_shownArch != m_model->arch()) {
        m_shownArch = m_model->arch();
        m_column->showStages(m_compact);
        m_column->showSizes();
        applyFonts(); // the list's height follows its rows
    }
    const int stage = m_model->stage();
    m_column->showStage(stage);
    StagePage page = stagePage(*m_model, stage);
    // By hand and the network diagram know dense layers; a layer list's pages stand alone.
    const bool dense = m_model->denseLayers();
    const QVector<float> byHand = m_byHand->showCells(dense ? handCells(*m_model, stage) : QVector<HandCell>(), m_formula, m_softmax);
    m_byHand->setVisible(dense);
    m_diagram->setVisible(!m_cover && dense);
    QVector<double> sums = sumsGivingAway(*m_model, m_byHand->pendingKeys());
    const QVector<float> held = m_held ? heldTermValues(*m_model, *m_held, sums) : QVector<float>();
    blankValues(page.grids, byHand + held);
    blankEveryValue(page.grids, held);
    const QVector<float> blanks = byHand + held;
    m_blanked = blanks;
    m_diagram->setBlanks(blanks);
    m_title->setText(page.title);
    setAccessibleDescription(page.title); // what a screen reader says of the page: its stage
    // Numbers are links (for the exact-value hover) but read as text: the window's text colour.
    QString html = blankSums(blankValues(page.html, blanks), sums);
    html.replace(QLatin1String("style=\"text-decoration:none;\""),
                 QStringLiteral("style=\"text-decoration:none; color:%1\"").arg(palette().color(QPalette::WindowText).name()));
    m_formula->setText(html);
    // Read aloud as written: "p_k = e^(z_k) / Σ_k e^(z_k)", not "pk = ezk / Σk ezk".
    m_formula->setAccessibleName(html::spoken(html));
    if (page.softmaxTable) {
        const MlpTraceF &t = m_model->trace();
        m_softmax->setOutputs(t.logits, t.exp, t.expSum, t.expFinite, t.probabilities, t.label, t.predicted);
    }
    bool inTable = !byHand.isEmpty(); // its z, e^z or p would give a blank away
    for (float v : held)
        inTable = inTable || (m_model->hasTrace() && (m_model->trace().logits.cwiseEqual(v).any() || m_model->trace().probabilities.cwiseEqual(v).any()));
    m_softmax->setVisible(page.softmaxTable && !inTable);
    m_specs = page.grids;
    for (int i = 0; i < m_grids.size(); ++i) {
        if (i < m_specs.size()) {
            applyGrid(m_grids[i], m_specs[i]);
            m_grids[i]->show();
        } else {
            m_grids[i]->hide();
        }
    }
    updateCompact();
    // A screen reader keeps what it read of a widget until told it changed: every part of the
    // page says so now, or it would read the previous stage's or sample's values.
    if (QAccessible::isActive()) {
        for (QWidget *w : {static_cast<QWidget *>(m_title), static_cast<QWidget *>(m_formula)}) {
            QAccessibleEvent named(w, QAccessible::NameChanged);
            QAccessible::updateAccessibility(&named);
        }
        QAccessibleEvent described(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&described);
    }
    for (QWidget *panel : {static_cast<QWidget *>(m_grids[0]), static_cast<QWidget *>(m_grids[1]),
                           static_cast<QWidget *>(m_diagram), static_cast<QWidget *>(m_softmax)})
        notifyPanelChanged(panel);
}

void StepView::setHeldTerm(std::optional<StepTermHold> term)
{
    if (term == m_held)
        return;
    m_held = term;
    refreshPage();
}

void StepView::computeByHand(const std::vector<HandCellRef> &cells)
{
    if (cells.empty())
        return;
    const int L = m_model->arch().layerCount();
    for (const HandCellRef &c : cells) {
        using Kind = HandCellRef::Kind;
        const bool hiddenNeuron = (c.kind == Kind::Z || c.kind == Kind::A || c.kind == Kind::Delta) && c.layer < L;
        if (hiddenNeuron)
            m_model->setHiddenNeuron(c.row);
        else if (c.kind == Kind::Z || c.kind == Kind::P || c.kind == Kind::Delta)
            m_model->setOutputNeuron(c.row);
        else if ((c.kind == Kind::DLdw || c.kind == Kind::DeltaW || c.kind == Kind::W) && c.layer == L) {
            m_model->setOutputNeuron(c.row);
            if (L > 1)
                m_model->setHiddenNeuron(c.col);
        }
    }
    m_byHand->setOn(true);
}

void StepView::applyGrid(ValueGrid *grid, const GridSpec &spec)
{
    grid->setCellName(spec.cellName, spec.firstRow);
    grid->setValueName(spec.valueName);
    grid->setCellSize(spec.cellSize);
    grid->setValues(spec.values, spec.rows, spec.cols, spec.scale);
    grid->setMarked(spec.marked);
    grid->setSelected(spec.selected);
    grid->setRegion(spec.region);
    grid->setCaption(spec.caption);
    grid->setCursor(spec.selectsHidden || spec.selectsOutput ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void StepView::selectHidden(int j)
{
    if (j < 0 || j >= m_model->hiddenLimit())
        return;
    const bool changed = j != m_model->hiddenNeuron();
    m_model->setHiddenNeuron(j);
    if (changed)
        emit hiddenNeuronSelected(j);
}

QListWidget *StepView::stageList() const { return m_column->stageList(); }
QPushButton *StepView::nextButton() const { return m_column->nextButton(); }
QPushButton *StepView::backButton() const { return m_column->backButton(); }
QString StepView::sizesText() const { return m_column->sizesText(); }
QString StepView::pageTitle() const { return m_title->text(); }
QString StepView::pageHtml() const { return m_formula->text(); }

QString StepView::pageText() const
{
    QTextDocument doc;
    doc.setHtml(m_formula->text());
    QString text = doc.toPlainText();
    if (!m_softmax->isHidden())
        for (int k = 0; k < m_softmax->rowCount(); ++k)
            text += QLatin1Char('\n') + m_softmax->rowText(k);
    return text;
}

// The stage keys: Space or Ctrl+Right the next stage, Backspace or Ctrl+Left the previous, Home
// the first. The plain arrows belong to the focused panel (a grid's cell, the diagram's neuron):
// they never change the stage, and never reach the window's timeline keys (which at the latest
// batch would train one).
StepView::StageKey StepView::stageKeyOf(const QKeyEvent *key)
{
    const Qt::KeyboardModifiers mods = key->modifiers() & ~Qt::KeypadModifier;
    switch (key->key()) {
    case Qt::Key_Space: return mods == Qt::NoModifier ? StageKey::Next : StageKey::None;
    case Qt::Key_Backspace: return mods == Qt::NoModifier ? StageKey::Back : StageKey::None;
    case Qt::Key_Home: return mods == Qt::NoModifier ? StageKey::First : StageKey::None;
    case Qt::Key_Right: return mods == Qt::ControlModifier ? StageKey::Next : mods == Qt::NoModifier ? StageKey::Arrow : StageKey::None;
    case Qt::Key_Left: return mods == Qt::ControlModifier ? StageKey::Back : mods == Qt::NoModifier ? StageKey::Arrow : StageKey::None;
    case Qt::Key_Up:
    case Qt::Key_Down: return mods == Qt::NoModifier ? StageKey::Arrow : StageKey::None;
    default: return StageKey::None;
    }
}

bool StepView::event(QEvent *event)
{
    // The window's own shortcuts (e.g. Space = start/pause, Right = one batch on) must not take
    // the stage keys and the arrows while this view or one of its panels has the focus (an
    // edited spin box keeps its keys: it accepts them first).
    if (event->type() == QEvent::ShortcutOverride && stageKeyOf(static_cast<QKeyEvent *>(event)) != StageKey::None) {
        event->accept();
        return true;
    }
    return QWidget::event(event);
}

void StepView::keyPressEvent(QKeyEvent *event)
{
    switch (stageKeyOf(event)) {
    case StageKey::Next: m_model->next(); break;
    case StageKey::Back: m_model->back(); break;
    case StageKey::First: m_model->home(); break;
    case StageKey::Arrow: break; // no panel took it: nothing moves
    case StageKey::None: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

void StepView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!focusWidget() || focusWidget() == this)
        setFocus(Qt::OtherFocusReason);
}

void StepView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateCompact();
}

bool StepView::wantsCompact() const
{
    // The page needs room for its widest table (about 48 average characters of its font); when
    // the diagram beside it would leave less, the diagram moves into the left column (the page
    // scrolls down, never sideways): what a projector's large font at 1280 px needs.
    // The estimate keeps the mode steady from stage to stage; the shown page's own widest line
    // (a table, the grids) decides when it is wider.
    int grids = 0; // the widest grid: wider pairs go one under the other
    for (ValueGrid *g : m_grids)
        if (!g->isHidden())
            grids = std::max(grids, g->minimumSizeHint().width() + 6);
    const int content = std::max({m_formula->minimumSizeHint().width(), m_title->minimumSizeHint().width(), grids});
    const int page = std::max(QFontMetrics(m_formula->font()).averageCharWidth() * 48, content)
                     + 16 + m_scroll->verticalScrollBar()->sizeHint().width() + 40;
    const int left = m_column->width();
    return width() < left + m_diagram->sizeHint().width() + page;
}

void StepView::updateGridDirection()
{
    int sum = 0;
    for (ValueGrid *g : m_grids)
        if (!g->isHidden())
            sum += g->minimumSizeHint().width() + 6;
    const int page = width() - m_column->width() - (m_compact ? 0 : m_diagram->sizeHint().width())
                     - 16 - m_scroll->verticalScrollBar()->sizeHint().width() - 40;
    m_gridRow->setDirection(sum <= page ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

void StepView::updateCompact()
{
    updateGridDirection();
    const bool compact = wantsCompact();
    if (compact == m_compact && m_diagram->parentWidget())
        return;
    m_compact = compact;
    updateGridDirection();
    // Compact (a projector's 1280 px at 1.5x fonts): the stage's pictures right under its title,
    // where the page opens; otherwise the formulas and the by-hand panel lead.
    m_pageLayout->removeItem(m_gridRow);
    m_gridRow->setParent(nullptr); // a layout joins another only without a parent
    m_pageLayout->insertLayout(compact ? 1 : 3, m_gridRow);
    // Compact: the diagram in the left column under the stage numbers, in sight at every stage;
    // the sizes (reference) at the end of the page, before its closing stretch.
    QLabel *sizes = m_column->sizes();
    if (compact) {
        m_body->removeWidget(m_diagram);
        m_column->setBelow(m_diagram);
        // what is left of a projector's 800 px under the stage numbers and the buttons
        m_diagram->setMinimumSize(m_diagram->minimumSizeHint().width(), 250);
        m_pageLayout->insertWidget(m_pageLayout->count() - 1, sizes, 0, Qt::AlignLeft);
        sizes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    } else {
        m_pageLayout->removeWidget(sizes);
        sizes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
        m_column->setBelow(sizes);
        m_diagram->setMinimumSize(m_diagram->minimumSizeHint());
        m_body->addWidget(m_diagram);
    }
    m_diagram->setVisible(!m_cover && m_model->denseLayers());
    m_column->showStages(compact);
}

void StepView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyFonts();
        refreshPage();
    }
}

void StepView::applyFonts()
{
    // Projector-sized text relative to the window's font: presentation mode scales it all.
    const QFont base = readableFont(font(), 1.0);
    QFont formula = readableFont(font(), 1.25);
    m_formula->setFont(formula);
    m_byHand->setFont(formula);
    QFont title = readableFont(font(), 1.7);
    title.setBold(true);
    m_title->setFont(title);
    m_column->applyFonts(font());
    for (ValueGrid *g : m_grids)
        g->setFont(base);
    m_diagram->setFont(base);
    updateCompact();
    QPalette pal = m_formula->palette();
    pal.setColor(QPalette::Link, palette().color(QPalette::WindowText));
    pal.setColor(QPalette::LinkVisited, palette().color(QPalette::WindowText));
    m_formula->setPalette(pal);
}

namespace {
/** "test #12" -> set "test", index 12; anything else (a drawn digit) -> that name, index -1: the
 *  trace exports' set and index. */
std::pair<std::string, long long> setAndIndex(const QString &source)
{
    if (const qsizetype hash = source.indexOf(QLatin1String(" #")); hash > 0)
        return {source.left(hash).toStdString(), source.mid(hash + 2).toLongLong()};
    return {source.toStdString(), -1};
}
/** The data set and index of the sample an export is of: the sample the pages spell out. */
std::pair<std::string, long long> exportedSample(const StepModel &m) { return setAndIndex(m.shownSampleSource()); }
} // namespace

QString StepView::traceJson() const
{
    if (!m_model->hasTrace())
        return {};
    const auto [set, index] = exportedSample(*m_model);
    return QString::fromStdString(explainJson(m_model->arch(), m_model->trace(), set, index));
}

QString StepView::traceCsv() const
{
    if (!m_model->hasTrace())
        return {};
    const auto [set, index] = exportedSample(*m_model);
    return QString::fromStdString(explainCsv(m_model->arch(), m_model->trace(), set, index));
}

PanelExport StepView::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("step-stage-%1").arg(m_model->stage());
    e.title = tr("the Step through page");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Json, ExportFormat::Csv};
    // The page as it is on screen, drawn again onto the device: PNG at 2x, and text kept as text
    // in SVG and PDF.
    drawWidgetAsShown(e, this);
    e.data = [this](ExportFormat format) {
        return format == ExportFormat::Json ? (traceJson() + QLatin1Char('\n')).toUtf8() : traceCsv().toUtf8();
    };
    return e;
}

bool StepView::exportTo(const QString &file)
{
    if (exportFormatOf(file) != ExportFormat::Png && !m_model->hasTrace()) {
        m_lastError = tr("Nothing to export yet: choose an image and a model first.");
        return false;
    }
    m_lastError = writePanel(panelExport(), file);
    return m_lastError.isEmpty();
}

void StepView::saveWithDialog(ExportFormat format)
{
    PanelExport e = panelExport();
    if (format != ExportFormat::Png)
        e.name = QStringLiteral("step-trace");
    exportWithDialog(this, e, format);
}

} // namespace bplab
