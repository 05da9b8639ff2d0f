#include "datasetmodel.h"

#include <pictureimport.h>

#include <QFileInfo>
#include <QLocale>

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
    m_testAnswers.reset(); // answers belong to the images they were computed on
    m_trainAnswers.reset();
    m_trainCounts = m_data ? countClasses(m_data->train) : Counts{};
    m_testCounts = m_data ? countClasses(m_data->test) : Counts{};
    // The pictures the sets were imported from, when the folder keeps their list (a small text
    // file: read here, as the split is handed over).
    const auto files = [this](ImportTarget which, std::size_t count) {
        QStringList out;
        if (m_data && !m_data->folder.empty())
            for (const std::string &f : readImportedFiles(m_data->folder, which, count))
                out << QString::fromStdString(f);
        return out;
    };
    m_trainFiles = files(ImportTarget::Train, m_data ? m_data->train.size() : 0);
    m_testFiles = files(ImportTarget::Test, m_data ? m_data->test.size() : 0);
    m_names.clear();
    for (int k = 0; k < kOutputs; ++k) {
        const QString name = m_data ? QString::fromStdString(m_data->classNames[std::size_t(k)]) : QString();
        m_names << (name.isEmpty() ? QString::number(k) : name);
    }
    rebuild();
}

QString DatasetModel::fileOf(int index) const
{
    const QStringList &files = m_test ? m_testFiles : m_trainFiles;
    return index >= 0 && index < files.size() ? files[index] : QString();
}

bool DatasetModel::hasFiles() const
{
    return !(m_test ? m_testFiles : m_trainFiles).isEmpty();
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

void DatasetModel::setAnswers(std::shared_ptr<const SetAnswers> test, std::shared_ptr<const SetAnswers> train)
{
    const auto fits = [](const std::shared_ptr<const SetAnswers> &a, const Dataset *set) {
        return a && set && a->size() == set->size() && a->samples.predicted.size() == set->size();
    };
    m_testAnswers = fits(test, m_data ? &m_data->test : nullptr) ? std::move(test) : nullptr;
    m_trainAnswers = fits(train, m_data ? &m_data->train : nullptr) ? std::move(train) : nullptr;
    rebuild();
}

const SetAnswers *DatasetModel::answers() const
{
    return (m_test ? m_testAnswers : m_trainAnswers).get();
}

void DatasetModel::setMisclassifiedOnly(bool on)
{
    if (on == m_wrongOnly)
        return;
    m_wrongOnly = on;
    rebuild();
}

void DatasetModel::setPredictedFilter(int cls)
{
    if (cls < -1 || cls >= kOutputs || cls == m_predicted)
        return;
    m_predicted = cls;
    rebuild();
}

void DatasetModel::setSortOrder(SortOrder order)
{
    if (order == m_sort)
        return;
    m_sort = order;
    rebuild();
}

bool DatasetModel::mapped() const
{
    const bool byAnswers = answers() && (m_wrongOnly || m_predicted >= 0 || m_sort != SortOrder::Index);
    return m_filter >= 0 || byAnswers;
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
    m_rowOf.clear();
    const Dataset *s = set();
    const SetAnswers *a = answers();
    if (s && mapped()) {
        for (std::size_t i = 0; i < s->size(); ++i) {
            if (m_filter >= 0 && s->labels[i] != m_filter)
                continue;
            if (a && m_wrongOnly && a->predicted(i) == a->label(i))
                continue;
            if (a && m_predicted >= 0 && a->predicted(i) != m_predicted)
                continue;
            m_rows.push_back(int(i));
        }
        if (a && m_sort != SortOrder::Index) {
            // Equal keys keep the index order (stable), so the order is the same every time.
            const bool byLoss = m_sort == SortOrder::LossHighFirst;
            std::stable_sort(m_rows.begin(), m_rows.end(), [a, byLoss](int x, int y) {
                const auto key = [a, byLoss](int i) {
                    return byLoss ? a->loss(std::size_t(i)) : a->p(std::size_t(i), a->predicted(std::size_t(i)));
                };
                return key(x) > key(y);
            });
            m_rowOf.assign(s->size(), -1);
            for (std::size_t r = 0; r < m_rows.size(); ++r)
                m_rowOf[std::size_t(m_rows[r])] = int(r);
        }
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
    return mapped() ? int(m_rows.size()) : setSize();
}

int DatasetModel::imageIndex(int row) const
{
    if (row < 0 || row >= rowCount())
        return -1;
    return mapped() ? m_rows[std::size_t(row)] : row;
}

int DatasetModel::rowOf(int index) const
{
    if (index < 0 || index >= setSize())
        return -1;
    if (!mapped())
        return index;
    if (!m_rowOf.empty())
        return m_rowOf[std::size_t(index)];
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
    case Qt::AccessibleTextRole: { // a screen reader hears the whole line, not the label alone
        const QString name = l >= 0 && l < kOutputs ? m_names[l] : QString::number(l);
        QString head = tr("%1 image %2: label %3").arg(m_test ? tr("Test") : tr("Training")).arg(i).arg(name);
        if (const QString file = fileOf(i); !file.isEmpty())
            head = tr("%1, from %2").arg(head, file);
        const SetAnswers *a = answers();
        if (!a)
            return head;
        const int k = a->predicted(std::size_t(i));
        return tr("%1; the network says %2 (p = %3), loss %4")
                .arg(head, m_names[k], QLocale().toString(double(a->p(std::size_t(i), k)), 'f', 3),
                     QLocale().toString(double(a->loss(std::size_t(i))), 'f', 3));
    }
    case PredictedRole:
        return answers() ? answers()->predicted(std::size_t(i)) : -1;
    case ConfidenceRole:
        return answers() ? QVariant(answers()->p(std::size_t(i), answers()->predicted(std::size_t(i)))) : QVariant();
    case LossRole:
        return answers() ? QVariant(answers()->loss(std::size_t(i))) : QVariant();
    case LabelRole:
        return l;
    case IndexRole:
        return i;
    case FileRole:
        return fileOf(i);
    case ImageRole:
        // Shares the split's bytes: valid while the model holds the split.
        return QImage(s->image(std::size_t(i)), s->cols, s->rows, s->cols, QImage::Format_Grayscale8);
    default:
        return {};
    }
}

} // namespace bplab
