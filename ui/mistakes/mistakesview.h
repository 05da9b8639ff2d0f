#pragma once
// What the network gets wrong, on one page: the confusion matrix of the test set on the left,
// and on the right the gallery of the chosen cell or the most confident mistakes. Takes the
// answers for every test image as a value; knows nothing of training.

#include "train/confusion.h"
#include "data/dataset.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QScrollArea;

namespace bplab {

class ConfusionMatrixPanel;
class GalleryPanel;

class MistakesView : public QWidget
{
    Q_OBJECT
public:
    explicit MistakesView(QWidget *parent = nullptr);

    /** The answers of every image of data->test at one set of weights; caption names them
     *  ("weights after batch 375"). Null answers clear the page and show `caption` as why. */
    void setAnswers(std::shared_ptr<const SetAnswers> answers, std::shared_ptr<const DataSplit> data,
                    const QString &caption);
    /** The gallery of true class i predicted as j (and that cell selected). */
    void showCell(int trueClass, int predicted);
    /** The gallery of the most confident mistakes (at most kMistakes). */
    void showMistakes();

    static constexpr std::size_t kMistakes = 60;

    ConfusionMatrixPanel *matrix() const { return m_matrix; }
    GalleryPanel *gallery() const { return m_gallery; }
    const SetAnswers *answers() const { return m_answers.get(); }

signals:
    /** An image of the gallery was double-clicked: its index in the test set. */
    void imageActivated(int testIndex);

private:
    enum class Showing { Nothing, Cell, Mistakes };
    void refreshGallery();

    ConfusionMatrixPanel *m_matrix = nullptr;
    GalleryPanel *m_gallery = nullptr;
    QScrollArea *m_scroll = nullptr;
    QPushButton *m_mistakes = nullptr;
    std::shared_ptr<const SetAnswers> m_answers;
    std::shared_ptr<const DataSplit> m_data;
    Showing m_showing = Showing::Nothing;
    int m_true = -1, m_predicted = -1;
};

} // namespace bplab
