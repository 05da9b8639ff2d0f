#pragma once
// A dismissable banner above the views for problems that do not stop the app (a diverged
// training run, a failed export, a damaged snapshot): the message, buttons that offer a way out
// (e.g. "Use lr 0.05") and a close button.

#include <QFrame>
#include <QList>

#include <functional>

class QHBoxLayout;
class QLabel;
class QPushButton;

namespace bplab {

class MessageBanner : public QFrame
{
    Q_OBJECT
public:
    explicit MessageBanner(QWidget *parent = nullptr);

    /** Shows text and removes the buttons and details of the previous message. */
    void showMessage(const QString &text);
    /** The whole story behind a shortened message (the text's tooltip). */
    void setDetails(const QString &details);
    QString details() const;
    /** Adds a button to the message shown: clicking it hides the banner, then runs onClick. */
    QPushButton *addButton(const QString &label, const QString &objectName, std::function<void()> onClick);
    QString text() const;
    /** The message's label (tests measure its lines). */
    QLabel *textLabel() const { return m_text; }
    /** The current message's buttons (tests). */
    QList<QPushButton *> buttons() const { return m_buttons; }

private:
    void applyPalette();

    QLabel *m_text = nullptr;
    QHBoxLayout *m_buttonRow = nullptr;
    QList<QPushButton *> m_buttons;
};

} // namespace bplab
