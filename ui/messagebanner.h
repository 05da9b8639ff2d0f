#pragma once
// A dismissable banner above the views for problems that do not stop the app (a diverged
// training run, a failed export, a damaged snapshot): the message, buttons that offer a way out
// (e.g. "Use lr 0.05") and a close button. At most kMaxLines lines: a longer message ends in "…"
// and is whole in the tooltip, so a banner never pushes the window past a projector's 800 px.

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

    static constexpr int kMaxLines = 3;

    /** Shows text and removes the buttons and details of the previous message. */
    void showMessage(const QString &text);
    /** The whole story behind a shortened message (the text's tooltip). */
    void setDetails(const QString &details);
    QString details() const;
    /** Adds a button to the message shown: clicking it hides the banner, then runs onClick. */
    QPushButton *addButton(const QString &label, const QString &objectName, std::function<void()> onClick);
    /** The whole message (the label may show it shortened). */
    QString text() const;
    /** What the label shows. */
    QString shownText() const;
    /** The message's label (tests measure its lines). */
    QLabel *textLabel() const { return m_text; }
    /** The current message's buttons (tests). */
    QList<QPushButton *> buttons() const { return m_buttons; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyPalette();
    void fitText();

    QLabel *m_text = nullptr;
    QString m_message;
    QString m_details;
    QHBoxLayout *m_buttonRow = nullptr;
    QList<QPushButton *> m_buttons;
};

} // namespace bplab
