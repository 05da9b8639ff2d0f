#include "stagecolumn.h"

#include "stagehtml.h"
#include "stagepages.h"
#include "stepmodel.h"
#include "uiformat.h"

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>

namespace bplab {

StageColumn::StageColumn(StepModel *model, QWidget *parent) : QWidget(parent), m_model(model)
{
    auto *v = new QVBoxLayout(this);
    m_layout = v;
    v->setContentsMargins(0, 0, 0, 0);
    m_stageList = new QListWidget;
    m_stageList->setObjectName(QStringLiteral("stageList"));
    // Tab reaches the list; Up/Down choose a stage there (the view's own keys work elsewhere).
    m_stageList->setFocusPolicy(Qt::TabFocus);
    m_stageList->setAccessibleName(tr("Stages"));
    fillStageList();
    m_stageList->setToolTip(tr("Jump to any stage (Space or Ctrl+Right: next, Backspace or Ctrl+Left: back, "
                               "Home: first; the arrow keys move in the focused picture or diagram)"));
    connect(m_stageList, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            m_model->setStage(row + 1);
    });
    m_back = new QPushButton(tr("\u25C0 Back"));
    m_back->setObjectName(QStringLiteral("stepBack"));
    m_back->setToolTip(tr("The previous stage (Backspace or Ctrl+Left)"));
    m_next = new QPushButton(tr("Next \u25B6"));
    m_next->setObjectName(QStringLiteral("stepNext"));
    m_next->setToolTip(tr("The next stage (Space or Ctrl+Right)"));
    m_back->setAccessibleName(tr("Back: the previous stage"));
    m_next->setAccessibleName(tr("Next stage"));
    for (QPushButton *b : {m_back, m_next})
        b->setFocusPolicy(Qt::TabFocus);
    connect(m_back, &QPushButton::clicked, m_model, &StepModel::back);
    connect(m_next, &QPushButton::clicked, m_model, &StepModel::next);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);

    m_sizes = new QLabel;
    m_sizes->setObjectName(QStringLiteral("sizesPanel"));
    m_sizes->setTextFormat(Qt::RichText);
    m_sizes->setWordWrap(false); // a table of short rows (a wrapped label would ask for height)
    // Reference, not the lesson: where the height is short (a projector's font with a lesson's
    // panel under the views) the table gives way at its bottom rather than the window growing.
    m_sizes->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    m_sizes->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    showSizes();

    auto *exports = new QHBoxLayout;
    for (ExportFormat format : {ExportFormat::Png, ExportFormat::Json, ExportFormat::Csv}) {
        const QString kind = suffixOf(format).toUpper();
        auto *b = new QPushButton(kind);
        b->setObjectName(QStringLiteral("export") + kind);
        b->setFocusPolicy(Qt::TabFocus);
        b->setAccessibleName(tr("Export as %1").arg(kind));
        m_exportButtons << b;
        b->setToolTip(kind == QLatin1String("PNG") ? tr("Save the current stage as a picture")
                                                   : tr("Save the whole trace (every value of every stage) as %1").arg(kind));
        connect(b, &QPushButton::clicked, this, [this, format] { emit exportRequested(format); });
        exports->addWidget(b);
    }
    auto *exportLabel = new QLabel(tr("Export:"));
    exportLabel->setObjectName(QStringLiteral("exportLabel"));
    v->addWidget(m_stageList);
    v->addLayout(buttons);
    v->addWidget(exportLabel);
    v->addLayout(exports);
    v->addSpacing(2);
    // Keeps the exports under their buttons when nothing below can take the height (a network
    // without its diagram): it grows only while no item below has a stretch of its own.
    v->addStretch(0);
    // The sizes take the column's remaining height (and give way at their bottom); a compact view
    // puts the network diagram here instead and the sizes at the end of the page.
    v->addWidget(m_sizes, 1);
    m_below = m_sizes;
}

void StageColumn::fillStageList()
{
    // Compact: a grid of stage numbers (the page's title names the stage); the full name stays
    // in each item's tooltip and in what a screen reader reads.
    const QStringList names = stageNames(m_model->arch());
    const auto text = [&](int i) {
        return m_compact ? QString::number(i + 1) : QStringLiteral("%1  %2").arg(i + 1).arg(names[i]);
    };
    if (m_stageList->count() == names.size()) {
        bool same = true;
        for (int i = 0; i < names.size() && same; ++i)
            same = m_stageList->item(i)->text() == text(i);
        if (same)
            return;
    }
    const QSignalBlocker block(m_stageList);
    m_stageList->clear();
    for (int i = 0; i < names.size(); ++i) {
        auto *item = new QListWidgetItem(text(i), m_stageList);
        const QString full = QStringLiteral("%1  %2").arg(i + 1).arg(names[i]);
        item->setToolTip(full);
        item->setData(Qt::AccessibleTextRole, full);
        if (m_compact)
            item->setTextAlignment(Qt::AlignCenter);
    }
    m_stageList->setCurrentRow(m_model->stage() - 1);
}

void StageColumn::showSizes()
{
    const Architecture &arch = m_model->arch();
    const QLocale en; // the user's number format
    const auto n = [&en](std::size_t v) { return en.toString(qulonglong(v)); };
    // A narrow table (about 25 characters a row) so that it fits under the stage list at a
    // projector's font in 1280 x 800; the full wording is in the tooltip.
    const auto row = [](const QString &name, const QString &value) {
        return QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td></tr>").arg(name, value);
    };
    QString sizes = tr("<b>Sizes</b> (from the layer shapes)<table cellspacing=\"0\" cellpadding=\"0\">");
    QStringList layers, widths;
    for (int l = 0; l < arch.layerCount(); ++l) {
        sizes += row(tr("W%1 %2&times;%3").arg(l + 1).arg(arch.layerOutputs(l)).arg(arch.layerInputs(l)),
                     n(arch.layerWeightCount(l)));
        layers << n(arch.layerWeightCount(l));
        widths << QString::number(arch.layerOutputs(l));
    }
    sizes += row(tr("all weights"), n(arch.weightCount()));
    sizes += row(tr("biases %1").arg(widths.join(QStringLiteral(" + "))), n(arch.biasCount()));
    sizes += row(tr("<b>parameters</b>"), QStringLiteral("<b>%1</b>").arg(n(arch.parameterCount())));
    sizes += row(tr("weights FP16"), tr("%1 B").arg(n(arch.weightBytes(2))));
    sizes += row(tr("weights FP32"), tr("%1 B").arg(n(arch.weightBytes(4))));
    sizes += row(tr("weights FP64"), tr("%1 B").arg(n(arch.weightBytes(8))));
    sizes += row(tr("all FP32"), tr("%1 B").arg(n(arch.parameterBytes(4))));
    sizes += row(tr("mult-adds/image"), n(arch.multiplyAddsPerSample()));
    sizes += row(tr("per batch of 64"), n(arch.multiplyAddsPerBatch(64)));
    m_sizes->setText(sizes + QStringLiteral("</table>"));
    m_sizes->setToolTip(tr("Network %1. Weights: %2 = %3; biases %4; all parameters %5.\n"
                           "Weights in memory at 2, 4 and 8 bytes each (FP16, FP32, FP64); all FP32 includes the "
                           "biases.\nMultiply-adds of the forward pass: %6 per image, %7 per batch of 64.")
                            .arg(QString::fromStdString(describe(arch)), layers.join(QStringLiteral(" + ")),
                                 n(arch.weightCount()), n(arch.biasCount()), n(arch.parameterCount()),
                                 n(arch.multiplyAddsPerSample()), n(arch.multiplyAddsPerBatch(64))));
}

void StageColumn::showStages(bool compact)
{
    m_compact = compact;
    fillStageList();
    const int rows = m_stageList->count();
    const int rowHeight = std::max(m_stageList->sizeHintForRow(0), QFontMetrics(m_stageList->font()).height() + 2);
    const int frame = 2 * m_stageList->frameWidth() + 2;
    if (m_compact) {
        // five numbers a row, Left/Right and Up/Down move between them
        constexpr int kPerRow = 5;
        const int cell = (minimumWidth() - frame) / kPerRow;
        m_stageList->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_stageList->setFlow(QListView::LeftToRight);
        m_stageList->setWrapping(true);
        m_stageList->setGridSize(QSize(cell, rowHeight + 2));
        m_stageList->setFixedHeight((rows + kPerRow - 1) / kPerRow * (rowHeight + 2) + frame);
    } else {
        m_stageList->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        m_stageList->setFlow(QListView::TopToBottom);
        m_stageList->setWrapping(false);
        m_stageList->setGridSize(QSize());
        m_stageList->setFixedHeight(rowHeight * rows + frame); // the room below goes to the sizes
    }
}

QString StageColumn::sizesText() const
{
    QTextDocument doc;
    doc.setHtml(m_sizes->text());
    return doc.toPlainText();
}

void StageColumn::showStage(int stage)
{
    {
        const QSignalBlocker block(m_stageList);
        m_stageList->setCurrentRow(stage - 1);
    }
    m_back->setEnabled(stage > StepModel::kFirstStage);
    m_next->setEnabled(stage < m_model->stageCount());
}

void StageColumn::applyFonts(const QFont &viewFont)
{
    const QFont list = readableFont(viewFont, 1.15);
    m_stageList->setFont(list);
    // The sizes a little smaller than the rest: with the list above them they must fit the
    // height of 1280 x 800 at a projector's font.
    m_sizes->setFont(readableFont(viewFont, 0.9));
    // Wide enough for the longest stage name at the current font.
    setFixedWidth(std::max(240, QFontMetrics(list).horizontalAdvance(tr("10  Update and re-check")) + 36));
    showStages(m_compact); // its rows at the new font
}

void StageColumn::setBelow(QWidget *below)
{
    if (below == m_below)
        return;
    m_layout->removeWidget(m_below);
    m_below = below;
    m_layout->addWidget(below, 1);
}

} // namespace bplab
