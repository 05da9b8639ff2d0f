#pragma once
// A list model over the images of one set (training or test) of a DataSplit: one row per image,
// optionally only the images of one class. The rows point into the split's bytes (no copy); the
// class filter is a sorted index map built in one pass, so 60,000 rows filter in a millisecond.

#include <dataset.h>

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
    };
    using Counts = std::array<int, kOutputs>;

    explicit DatasetModel(QObject *parent = nullptr);

    /** The data (null: no rows). Keeps the set and the class filter. */
    void setDataSplit(std::shared_ptr<const DataSplit> data);
    const std::shared_ptr<const DataSplit> &dataSplit() const { return m_data; }
    /** The test set (true) or the training set. */
    void setTestSet(bool test);
    bool isTestSet() const { return m_test; }
    /** Only the images labelled cls (0-9); -1 shows all. Other values are ignored. */
    void setClassFilter(int cls);
    int classFilter() const { return m_filter; }

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

    std::shared_ptr<const DataSplit> m_data;
    bool m_test = false;
    int m_filter = -1;
    std::vector<int> m_rows; // image indices of the filtered class, ascending (unused without filter)
    Counts m_trainCounts{};
    Counts m_testCounts{};
    QStringList m_names;
};

/** Images per class of a set (labels outside 0-9 are not counted). */
DatasetModel::Counts countClasses(const Dataset &set);

} // namespace bplab
