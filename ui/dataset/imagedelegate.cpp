#include "imagedelegate.h"

#include "datasetmodel.h"
#include "uiformat.h"

#include <QApplication>
#include <QFileInfo>
#include <QLocale>
#include <QPainter>

#include <algorithm>

namespace bplab {

namespace {
constexpr int kMargin = 6;  // around the cell's content
constexpr int kGap = 3;     // between the image and the text lines

QFont labelFont(const QFont &base)
{
    QFont f = readableFont(base, 1.15);
    f.setBold(true);
    return f;
}
} // namespace

ImageDelegate::ImageDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

void ImageDelegate::setScale(int scale)
{
    m_scale = std::clamp(scale, 1, 16);
}

QSize ImageDelegate::cellSize(const QFont &font) const
{
    const int side = kImageSide * m_scale;
    const QFontMetrics label(labelFont(font));
    const QFontMetrics small(readableFont(font));
    // Wide enough for the largest index of MNIST's training set.
    const int textW = small.horizontalAdvance(QStringLiteral("#00000"));
    const int w = std::max(side, textW) + 2 * kMargin;
    const int h = side + kGap + label.height() + small.height() * (m_answerLine ? 2 : 1) + 2 * kMargin;
    return {w, h};
}

QRect ImageDelegate::imageRect(const QRect &cell) const
{
    const int side = kImageSide * m_scale;
    return {cell.left() + (cell.width() - side) / 2, cell.top() + kMargin, side, side};
}

QSize ImageDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const
{
    return cellSize(option.font);
}

void ImageDelegate::paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    p->save();
    const QPalette &pal = option.palette;
    const bool selected = option.state & QStyle::State_Selected;
    const QRect cell = option.rect.adjusted(1, 1, -1, -1);
    if (selected) {
        p->setRenderHint(QPainter::Antialiasing, true);
        p->setPen(Qt::NoPen);
        p->setBrush(pal.color(QPalette::Highlight));
        p->drawRoundedRect(cell, 4, 4);
        p->setRenderHint(QPainter::Antialiasing, false);
    }
    // Crisp pixels: every image pixel is an m_scale x m_scale square.
    p->setRenderHint(QPainter::SmoothPixmapTransform, false);
    const QRect target = imageRect(option.rect);
    const QImage image = index.data(DatasetModel::ImageRole).value<QImage>();
    if (!image.isNull())
        p->drawImage(target, image);
    else
        p->fillRect(target, Qt::black);

    const QColor back = pal.color(selected ? QPalette::Highlight : QPalette::Base);
    const QColor text = selected ? colors::selectedText(pal) : pal.color(QPalette::Text);
    QColor muted = text;
    muted.setAlphaF(0.65f);
    muted = withContrast(muted, back, kTextContrast);
    const QFont lf = labelFont(option.font);
    const QFont sf = readableFont(option.font);
    const QFontMetrics lfm(lf), sfm(sf);
    const int textW = option.rect.width() - 2 * kMargin;
    QRect line(option.rect.left() + kMargin, target.bottom() + 1 + kGap, textW, lfm.height());
    p->setFont(lf);
    p->setPen(text);
    p->drawText(line, Qt::AlignHCenter | Qt::AlignVCenter,
                lfm.elidedText(index.data(DatasetModel::ClassNameRole).toString(), Qt::ElideRight, textW));
    line = QRect(line.left(), line.bottom() + 1, textW, sfm.height());
    p->setFont(sf);
    p->setPen(muted);
    // An imported picture by its file's name (the whole path in the tooltip), else by its index.
    const QString file = index.data(DatasetModel::FileRole).toString();
    p->drawText(line, Qt::AlignHCenter | Qt::AlignVCenter,
                file.isEmpty() ? QStringLiteral("#%1").arg(index.data(DatasetModel::IndexRole).toInt())
                               : sfm.elidedText(QFileInfo(file).fileName(), Qt::ElideMiddle, textW));
    if (m_answerLine) {
        const int predicted = index.data(DatasetModel::PredictedRole).toInt();
        if (predicted >= 0) {
            const bool right = predicted == index.data(DatasetModel::LabelRole).toInt();
            const QString prob = QLocale().toString(index.data(DatasetModel::ConfidenceRole).toDouble(), 'f', 2);
            // A mark besides the colour: the wrong ones stay visible in grey and to the colour-blind.
            const QString text = (right ? QStringLiteral("\u2713 ") : QStringLiteral("\u2717 ")) +
                                 QStringLiteral("%1  %2").arg(predicted).arg(prob);
            line = QRect(line.left(), line.bottom() + 1, textW, sfm.height());
            QFont answerFont = sf;
            answerFont.setBold(!right);
            p->setFont(answerFont);
            p->setPen(right || selected ? muted : colors::vermillion(pal));
            p->drawText(line, Qt::AlignHCenter | Qt::AlignVCenter, sfm.elidedText(text, Qt::ElideRight, textW));
        }
    }
    if (option.state & QStyle::State_HasFocus && selected) {
        p->setPen(QPen(pal.color(QPalette::HighlightedText), 1, Qt::DotLine));
        p->setBrush(Qt::NoBrush);
        p->drawRect(target.adjusted(-2, -2, 1, 1));
    }
    p->restore();
}

} // namespace bplab
