#include "spotlight.h"

#include <QApplication>
#include <QCursor>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>
#include <QMouseEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace bplab {

namespace {
/** The spotlight's font: twice the window's, so that text is at least 1/40 of an 800-pixel
 *  projector's height. */
constexpr double kFontScale = 2.0;
} // namespace

Spotlight::Spotlight(QMainWindow *window, QStackedWidget *pages)
    : QObject(window), m_window(window), m_pages(pages), m_page(new QWidget)
{
    m_page->setObjectName(QStringLiteral("spotlightPage"));
    auto *layout = new QVBoxLayout(m_page);
    layout->setContentsMargins(12, 12, 12, 12);
    m_pages->addWidget(m_page);
}

void Spotlight::addPanel(QWidget *panel, bool doubleClick)
{
    m_panels << panel;
    // A click gives a panel the focus, so that F then means this one.
    if (panel->focusPolicy() == Qt::NoFocus)
        panel->setFocusPolicy(Qt::ClickFocus);
    if (!doubleClick)
        m_noDoubleClick << panel;
    // The double click reaches the innermost widget (a plot inside a panel): watch them all.
    panel->installEventFilter(this);
    for (QWidget *child : panel->findChildren<QWidget *>())
        child->installEventFilter(this);
}

QWidget *Spotlight::panelOf(QObject *object) const
{
    for (auto *w = qobject_cast<QWidget *>(object); w; w = w->parentWidget())
        if (m_panels.contains(w))
            return w;
    return nullptr;
}

bool Spotlight::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonDblClick && !isActive()) {
        auto *mouse = static_cast<QMouseEvent *>(event);
        QWidget *panel = panelOf(watched);
        if (panel && mouse->button() == Qt::LeftButton && !m_noDoubleClick.contains(panel)) {
            show(panel);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

QWidget *Spotlight::panelAtFocusOrMouse() const
{
    QWidget *current = m_pages->currentWidget();
    const auto onPage = [current](QWidget *w) { return w && current && current->isAncestorOf(w) && w->isVisible(); };
    if (QWidget *p = panelOf(QApplication::focusWidget()); onPage(p))
        return p;
    if (QWidget *p = panelOf(QApplication::widgetAt(QCursor::pos())); onPage(p))
        return p;
    return nullptr;
}

void Spotlight::show(QWidget *panel)
{
    if (isActive() || !panel || !m_panels.contains(panel))
        return;
    m_panel = panel;
    m_previousPage = m_pages->currentWidget();
    // Take the panel out of its place, leaving a stand-in of its size so that nothing reflows.
    m_standIn = new QWidget;
    m_standIn->setMinimumSize(panel->size());
    QWidget *parent = panel->parentWidget();
    m_splitter = qobject_cast<QSplitter *>(parent);
    auto *area = parent ? qobject_cast<QScrollArea *>(parent->parentWidget()) : nullptr;
    if (m_splitter) {
        m_splitterIndex = m_splitter->indexOf(panel);
        m_splitterSizes = m_splitter->sizes();
        m_splitter->replaceWidget(m_splitterIndex, m_standIn);
    } else if (area && area->widget() == panel) {
        area->takeWidget();
        area->setWidget(m_standIn);
    } else if (parent && parent->layout()) {
        delete parent->layout()->replaceWidget(panel, m_standIn, Qt::FindChildrenRecursively);
    }
    m_page->layout()->addWidget(panel);
    panel->show();
    QFont big = QApplication::font();
    if (big.pointSizeF() > 0)
        big.setPointSizeF(big.pointSizeF() * kFontScale);
    else
        big.setPixelSize(int(big.pixelSize() * kFontScale));
    panel->setFont(big);
    m_chromeVisible.clear();
    for (QWidget *w : std::as_const(m_chrome)) {
        m_chromeVisible << w->isVisible();
        w->hide();
    }
    m_pages->setCurrentWidget(m_page);
    emit changed(true);
}

void Spotlight::leave()
{
    if (!isActive())
        return;
    QWidget *panel = m_panel;
    m_panel = nullptr;
    panel->setFont(QFont()); // the window's font again
    m_page->layout()->removeWidget(panel);
    QWidget *standIn = m_standIn;
    QWidget *parent = standIn ? standIn->parentWidget() : nullptr;
    auto *area = parent ? qobject_cast<QScrollArea *>(parent->parentWidget()) : nullptr;
    if (m_splitter) {
        m_splitter->replaceWidget(m_splitterIndex, panel);
        m_splitter->setSizes(m_splitterSizes);
    } else if (area && area->widget() == standIn) {
        area->takeWidget();
        area->setWidget(panel);
    } else if (parent && parent->layout()) {
        delete parent->layout()->replaceWidget(standIn, panel, Qt::FindChildrenRecursively);
    }
    panel->show();
    delete standIn;
    m_splitter = nullptr;
    for (int i = 0; i < m_chrome.size() && i < m_chromeVisible.size(); ++i)
        m_chrome[i]->setVisible(m_chromeVisible[i]);
    m_pages->setCurrentWidget(m_previousPage);
    emit changed(false);
}

} // namespace bplab
