#pragma once
// The preprocessing's stages side by side: as drawn, the ink cropped, fitted into 20x20, and
// centred in 28x28 (with the field's centre marked).

#include <QImage>
#include <QStringList>
#include <QWidget>

#include <array>

namespace bplab {

class StageStrip : public QWidget
{
    Q_OBJECT
public:
    explicit StageStrip(QWidget *parent = nullptr);

    /** Grey images of the four stages (null ones show as empty frames). */
    void setStages(const QImage &raw, const QImage &cropped, const QImage &fitted, const QImage &centred);
    void clear();
    QImage stage(int i) const { return m_images[std::size_t(i)]; }
    static QStringList captions();

    QSize sizeHint() const override { return {520, 170}; }
    QSize minimumSizeHint() const override { return {300, 120}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::array<QImage, 4> m_images;
};

} // namespace bplab
