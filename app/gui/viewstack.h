#pragma once
// The views' side bar and the stack of their pages, with the error page that replaces them all:
// which view is chosen, which one is on screen, which ones a lesson leaves, and the window's
// minimum size taken from the page on screen only.

#include "viewlist.h"

#include <QObject>

#include <functional>

class QListWidget;
class QStackedWidget;
class QWidget;

namespace bplab {

class ErrorPage;

class ViewStack : public QObject
{
    Q_OBJECT
public:
    /** `makePage(i)` makes view i's page (viewlist.h's order), once each, in that order. */
    ViewStack(const std::function<QWidget *(int)> &makePage, QObject *parent = nullptr);

    /** The side bar (a list of the views' names) and the stack; the caller lays them out. */
    QListWidget *sidebar() const { return m_sidebar; }
    QStackedWidget *pages() const { return m_pages; }
    ErrorPage *errorPage() const { return m_errorPage; }
    /** View i's page. */
    QWidget *page(int view) const;

    /** The view chosen in the side bar. */
    int current() const;
    /** Chooses `view`: by the user, or for this session only (a lesson's, a flag's). */
    void choose(int view, bool forSession);
    /** Puts the error page on screen (true) or the chosen view's page. */
    void showError(bool error);
    bool showsError() const;
    /** The view in the side bar or not (a lesson's restrictions). */
    void setViewShown(int view, bool shown);
    /** The side bar as wide as the longest view name in the current font. */
    void fitSidebar();

signals:
    /** Another view was chosen; `forSession` when not by the user (choose()). */
    void viewChosen(int view, bool forSession);

private:
    QListWidget *m_sidebar = nullptr;
    QStackedWidget *m_pages = nullptr; // the views, then the error page
    ErrorPage *m_errorPage = nullptr;
    bool m_forSession = false; // choose() for the session in progress
};

} // namespace bplab
