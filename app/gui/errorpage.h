#pragma once
// Shown instead of the views when there is no data to train on: the message from the core (which
// names the file and the numbers) and what to do about it, with the buttons to do it.

#include <QWidget>

class QLabel;

namespace bplab {

class ErrorPage : public QWidget
{
    Q_OBJECT
public:
    explicit ErrorPage(QWidget *parent = nullptr);

    /** title: one line; message: the core's message; advice: what the user can do. */
    void setError(const QString &title, const QString &message, const QString &advice);
    QString title() const;
    QString message() const;

signals:
    void openFolderRequested();
    void retryRequested();

private:
    QLabel *m_title = nullptr;
    QLabel *m_message = nullptr;
    QLabel *m_advice = nullptr;
};

} // namespace bplab
