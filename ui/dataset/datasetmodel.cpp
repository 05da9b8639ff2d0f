#include "datasetmodel.h"

#include <algorithm>

namespace bplab {

DatasetModel::Counts countClasses(const Dataset &set)
{
    DatasetModel::Counts counts{};
    for (std::uint8_t l : set.labels)
        if (l < kOutputs)
            ++counts[l];
    return counts;
}

DatasetModel::DatasetModel(QObject *parent) : QAbstractListModel(parent)
{
    for (int k = 0; k < kOutputs; ++k)
        m_names << QString::number(k);
}

void DatasetModel::setDataSplit(std::shared_ptr<const DataSplit> data)
{
    m_data = std::move(data);
    m_trainCounts = m_data ? countClasses(m_data->train) : Counts{};
    m_testCounts = m_data ? countClasses(m_data->test) : Counts{};
    m_names.clear();
    for (int k = 0; k < kOutputs; ++k) {
        const QString name = m_data ? QString::fromStdString(m_data->classNames[std::size_t(k)]) : QString();
        m_names << (name.isEmpty() ? QString::number(k) : name);
    }
    rebuild();
}

void DatasetModel::setTestSet(bool test)
{
    if (test == m_test)
        return;
    m_test = test;
    rebuild();
}

void DatasetModel::setClassFilter(int cls)
{
    if (cls < -1 || cls >= kOutputs || cls == m_filter)
        return;
    m_filter = cls;
    rebuild();
}

bool DatasetModel::hasNamedClasses() const
{
    for (int k = 0; k < kOutputs; ++k)
        if (m_names[k] != QString::number(k))
            return true;
    return false;
}

const Dataset *DatasetModel::set() const
{
    if (!m_data)
        return nullptr;
    return m_test ? &m_data->test : &m_data->train;
}

void DatasetModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    if (const Dataset *s = set(); s && m_filter >= 0) {
        m_rows.reserve(std::size_t(classCounts()[std::size_t(m_filter)]));
        for (std::size_t i = 0; i < s->size(); ++i)
            if (s->labels[i] == m_filter)
                m_rows.push_back(int(i));
    }
    endResetModel();
    emit contentChanged();
}

int DatasetModel::setSize() const
{
    const Dataset *s = set();
    return s ? int(s->size()) : 0;
}

int DatasetModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return m_filter >= 0 ? int(m_rows.size()) : setSize();
}

int DatasetModel::imageIndex(int row) const
{
    if (row < 0 || row >= rowCount())
        return -1;
    return m_filter >= 0 ? m_rows[std::size_t(row)] : row;
}

int DatasetModel::rowOf(int index) const
{
    if (index < 0 || index >= setSize())
        return -1;
    if (m_filter < 0)
        return index;
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), index);
    return it != m_rows.end() && *it == index ? int(it - m_rows.begin()) : -1;
}

const std::uint8_t *DatasetModel::pixels(int row) const
{
    const int i = imageIndex(row);
    return i < 0 ? nullptr : set()->image(std::size_t(i));
}

int DatasetModel::label(int row) const
{
    const int i = imageIndex(row);
    return i < 0 ? -1 : set()->label(std::size_t(i));
}

QVariant DatasetModel::data(const QModelIndex &index, int role) const
{
    const int row = index.row();
    const int i = imageIndex(row);
    if (!index.isValid() || i < 0)
        return {};
    const Dataset *s = set();
    const int l = s->label(std::size_t(i));
    switch (role) {
    case Qt::DisplayRole:
    case ClassNameRole:
        return l >= 0 && l < kOutputs ? m_names[l] : QString::number(l);
    case Qt::ToolTipRole:
        return tr("%1 image %2: label %3")
            .arg(m_test ? tr("Test") : tr("Training"))
            .arg(i)
            .arg(l >= 0 && l < kOutputs ? m_names[l] : QString::number(l));
    case LabelRole:
        return l;
    case IndexRole:
        return i;
    case ImageRole:
        // Shares the split's bytes: valid while the model holds the split.
        return QImage(s->image(std::size_t(i)), s->cols, s->rows, s->cols, QImage::Format_Grayscale8);
    default:
        return {};
    }
}

} // namespace bplab
