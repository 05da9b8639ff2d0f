#include "mistakesview.h"

#include "confusionmatrixpanel.h"
#include "gallerypanel.h"

#include <QHBoxLayout>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace bplab {

MistakesView::MistakesView(QWidget *parent)
    : QWidget(parent)
    , m_matrix(new ConfusionMatrixPanel)
    , m_gallery(new GalleryPanel)
    , m_scroll(new QScrollArea)
    , m_mistakes(new QPushButton(tr("&Most confident mistakes")))
{
    m_mistakes->setToolTip(tr("The test images the network gets wrong while being most sure of its answer"));
    m_mistakes->setEnabled(false);
    m_scroll->setWidget(m_gallery);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);

    auto *right = new QWidget;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_mistakes);
    buttons->addStretch(1);
    rightLayout->addLayout(buttons);
    rightLayout->addWidget(m_scroll, 1);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_matrix);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(m_matrix, &ConfusionMatrixPanel::cellActivated, this, &MistakesView::showCell);
    connect(m_mistakes, &QPushButton::clicked, this, &MistakesView::showMistakes);
    connect(m_gallery, &GalleryPanel::imageActivated, this, &MistakesView::imageActivated);

    // Tab in reading order: the matrix, then the button above the gallery, then the gallery (its
    // scroll area follows the gallery's own keys and takes no focus of its own).
    m_scroll->setFocusPolicy(Qt::NoFocus);
    m_mistakes->setFocusPolicy(Qt::StrongFocus);
    setTabOrder(m_matrix, m_mistakes);
    setTabOrder(m_mistakes, m_gallery);
}

void MistakesView::setAnswers(std::shared_ptr<const SetAnswers> answers, std::shared_ptr<const DataSplit> data,
                               const QString &caption)
{
    m_answers = std::move(answers);
    m_data = std::move(data);
    QStringList names;
    if (m_data)
        for (const std::string &n : m_data->classNames)
            names << QString::fromStdString(n);
    m_matrix->setClassNames(names);
    m_gallery->setClassNames(names);
    const bool ready = m_answers && m_data && m_answers->size() == m_data->test.size() && m_answers->size() > 0;
    m_mistakes->setEnabled(ready);
    if (!ready) {
        m_answers.reset();
        m_matrix->clear();
        m_matrix->setCounts({}, caption);
        m_gallery->clear();
        m_gallery->setPlaceholder(caption);
        return;
    }
    m_matrix->setCounts(m_answers->summary.confusion, caption);
    m_gallery->setPlaceholder(tr("Click a cell of the confusion matrix to see its images."));
    refreshGallery();
}

void MistakesView::showCell(int trueClass, int predicted)
{
    m_showing = Showing::Cell;
    m_true = trueClass;
    m_predicted = predicted;
    m_matrix->selectCell(trueClass, predicted);
    refreshGallery();
}

void MistakesView::showMistakes()
{
    m_showing = Showing::Mistakes;
    m_matrix->selectCell(-1, -1);
    refreshGallery();
}

void MistakesView::refreshGallery()
{
    if (!m_answers || m_showing == Showing::Nothing) {
        m_gallery->clear();
        return;
    }
    if (m_showing == Showing::Mistakes) {
        const auto items = confidentMistakes(*m_answers, kMistakes);
        m_gallery->setEntries(tr("Most confident mistakes"),
                              tr("the %1 wrong answers the network is surest of").arg(QLocale().toString(qlonglong(items.size()))),
                              galleryEntries(items, m_data->test));
    } else {
        const auto items = galleryOf(*m_answers, m_true, m_predicted);
        const QString name = QString::fromStdString(m_data->classNames[std::size_t(m_true)]);
        const QString predicted = QString::fromStdString(m_data->classNames[std::size_t(m_predicted)]);
        const QString title = items.size() == 1 ? tr("True %1, predicted %2: 1 image").arg(name, predicted)
                                                : tr("True %1, predicted %2: %3 images")
                                                          .arg(name, predicted, QLocale().toString(qlonglong(items.size())));
        m_gallery->setEntries(title, items.size() > 1 ? tr("most confident first") : QString(),
                              galleryEntries(items, m_data->test));
    }
    m_scroll->ensureVisible(0, 0);
}

} // namespace bplab
