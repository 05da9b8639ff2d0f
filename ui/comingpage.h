#pragma once
// A calm placeholder for a view that is not built yet: a title and a short text, centred.

#include <QWidget>

class QLabel;

namespace bplab {

class ComingPage : public QWidget
{
    Q_OBJECT
public:
    ComingPage(const QString &title, const QString &text, QWidget *parent = nullptr);

    QString title() const;
    QString text() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyStyle();

    QLabel *m_title = nullptr;
    QLabel *m_text = nullptr;
    QWidget *m_column = nullptr;
};

} // namespace bplab
