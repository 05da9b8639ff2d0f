#pragma once
// A one-line label that ends in "…" when its text is wider than its room, instead of being cut
// mid-letter; the whole text stays its text (a screen reader reads it, a tooltip can show it).

#include <QLabel>

namespace bplab {

class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);
    /** The text as drawn at the current width. */
    QString shownText() const;
    /** The part that must always show (empty: the whole text); the rest gives way with "…". */
    void setMinimumText(const QString &text);
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_minimumText;
};

} // namespace bplab
