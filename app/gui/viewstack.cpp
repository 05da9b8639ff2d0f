#include "viewstack.h"

#include "errorpage.h"

#include <QListWidget>
#include <QStackedWidget>

#include <algorithm>

namespace bplab {

ViewStack::ViewStack(const std::function<QWidget *(int)> &makePage, QObject *parent)
    : QObject(parent)
{
    m_sidebar = new QListWidget;
    m_sidebar->setObjectName(QStringLiteral("viewList"));
    m_sidebar->setAccessibleName(tr("Views"));
    m_sidebar->setToolTip(tr("The views (Ctrl+1 ... Ctrl+%1)").arg(kViewCount));
    m_pages = new QStackedWidget;
    for (int i = 0; i < kViewCount; ++i) {
        m_sidebar->addItem(viewTitle(i));
        m_pages->addWidget(makePage(i));
    }
    for (int i = 0; i < kViewCount; ++i)
        m_sidebar->item(i)->setToolTip(
                tr("%1 (Ctrl+%2)").arg(m_sidebar->item(i)->text()).arg(i + 1));
    m_errorPage = new ErrorPage;
    m_pages->addWidget(m_errorPage);
    m_sidebar->setCurrentRow(0);
    fitSidebar();
    // Only the page on screen sets the window's minimum size. A stack is otherwise as large as
    // its largest page: a view not in use (the Train view's panels at the projector's font, say)
    // made the window taller than a 1280x800 screen.
    const auto sizeToCurrentPage = [this] {
        for (int i = 0; i < m_pages->count(); ++i) {
            const auto policy
                    = i == m_pages->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
            m_pages->widget(i)->setSizePolicy(policy, policy);
        }
    };
    connect(m_pages, &QStackedWidget::currentChanged, this, sizeToCurrentPage);
    sizeToCurrentPage();
    connect(m_sidebar, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            emit viewChosen(row, m_forSession);
    });
}

QWidget *ViewStack::page(int view) const
{
    return m_pages->widget(view);
}

int ViewStack::current() const
{
    return std::max(0, m_sidebar->currentRow());
}

void ViewStack::choose(int view, bool forSession)
{
    m_forSession = forSession;
    m_sidebar->setCurrentRow(view);
    m_forSession = false;
}

void ViewStack::showError(bool error)
{
    m_pages->setCurrentWidget(error ? static_cast<QWidget *>(m_errorPage)
                                    : m_pages->widget(current()));
}

bool ViewStack::showsError() const
{
    return m_pages->currentWidget() == m_errorPage;
}

void ViewStack::setViewShown(int view, bool shown)
{
    m_sidebar->setRowHidden(view, !shown);
}

void ViewStack::fitSidebar()
{
    // As wide as the longest view name in the current font (presentation mode makes it 1.5x).
    int widest = 0;
    for (int i = 0; i < m_sidebar->count(); ++i)
        widest = std::max(widest,
                          m_sidebar->fontMetrics().horizontalAdvance(m_sidebar->item(i)->text()));
    m_sidebar->setFixedWidth(widest + 2 * m_sidebar->frameWidth()
                             + m_sidebar->fontMetrics().height() * 3 / 2);
}

} // namespace bplab
