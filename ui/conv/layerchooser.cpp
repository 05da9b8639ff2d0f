#include "layerchooser.h"

#include <uiformat.h>

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include <algorithm>

namespace bplab {

LayerChooser::LayerChooser(QWidget *panel) : QWidget(panel)
{
    m_previous = new QToolButton;
    m_previous->setText(QStringLiteral("\u25C0")); // a triangle in the panel's font, as large as its text
    m_previous->setAccessibleName(tr("Previous layer"));
    m_previous->setToolTip(tr("The previous layer"));
    m_next = new QToolButton;
    m_next->setText(QStringLiteral("\u25B6"));
    m_next->setAccessibleName(tr("Next layer"));
    m_next->setToolTip(tr("The next layer"));
    m_position = new QLabel;
    m_position->setAlignment(Qt::AlignCenter);
    for (QToolButton *b : {m_previous, m_next}) {
        b->setAutoRaise(true);
        b->setFocusPolicy(Qt::TabFocus); // a click leaves the window's keys (the arrows) to the timeline
    }
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(2);
    row->addWidget(m_previous);
    row->addWidget(m_position);
    row->addWidget(m_next);
    connect(m_previous, &QToolButton::clicked, this, [this] { setCurrent(m_current - 1); });
    connect(m_next, &QToolButton::clicked, this, [this] { setCurrent(m_current + 1); });
    panel->installEventFilter(this);
    hide();
}

void LayerChooser::setCount(int n)
{
    m_count = std::max(0, n);
    m_current = std::clamp(m_current, 0, std::max(0, m_count - 1));
    setVisible(m_count > 1);
    showCurrent();
}

void LayerChooser::setCurrent(int i)
{
    const int to = std::clamp(i, 0, std::max(0, m_count - 1));
    if (to == m_current)
        return;
    m_current = to;
    showCurrent();
    emit changed(m_current);
}

int LayerChooser::reservedWidth() const
{
    return isVisible() ? sizeHint().width() + 8 : 0;
}

void LayerChooser::showCurrent()
{
    const QFont font = readableFont(parentWidget()->font());
    for (QWidget *w : {static_cast<QWidget *>(m_previous), static_cast<QWidget *>(m_next), static_cast<QWidget *>(m_position)})
        w->setFont(font);
    m_position->setText(tr("%1 of %2").arg(m_current + 1).arg(m_count));
    m_position->setAccessibleName(tr("Layer %1 of %2").arg(m_current + 1).arg(m_count));
    m_previous->setEnabled(m_current > 0);
    m_next->setEnabled(m_current + 1 < m_count);
    const int side = QFontMetrics(font).height() + 6;
    for (QToolButton *b : {m_previous, m_next})
        b->setFixedSize(side, side);
    adjustSize();
    place();
}

void LayerChooser::place()
{
    const QWidget *panel = parentWidget();
    move(panel->width() - width() - 2, 0);
    raise();
}

bool LayerChooser::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget()) {
        if (event->type() == QEvent::Resize)
            place();
        else if (event->type() == QEvent::FontChange)
            showCurrent();
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace bplab
