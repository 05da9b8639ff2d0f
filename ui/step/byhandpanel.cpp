#include "byhandpanel.h"

#include "stagehtml.h"

#include <QAccessible>
#include <QApplication>
#include <QCheckBox>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace bplab {

ByHandPanel::ByHandPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("byHandPanel"));
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 4, 0, 4);
    m_switch = new QCheckBox(tr("By hand: compute this stage's values yourself"));
    m_switch->setObjectName(QStringLiteral("byHandSwitch"));
    m_switch->setToolTip(tr("The values to compute are blank on the page until you type them or reveal them"));
    v->addWidget(m_switch);
    m_body = new QWidget;
    auto *bodyLayout = new QVBoxLayout(m_body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    m_grid = new QGridLayout;
    bodyLayout->addLayout(m_grid);
    m_tolerance = new QLabel(tr("Right within 0.5 % of the value (3 significant digits)."));
    m_score = new QLabel;
    m_score->setObjectName(QStringLiteral("byHandScore"));
    bodyLayout->addWidget(m_tolerance);
    bodyLayout->addWidget(m_score);
    m_body->hide();
    v->addWidget(m_body);
    m_switch->installEventFilter(this);
    connect(m_switch, &QCheckBox::toggled, this, [this](bool on) {
        m_body->setVisible(on);
        emit pendingChanged();
    });
}

bool ByHandPanel::isOn() const { return m_switch->isChecked(); }

void ByHandPanel::setOn(bool on) { m_switch->setChecked(on); }

void ByHandPanel::setCells(const QVector<HandCell> &cells)
{
    bool same = cells.size() == m_cells.size();
    for (int i = 0; same && i < cells.size(); ++i)
        same = cells[i].key == m_cells[i].key && cells[i].value == m_cells[i].value;
    if (same)
        return;
    m_cells = cells;
    rebuild();
    emit pendingChanged();
}

QVector<float> ByHandPanel::showCells(const QVector<HandCell> &cells, QWidget *before, QWidget *after)
{
    {
        const QSignalBlocker block(this);
        setCells(cells);
    }
    QList<QWidget *> chain = tabOrder();
    chain.prepend(before);
    chain << after;
    for (int i = 1; i < chain.size(); ++i)
        setTabOrder(chain[i - 1], chain[i]);
    return pendingValues();
}

void ByHandPanel::reset()
{
    if (m_answers.isEmpty())
        return;
    m_answers.clear();
    rebuild();
    emit pendingChanged();
}

QStringList ByHandPanel::pendingKeys() const
{
    QStringList out;
    if (!isOn())
        return out;
    for (const HandCell &c : m_cells)
        if (!m_answers.value(c.key).done)
            out << c.key;
    return out;
}

QVector<float> ByHandPanel::pendingValues() const
{
    QVector<float> out;
    if (!isOn())
        return out;
    for (const HandCell &c : m_cells)
        if (!m_answers.value(c.key).done)
            out << c.value;
    return out;
}

bool ByHandPanel::answer(int i, const QString &typed)
{
    if (i < 0 || i >= m_cells.size())
        return false;
    const std::optional<double> v = parseHandNumber(typed);
    if (!v) {
        m_rows[i].verdict->setText(tr("Type a number, e.g. 0.125 or -1.5e-3."));
        return false;
    }
    const HandCell &c = m_cells[i];
    Answer a;
    a.right = isHandRight(*v, double(c.value));
    // Right: done, with the value. Wrong: where it went wrong, the value still blank; the student
    // tries again or reveals it.
    a.done = a.right;
    a.verdict = a.right ? tr("Right: %1 = %2.").arg(html::spoken(c.name), formatHandValue(c.value))
                        : tr("Wrong: %1 is not %2. How: %3. Try again, or Reveal.")
                                  .arg(html::spoken(c.name), QLocale().toString(*v, 'g', 6), html::spoken(c.hint));
    record(i, a);
    return true;
}

void ByHandPanel::reveal(int i)
{
    if (i < 0 || i >= m_cells.size())
        return;
    const HandCell &c = m_cells[i];
    Answer a;
    a.done = true;
    a.verdict = tr("Revealed: %1 = %2 (%3).").arg(html::spoken(c.name), formatHandValue(c.value), html::spoken(c.hint));
    record(i, a);
}

QString ByHandPanel::verdictText(int i) const { return m_rows.value(i).verdict ? m_rows[i].verdict->text() : QString(); }

QString ByHandPanel::scoreText() const { return m_score->text(); }

QList<QWidget *> ByHandPanel::tabOrder() const
{
    QList<QWidget *> out{m_switch};
    for (const Row &r : m_rows)
        out << r.edit << r.check << r.reveal;
    return out;
}

void ByHandPanel::record(int i, const Answer &a)
{
    m_answers.insert(m_cells[i].key, a);
    const Row &r = m_rows[i];
    r.verdict->setText(a.verdict);
    if (a.done) {
        // The keyboard stays in the panel: the next open cell, else the switch (not whatever
        // follows the disabled field in the window's Tab chain).
        if (isAncestorOf(QApplication::focusWidget()))
            focusFirstOpen();
        r.edit->setEnabled(false);
        r.check->setEnabled(false);
        r.reveal->setEnabled(false);
    } else {
        r.edit->selectAll(); // the next try replaces it
    }
    if (QAccessible::isActive()) { // read the verdict out as it appears
        QAccessibleEvent changed(r.verdict, QAccessible::NameChanged);
        QAccessible::updateAccessibility(&changed);
    }
    showScore();
    emit pendingChanged();
}

bool ByHandPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->modifiers() & ~Qt::KeypadModifier) == Qt::ControlModifier
            && (key->key() == Qt::Key_Right || key->key() == Qt::Key_Left)) {
            emit stageKey(key->key() == Qt::Key_Right);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ByHandPanel::focusFirstOpen()
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (!m_answers.value(m_cells[i].key).done && m_rows[i].edit->isEnabled()) {
            m_rows[i].edit->setFocus(Qt::OtherFocusReason);
            return;
        }
    m_switch->setFocus(Qt::OtherFocusReason);
}

void ByHandPanel::rebuild()
{
    // Typing in the panel when the cells change (the next stage): the keys go to the new cells.
    const bool typing = isAncestorOf(QApplication::focusWidget());
    if (typing)
        m_switch->setFocus(Qt::OtherFocusReason); // before its field is deleted
    for (const Row &r : std::as_const(m_rows))
        for (QWidget *w : {static_cast<QWidget *>(r.name), static_cast<QWidget *>(r.edit), static_cast<QWidget *>(r.check),
                           static_cast<QWidget *>(r.reveal), static_cast<QWidget *>(r.verdict)})
            delete w;
    m_rows.clear();
    for (int i = 0; i < m_cells.size(); ++i) {
        const HandCell &c = m_cells[i];
        const QString spokenName = html::spoken(c.name);
        Row r;
        r.name = new QLabel(c.name + QStringLiteral(" ="));
        r.name->setTextFormat(Qt::RichText);
        r.name->setToolTip(tr("Written %1 on worksheets and in a lesson's list of cells to compute").arg(c.key));
        r.edit = new QLineEdit;
        r.edit->setObjectName(QStringLiteral("byHandAnswer%1").arg(i + 1));
        r.edit->setAccessibleName(tr("Your value of %1").arg(spokenName));
        r.edit->setPlaceholderText(tr("your value"));
        r.edit->installEventFilter(this);
        r.name->setBuddy(r.edit);
        r.check = new QPushButton(tr("Check"));
        r.check->setAccessibleName(tr("Check %1").arg(spokenName));
        r.reveal = new QPushButton(tr("Reveal"));
        r.reveal->setAccessibleName(tr("Reveal %1").arg(spokenName));
        r.verdict = new QLabel;
        r.verdict->setObjectName(QStringLiteral("byHandVerdict%1").arg(i + 1));
        r.verdict->setWordWrap(true);
        r.verdict->setTextFormat(Qt::PlainText);
        const Answer a = m_answers.value(c.key);
        r.verdict->setText(a.verdict); // a wrong try's too, until the next
        if (a.done) {
            for (QWidget *w : {static_cast<QWidget *>(r.edit), static_cast<QWidget *>(r.check), static_cast<QWidget *>(r.reveal)})
                w->setEnabled(false);
        }
        m_grid->addWidget(r.name, 2 * i, 0);
        m_grid->addWidget(r.edit, 2 * i, 1);
        m_grid->addWidget(r.check, 2 * i, 2);
        m_grid->addWidget(r.reveal, 2 * i, 3);
        m_grid->addWidget(r.verdict, 2 * i + 1, 0, 1, 4);
        connect(r.check, &QPushButton::clicked, this, [this, i] { answer(i, m_rows[i].edit->text()); });
        connect(r.edit, &QLineEdit::returnPressed, this, [this, i] { answer(i, m_rows[i].edit->text()); });
        connect(r.reveal, &QPushButton::clicked, this, [this, i] { reveal(i); });
        m_rows << r;
    }
    m_grid->setColumnStretch(1, 1);
    if (typing)
        focusFirstOpen();
    m_tolerance->setVisible(!m_cells.isEmpty());
    if (m_cells.isEmpty())
        m_score->setText(tr("Nothing to compute at this stage."));
    else
        showScore();
}

void ByHandPanel::showScore()
{
    int right = 0;
    for (const HandCell &c : std::as_const(m_cells))
        right += m_answers.value(c.key).right;
    m_score->setText(tr("This stage: %1 of %2 right").arg(right).arg(m_cells.size()));
}

} // namespace bplab
