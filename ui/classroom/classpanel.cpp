#include "classpanel.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QHeaderView>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

#include <io/json.h>

#include <algorithm>

namespace bplab {

namespace {

constexpr int kCellSide = 96;
constexpr int kQrSide = 220;
constexpr int kBarBlocks = 12; // the longest bar of the answers' histogram, in blocks
constexpr int kMaxHistogramRows = 10;

/** The text bar of `count` answers when the most given is `most`: at least one block. */
QString answerBar(int count, int most)
{
    return QString(std::max(1, count * kBarBlocks / std::max(1, most)), QChar(0x2588));
}

/** The drawing on white with a red frame when the teacher's label says the answer is wrong. */
QIcon cellIcon(const ClassDrawingCell &cell)
{
    QPixmap pixmap(kCellSide, kCellSide);
    pixmap.fill(Qt::white);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    if (!cell.picture.isNull())
        p.drawImage(QRect(6, 6, kCellSide - 12, kCellSide - 12), cell.picture);
    if (cell.label >= 0 && cell.label != cell.digit) {
        p.setPen(QPen(QColor(0xc0, 0x20, 0x20), 5));
        p.drawRect(QRect(2, 2, kCellSide - 5, kCellSide - 5));
    }
    return QIcon(pixmap);
}

} // namespace

ClassPanel::ClassPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("classPanel"));
    m_address = new QLabel;
    m_address->setObjectName(QStringLiteral("classAddress"));
    m_address->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_qr = new QLabel;
    m_qr->setObjectName(QStringLiteral("classQrCode"));
    m_qr->setFixedSize(kQrSide, kQrSide);
    m_qr->setAlignment(Qt::AlignCenter);
    m_code = new QLabel;
    m_code->setObjectName(QStringLiteral("classCode"));
    QFont big = m_code->font();
    big.setPointSizeF(big.pointSizeF() * 2.2);
    big.setBold(true);
    big.setLetterSpacing(QFont::AbsoluteSpacing, 4);
    m_code->setFont(big);
    m_joined = new QLabel;
    m_joined->setObjectName(QStringLiteral("classJoined"));
    m_responses = new QLabel;
    m_responses->setObjectName(QStringLiteral("classResponses"));
    m_responses->setWordWrap(true);
    m_responses->setTextFormat(Qt::PlainText);
    // The histogram of the class's answers as a table of text (answer, count, bar), made at the
    // reveal and gone when it is hidden: until then nothing of it is in the accessible tree (a
    // hidden table's parts are read as shown).
    m_histogramHost = new QWidget;
    auto *histogramLayout = new QVBoxLayout(m_histogramHost);
    histogramLayout->setContentsMargins(0, 0, 0, 0);
    m_histogramHost->hide();
    m_startStop = new QPushButton;
    m_startStop->setObjectName(QStringLiteral("classStartStop"));
    connect(m_startStop, &QPushButton::clicked, this, &ClassPanel::startStopRequested);

    m_mosaic = new QListWidget;
    m_mosaic->setObjectName(QStringLiteral("classMosaic"));
    m_mosaic->setViewMode(QListView::IconMode);
    m_mosaic->setIconSize(QSize(kCellSide, kCellSide));
    m_mosaic->setGridSize(QSize(kCellSide + 64, kCellSide + 64));
    m_mosaic->setResizeMode(QListView::Adjust);
    m_mosaic->setMovement(QListView::Static);
    m_mosaic->setWordWrap(true);
    m_mosaic->setUniformItemSizes(true);
    connect(m_mosaic, &QListWidget::currentRowChanged, this, &ClassPanel::updateActions);

    m_label = new QComboBox;
    m_label->setObjectName(QStringLiteral("classLabel"));
    m_label->addItem(QString(), -1);
    for (int d = 0; d < 10; ++d)
        m_label->addItem(QString::number(d), d);
    connect(m_label, &QComboBox::activated, this, [this](int index) {
        if (const int id = selectedId(); id >= 0)
            emit labelRequested(id, m_label->itemData(index).toInt());
    });
    m_remove = new QPushButton;
    m_remove->setObjectName(QStringLiteral("classRemove"));
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (const int id = selectedId(); id >= 0)
            emit removeRequested(id);
    });
    m_collect = new QPushButton;
    m_collect->setObjectName(QStringLiteral("classCollect"));
    connect(m_collect, &QPushButton::clicked, this, &ClassPanel::collectRequested);

    m_promptText = new QLabel;
    m_promptText->setObjectName(QStringLiteral("classPromptText"));
    QFont large = m_promptText->font();
    large.setPointSizeF(large.pointSizeF() * 1.5);
    large.setBold(true);
    m_promptText->setFont(large);
    m_promptDigit = new QComboBox;
    m_promptDigit->setObjectName(QStringLiteral("classPromptDigit"));
    for (int d = 0; d < 10; ++d)
        m_promptDigit->addItem(QString::number(d), d);
    m_promptDigit->setCurrentIndex(7);
    m_prompt = new QPushButton;
    m_prompt->setObjectName(QStringLiteral("classPrompt"));
    connect(m_prompt, &QPushButton::clicked, this, [this] {
        // The button asks, or ends the request when the digit shown is the one asked for.
        const int digit = m_promptDigit->currentData().toInt();
        emit promptRequested(digit == m_promptValue ? -1 : digit);
    });
    connect(m_promptDigit, &QComboBox::currentIndexChanged, this, [this] { setPrompt(m_promptValue); });

    auto *side = new QVBoxLayout;
    side->addWidget(m_qr);
    side->addWidget(m_address);
    side->addWidget(m_code);
    side->addWidget(m_joined);
    side->addWidget(m_responses);
    side->addWidget(m_histogramHost);
    auto *prompt = new QHBoxLayout;
    prompt->addWidget(m_promptDigit);
    prompt->addWidget(m_prompt, 1);
    side->addWidget(m_promptText);
    side->addLayout(prompt);
    side->addWidget(m_startStop);
    side->addStretch(1);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_label);
    actions->addWidget(m_remove);
    actions->addStretch(1);
    actions->addWidget(m_collect);
    auto *right = new QVBoxLayout;
    right->addWidget(m_mosaic, 1);
    right->addLayout(actions);
    auto *layout = new QHBoxLayout(this);
    layout->addLayout(side);
    layout->addLayout(right, 1);
    setTabOrder(m_promptDigit, m_prompt);
    setTabOrder(m_prompt, m_startStop);
    setTabOrder(m_startStop, m_mosaic);
    setTabOrder(m_mosaic, m_label);
    setTabOrder(m_label, m_remove);
    setTabOrder(m_remove, m_collect);
    retranslate();
    setServer({}, {}, {});
}

void ClassPanel::retranslate()
{
    m_label->setItemText(0, tr("No label"));
    m_label->setAccessibleName(tr("Label of the selected drawing"));
    m_remove->setText(tr("&Remove drawing"));
    m_remove->setAccessibleName(tr("Remove the selected drawing"));
    m_collect->setText(tr("&Add labelled drawings to the collection"));
    m_collect->setToolTip(tr("Keep the labelled drawings in the Draw view's collection (its test set and pictures)"));
    m_mosaic->setAccessibleName(tr("The class's drawings"));
    m_qr->setAccessibleName(tr("QR code of the class's address"));
    m_promptDigit->setAccessibleName(tr("Digit to ask the class for"));
    setServer(m_addressText, m_qrImage, m_codeText);
    setJoined(m_joinedCount);
    setPrompt(m_promptValue);
    setResponses(m_question, m_counts, m_revealed, m_truth);
    // Every cell's text again, in the new language.
    const int keep = selectedId();
    m_mosaic->clear();
    setDrawings(m_drawings);
    selectId(keep);
}

void ClassPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ClassPanel::setServer(const QString &address, const QImage &qrCode, const QString &code)
{
    m_addressText = address;
    m_qrImage = qrCode;
    m_codeText = code;
    const bool running = !address.isEmpty();
    m_address->setText(running ? tr("Open %1").arg(address) : tr("The classroom is closed: start it to let the class join."));
    m_address->setAccessibleName(m_address->text());
    m_code->setText(running ? tr("Code %1").arg(code) : QString());
    m_code->setAccessibleName(m_code->text());
    m_code->setVisible(running);
    m_qr->setPixmap(qrCode.isNull() ? QPixmap()
                                    : QPixmap::fromImage(qrCode.scaled(kQrSide, kQrSide, Qt::KeepAspectRatio, Qt::FastTransformation)));
    m_qr->setAccessibleDescription(running ? address : QString());
    m_qr->setVisible(running);
    m_startStop->setText(running ? tr("S&top the classroom") : tr("S&tart the classroom…"));
}

void ClassPanel::setPrompt(int digit)
{
    m_promptValue = digit;
    m_promptText->setText(digit >= 0 ? tr("Draw a %1").arg(digit) : QString());
    m_promptText->setAccessibleName(digit >= 0 ? tr("The class is asked to draw a %1").arg(digit) : QString());
    m_promptText->setVisible(digit >= 0);
    const bool asked = digit >= 0 && m_promptDigit->currentData().toInt() == digit;
    m_prompt->setText(asked ? tr("En&d the request") : tr("As&k the class to draw it"));
    m_prompt->setToolTip(tr("The drawings sent for the request are labelled with its digit, ready for the collection"));
}

QString ClassPanel::joinedText() const
{
    return m_joinedCount == 1 ? tr("1 student joined") : tr("%1 students joined").arg(m_joinedCount);
}

void ClassPanel::setJoined(int count)
{
    m_joinedCount = count;
    m_joined->setText(joinedText());
    m_joined->setAccessibleName(joinedText());
}

void ClassPanel::setResponses(const QString &question, const QMap<QString, int> &counts, bool revealed, const QString &truth)
{
    m_question = question;
    m_counts = counts;
    m_revealed = revealed;
    m_truth = truth;
    // The label says the question and the count; the table holds the histogram, so that a screen
    // reader meets words and numbers rather than a row of blocks.
    const QString head = responsesHead();
    m_responses->setText(head);
    m_responses->setAccessibleName(head);
    m_responses->setVisible(!question.isEmpty());
    showHistogram();
}

int ClassPanel::responseTotal() const
{
    int total = 0;
    for (int n : m_counts)
        total += n;
    return total;
}

QString ClassPanel::responseRowText(const QString &answer, int count) const
{
    const int total = std::max(1, responseTotal());
    QString text = tr("%1: %2 of %3 students (%4 %)")
                           .arg(answer)
                           .arg(count)
                           .arg(responseTotal())
                           .arg(QLocale().toString(100.0 * count / total, 'f', 0));
    if (answer == m_truth)
        text += tr(", the right answer");
    return text;
}

QTableWidget *ClassPanel::makeHistogram()
{
    auto *table = new QTableWidget(0, 3, m_histogramHost);
    table->setObjectName(QStringLiteral("classHistogram"));
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_histogramHost->layout()->addWidget(table);
    table->show(); // a child made after its parent was shown stays hidden until told
    setTabOrder(table, m_promptDigit); // after the answers' line, before the prompt
    return table;
}

void ClassPanel::showHistogram()
{
    const bool shown = !m_question.isEmpty() && m_revealed && !m_counts.isEmpty();
    m_histogramHost->setVisible(shown);
    if (!shown) {
        delete m_histogram;
        m_histogram = nullptr;
        return;
    }
    if (!m_histogram)
        m_histogram = makeHistogram();
    m_histogram->setHorizontalHeaderLabels({tr("Answer"), tr("Students"), tr("Share")});
    m_histogram->setAccessibleName(tr("The class's answers"));
    m_histogram->setRowCount(int(m_counts.size()));
    int most = 1;
    for (int n : m_counts)
        most = std::max(most, n);
    QStringList spoken;
    int row = 0;
    for (auto it = m_counts.begin(); it != m_counts.end(); ++it, ++row) {
        const bool right = it.key() == m_truth;
        const QString said = responseRowText(it.key(), it.value());
        spoken << said;
        auto *answer = new QTableWidgetItem(right ? tr("%1 (right)").arg(it.key()) : it.key());
        auto *count = new QTableWidgetItem(QString::number(it.value()));
        count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto *bar = new QTableWidgetItem(answerBar(it.value(), most));
        bar->setForeground(right ? QColor(0x1a, 0x7f, 0x37) : palette().color(QPalette::Text));
        for (QTableWidgetItem *item : {answer, count, bar}) {
            item->setData(Qt::AccessibleTextRole, said);
            item->setToolTip(said);
        }
        m_histogram->setItem(row, 0, answer);
        m_histogram->setItem(row, 1, count);
        m_histogram->setItem(row, 2, bar);
        if (right) {
            QFont bold = answer->font();
            bold.setBold(true);
            answer->setFont(bold);
        }
    }
    m_histogram->setAccessibleDescription(spoken.join(QStringLiteral("; ")));
    // Tall enough for every row up to kMaxHistogramRows (a class question's ten), then it scrolls.
    m_histogram->resizeRowsToContents();
    int height = m_histogram->horizontalHeader()->sizeHint().height() + 2 * m_histogram->frameWidth();
    for (int r = 0; r < std::min(m_histogram->rowCount(), kMaxHistogramRows); ++r)
        height += m_histogram->rowHeight(r);
    m_histogram->setFixedHeight(height);
}

QString ClassPanel::responsesHead() const
{
    if (m_question.isEmpty())
        return {};
    const int total = responseTotal();
    const QString text = m_question + QLatin1Char('\n');
    if (!m_revealed)
        return text + (total == 1 ? tr("1 answer, hidden until the reveal") : tr("%1 answers, hidden until the reveal").arg(total));
    if (total == 0)
        return text + tr("The answer: %1. Nobody in the class answered.").arg(m_truth);
    return text + tr("The answer: %1. The class:").arg(m_truth);
}

QString ClassPanel::responsesText() const
{
    QString text = responsesHead();
    if (!m_revealed || m_question.isEmpty())
        return text;
    int most = 1;
    for (int n : m_counts)
        most = std::max(most, n);
    for (auto it = m_counts.begin(); it != m_counts.end(); ++it)
        text += QStringLiteral("\n%1  %2 %3").arg(it.key(), answerBar(it.value(), most)).arg(it.value());
    return text;
}

QString ClassPanel::cellText(const ClassDrawingCell &cell)
{
    QString text = cell.digit < 0 ? tr("no answer")
                                  : tr("%1 (%2 %)").arg(cell.digit).arg(QLocale().toString(100.0 * cell.confidence, 'f', 0));
    // The teacher's verdict on a line of its own: the cell is narrow.
    if (cell.label >= 0)
        text += QLatin1Char('\n') + (cell.label == cell.digit ? tr("right") : tr("wrong: %1").arg(cell.label));
    return text + QLatin1Char('\n') + cell.nick;
}

void ClassPanel::setDrawings(const QVector<ClassDrawingCell> &drawings)
{
    const int keep = selectedId();
    QHash<int, ClassDrawingCell> before;
    for (const ClassDrawingCell &c : m_drawings)
        before.insert(c.id, c);
    m_drawings = drawings;
    // The mosaic changes by a few cells at a time (new drawings at the end, the oldest gone, a
    // label): only those cells are made again, so that a class's stream of drawings stays cheap.
    QSet<int> ids;
    for (const ClassDrawingCell &c : drawings)
        ids.insert(c.id);
    for (int row = m_mosaic->count() - 1; row >= 0; --row)
        if (!ids.contains(m_mosaic->item(row)->data(Qt::UserRole).toInt()))
            delete m_mosaic->takeItem(row);
    for (int row = 0; row < drawings.size(); ++row) {
        const ClassDrawingCell &c = drawings[row];
        QListWidgetItem *item = row < m_mosaic->count() ? m_mosaic->item(row) : nullptr;
        if (item && item->data(Qt::UserRole).toInt() == c.id) {
            const ClassDrawingCell &was = before[c.id];
            if (was.label == c.label && was.digit == c.digit && was.confidence == c.confidence && was.nick == c.nick &&
                was.picture.cacheKey() == c.picture.cacheKey())
                continue;
        } else {
            item = new QListWidgetItem;
            item->setData(Qt::UserRole, c.id);
            m_mosaic->insertItem(row, item);
        }
        item->setIcon(cellIcon(c));
        item->setText(cellText(c));
        item->setData(Qt::AccessibleTextRole, cellText(c).replace(QLatin1Char('\n'), QStringLiteral(", ")));
    }
    while (m_mosaic->count() > drawings.size())
        delete m_mosaic->takeItem(m_mosaic->count() - 1);
    selectId(keep);
    updateActions();
}

int ClassPanel::selectedId() const
{
    const QListWidgetItem *item = m_mosaic->currentItem();
    return item ? item->data(Qt::UserRole).toInt() : -1;
}

void ClassPanel::selectId(int id)
{
    for (int i = 0; i < m_mosaic->count(); ++i)
        if (m_mosaic->item(i)->data(Qt::UserRole).toInt() == id)
            m_mosaic->setCurrentRow(i);
}

void ClassPanel::updateActions()
{
    const int id = selectedId();
    m_remove->setEnabled(id >= 0);
    m_label->setEnabled(id >= 0);
    int label = -1;
    bool labelled = false;
    for (const ClassDrawingCell &c : m_drawings) {
        if (c.id == id)
            label = c.label;
        labelled = labelled || c.label >= 0;
    }
    m_label->setCurrentIndex(label + 1);
    m_collect->setEnabled(labelled);
}

QByteArray ClassPanel::json() const
{
    // How many joined first, then the mosaic's cells in its order, each as its text reads.
    Json list = Json::array();
    for (const ClassDrawingCell &c : m_drawings) {
        Json cell = Json::object();
        cell["id"] = c.id;
        cell["nick"] = c.nick.toStdString();
        cell["digit"] = c.digit;
        cell["confidence"] = jsonNumberOf(c.confidence);
        cell["label"] = c.label;
        list.push_back(std::move(cell));
    }
    Json o = Json::object();
    o["joined"] = m_joinedCount;
    o["drawings"] = std::move(list);
    return QByteArray::fromStdString(o.dump(4, ' ', false, Json::error_handler_t::replace)) + '\n';
}

PanelExport ClassPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("class");
    e.title = tr("the Class view");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Json};
    drawWidgetAsShown(e, this);
    e.data = [this](ExportFormat) { return json(); };
    return e;
}

} // namespace bplab
