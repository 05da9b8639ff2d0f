#pragma once
// A dismissable banner above the views for problems that do not stop the app (a diverged
// training run, a failed export): the message and a close button.

#include <QFrame>

class QLabel;

namespace bplab {

class MessageBanner : public QFrame
{
    Q_OBJECT
public:
    explicit MessageBanner(QWidget *parent = nullptr);

    void showMessage(const QString &text);
    QString text() const;

private:
    void applyPalette();

    QLabel *m_text = nullptr;
};

} // namespace bplab
