#include "timelinebar.h"

#include "elidedlabel.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <algorithm>
#include <limits>

namespace bplab {

namespace {
// The slider's int range holds any run: steps beyond it are not expected (2^31 batches).
int toSlider(qint64 v)
{
    return int(std::clamp<qint64>(v, 0, std::numeric_limits<int>::max()));
}
constexpr qint64 kToStart = std::numeric_limits<qint64>::min() / 2;
constexpr qint64 kToEnd = std::numeric_limits<qint64>::max() / 2;

/** A caption that asks for one line and, when the bar is narrower, wraps to more instead of
 *  being cut: its size hint is the unwrapped text, its minimum the wrapped one. */
class TimelineCaption : public QLabel
{
public:
    QSize sizeHint() const override
    {
        const QSize wrapped = QLabel::sizeHint();
        const QMargins m = contentsMargins();
        const int line = fontMetrics().horizontalAdvance(text()) + 2 * margin() + m.left() + m.right() + 2;
        return {std::max(wrapped.width(), line), wrapped.height()};
    }
};
} // namespace

TimelineBar::TimelineBar(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("timelineBar"));
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setObjectName(QStringLiteral("timelineSlider"));
    m_slider->setToolTip(tr("Every batch trained so far: drag to show the network as it was after "
                            "that batch in every view (Left/Right: one batch, Home/End)"));
    // Tab reaches it. With the focus on it its own keys move it, from the first to the latest batch
    // and no further (the window's Right would train a batch at the latest); elsewhere the
    // window's Left/Right/Home/End move it.
    m_slider->setFocusPolicy(Qt::TabFocus);
    m_slider->installEventFilter(this);
    m_slider->setAccessibleName(tr("Timeline: the batch every view shows"));
    m_slider->setRange(0, 0);
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) { emit cursorMoved(qint64(v)); });

    m_caption = new TimelineCaption;
    m_caption->setObjectName(QStringLiteral("timelineCaption"));
    m_caption->setToolTip(tr("The weights every view shows"));
    m_caption->setTextFormat(Qt::PlainText);
    // The words are never cut: the scrubber gives way, and on a narrow screen (a projector's
    // 1280 pixels at presentation size) the caption takes a second line.
    m_caption->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    m_caption->setWordWrap(true);
    QFont bold = m_caption->font();
    bold.setBold(true);
    m_caption->setFont(bold);

    m_continue = new QPushButton(tr("Continue from here"));
    m_continue->setObjectName(QStringLiteral("continueButton"));
    m_continue->setToolTip(tr("Train on from the batch shown, at the toolbar's learning rate: the "
                              "batches after it stay on the loss plot as a faint curve"));
    m_continue->setEnabled(false);
    m_continue->setFocusPolicy(Qt::TabFocus);
    connect(m_continue, &QPushButton::clicked, this, &TimelineBar::continueRequested);

    m_status = new ElidedLabel;
    m_status->setObjectName(QStringLiteral("timelineStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->hide();

    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(4, 0, 4, 0);
    row->addWidget(m_status);
    QToolButton *first = button(QStyle::SP_MediaSkipBackward, tr("First batch"), tr("The first batch of the history (Home)"), kToStart);
    QToolButton *back = button(QStyle::SP_MediaSeekBackward, tr("One batch back"), tr("One batch back (Left)"), -1);
    QToolButton *on = button(QStyle::SP_MediaSeekForward, tr("One batch on"),
                             tr("One batch on, up to the latest (Right); Step trains the next"), 1);
    QToolButton *latest = button(QStyle::SP_MediaSkipForward, tr("Latest batch"), tr("The latest batch: follow the training (End)"), kToEnd);
    row->addWidget(first);
    row->addWidget(back);
    m_slider->setMinimumWidth(80);
    row->addWidget(m_slider, 1);
    row->addWidget(on);
    row->addWidget(latest);
    row->addWidget(m_caption);
    row->addWidget(m_continue);
    // Tab in the bar's order (the slider was made first).
    const QList<QWidget *> order{first, back, m_slider, on, latest, m_continue};
    for (int i = 1; i < order.size(); ++i)
        setTabOrder(order[i - 1], order[i]);
}

QToolButton *TimelineBar::button(QStyle::StandardPixmap icon, const QString &name, const QString &tip, qint64 delta)
{
    auto *b = new QToolButton;
    b->setIcon(style()->standardIcon(icon));
    b->setToolTip(tip);
    b->setAccessibleName(name);
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::TabFocus);
    connect(b, &QToolButton::clicked, this, [this, delta] {
        const qint64 target = delta == kToStart ? m_first : delta == kToEnd ? m_last : cursor() + delta;
        // Never past the latest batch: a batch is trained by Step, never by moving through time.
        const qint64 to = std::clamp(target, m_first, m_last);
        if (to != cursor())
            emit cursorMoved(to);
    });
    return b;
}

void TimelineBar::setPosition(qint64 first, qint64 last, qint64 cursor)
{
    m_first = first;
    m_last = std::max(first, last);
    const QSignalBlocker blocker(m_slider);
    m_slider->setRange(toSlider(m_first), toSlider(m_last));
    m_slider->setValue(toSlider(std::clamp(cursor, m_first, m_last)));
    m_slider->setPageStep(std::max(1, int((m_last - m_first) / 20)));
}

void TimelineBar::setCaption(const QString &text)
{
    m_caption->setText(text);
    m_caption->setToolTip(text);
}

void TimelineBar::setStatusText(const QString &text)
{
    m_status->setText(text);
    m_status->setToolTip(text);
    // The state always shows; what follows it (the speed) gives way on a narrow screen.
    m_status->setMinimumText(text.section(QStringLiteral(" \u00B7 "), 0, 0));
    m_status->setVisible(!text.isEmpty());
}

void TimelineBar::setBranchable(bool on)
{
    m_continue->setEnabled(on);
}

bool TimelineBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_slider && event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const int k = key->key();
        if ((key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier
            && (k == Qt::Key_Left || k == Qt::Key_Right || k == Qt::Key_Home || k == Qt::Key_End
                || k == Qt::Key_PageUp || k == Qt::Key_PageDown)) {
            event->accept(); // the slider's own key, not the window's shortcut
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

qint64 TimelineBar::cursor() const
{
    return qint64(m_slider->value());
}

} // namespace bplab
