#pragma once
// A list model over the images of one set (training or test) of a DataSplit: one row per image,
// optionally only the images of one class. The rows point into the split's bytes (no copy); the
// class filter is a sorted index map built in one pass, so 60,000 rows filter in a millisecond.
// Given the network's answers for the set (confusion.h), each row also says the predicted class,
// its probability and the loss, and the rows can be limited to the mistakes or one predicted
// class and sorted by loss or by confidence.

#include <train/confusion.h>
#include <data/dataset.h>

#include <QAbstractListModel>
#include <QImage>
#include <QStringList>

#include <array>
#include <memory>
#include <vector>

namespace bplab {

class DatasetModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        LabelRole = Qt::UserRole + 1, ///< int 0-9
        IndexRole,                    ///< int: the image's index in its set
        ImageRole,                    ///< QImage 28x28 Format_Grayscale8 (shares the split's bytes)
        ClassNameRole,                ///< QString: "7" or "Ankle boot"
        PredictedRole,                ///< int 0-9: the network's answer (-1: no answers)
        ConfidenceRole,               ///< float: p of the predicted class
        LossRole,                     ///< float: -ln p of the true class
        FileRole,                     ///< QString: the picture it was imported from ("": not known)
    };
    /** The order of the rows: by index, or the worst first (highest loss), or the surest first
     *  (highest probability of the predicted class). */
    enum class SortOrder { Index, LossHighFirst, ConfidenceHighFirst };
    using Counts = std::array<int, kOutputs>;

    explicit DatasetModel(QObject *parent = nullptr);

    /** The data (null: no rows). Keeps the set and the class filter. */
    void setDataSplit(std::shared_ptr<const DataSplit> data);
    const std::shared_ptr<const DataSplit> &dataSplit() const { return m_data; }
    /** The picture image `index` of the current set was imported from, as import-images or the
     *  app's import kept it beside the set (pictureimport.h); "" when the set has no such list. */
    QString fileOf(int index) const;
    /** True when the current set's images have their pictures' names. */
    bool hasFiles() const;

    /** The test set (true) or the training set. */
    void setTestSet(bool test);
    bool isTestSet() const { return m_test; }
    /** Only the images labelled cls (0-9); -1 shows all. Other values are ignored. */
    void setClassFilter(int cls);
    int classFilter() const { return m_filter; }

    /** The network's answers for the test and the training set (null: none); each must hold one
     *  answer per image of its set, else it is ignored. */
    void setAnswers(std::shared_ptr<const SetAnswers> test, std::shared_ptr<const SetAnswers> train);
    /** Answers for the current set (null: none). */
    const SetAnswers *answers() const;
    /** Only the images the network gets wrong (needs answers). */
    void setMisclassifiedOnly(bool on);
    bool misclassifiedOnly() const { return m_wrongOnly; }
    /** Only the images predicted as cls (0-9; needs answers); -1 shows all. */
    void setPredictedFilter(int cls);
    int predictedFilter() const { return m_predicted; }
    void setSortOrder(SortOrder order);
    SortOrder sortOrder() const { return m_sort; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    /** The image index (in its set) shown at row; -1 when row is out of range. */
    int imageIndex(int row) const;
    /** The row showing image `index` of the current set; -1 when filtered out or out of range. */
    int rowOf(int index) const;
    /** 784 bytes of the image at row (null when out of range). */
    const std::uint8_t *pixels(int row) const;
    int label(int row) const;
    /** The number of images in the current set (not only the filtered rows). */
    int setSize() const;
    /** Images per class in the current set. */
    const Counts &classCounts() const { return m_test ? m_testCounts : m_trainCounts; }
    /** The ten class names ("0".."9" for the digits, the names for Fashion-MNIST). */
    QStringList classNames() const { return m_names; }
    /** True when the names are words (Fashion-MNIST), not the digits themselves. */
    bool hasNamedClasses() const;

signals:
    /** The set, the data or the filter changed (after the model reset). */
    void contentChanged();

private:
    const Dataset *set() const;
    void rebuild();

    /** True when m_rows lists the rows (a filter or an order is set); else row = image index. */
    bool mapped() const;

    std::shared_ptr<const DataSplit> m_data;
    std::shared_ptr<const SetAnswers> m_testAnswers, m_trainAnswers;
    bool m_test = false;
    int m_filter = -1;
    bool m_wrongOnly = false;
    int m_predicted = -1;
    SortOrder m_sort = SortOrder::Index;
    std::vector<int> m_rows;  // image index per row when mapped()
    std::vector<int> m_rowOf; // row per image index when sorted (-1: filtered out)
    Counts m_trainCounts{};
    Counts m_testCounts{};
    QStringList m_names;
    QStringList m_trainFiles, m_testFiles; // one per image, or empty
};

/** Images per class of a set (labels outside 0-9 are not counted). */
DatasetModel::Counts countClasses(const Dataset &set);

} // namespace bplab
