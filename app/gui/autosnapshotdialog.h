#pragma once
// Settings > Automatic snapshots: on or off, the folder, every N batches and/or M minutes, how
// many to keep. Snapshots are also taken on pause and on close while this is on.

#include "snapshots.h"

#include <QDialog>

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace bplab {

class AutoSnapshotDialog : public QDialog
{
    Q_OBJECT
public:
    AutoSnapshotDialog(const AutoSnapshotSettings &current, const QString &defaultFolder,
                       QWidget *parent = nullptr);

    /** What the controls say (an empty folder becomes the default one). */
    AutoSnapshotSettings settings() const;

private:
    QString m_defaultFolder;
    QCheckBox *m_enabled = nullptr;
    QLineEdit *m_folder = nullptr;
    QSpinBox *m_batches = nullptr;
    QSpinBox *m_minutes = nullptr;
    QSpinBox *m_keep = nullptr;
};

} // namespace bplab
