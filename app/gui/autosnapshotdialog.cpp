#include "autosnapshotdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace bplab {

AutoSnapshotDialog::AutoSnapshotDialog(const AutoSnapshotSettings &current,
                                       const QString &defaultFolder, QWidget *parent)
    : QDialog(parent), m_defaultFolder(defaultFolder)
{
    setWindowTitle(tr("Automatic snapshots"));
    m_enabled = new QCheckBox(tr("&Save the training state by itself"));
    m_enabled->setChecked(current.enabled);
    m_enabled->setToolTip(tr("While training, on every pause and when the window closes; "
                             "File > Resume last run continues from the newest one"));
    m_folder = new QLineEdit(current.folder.isEmpty() ? defaultFolder : current.folder);
    m_folder->setToolTip(tr("Where the snapshots are written (created when needed)"));
    // Wide enough for a usual path (~/.local/share/backprop-lab/snapshots) in any font.
    m_folder->setMinimumWidth(m_folder->fontMetrics().averageCharWidth() * 44);
    auto *browse = new QPushButton(tr("&Browse..."));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Snapshot folder"), m_folder->text());
        if (!dir.isEmpty())
            m_folder->setText(dir);
    });
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);

    m_batches = new QSpinBox;
    m_batches->setRange(0, 1000000);
    m_batches->setSingleStep(100);
    m_batches->setSpecialValueText(tr("never"));
    m_batches->setSuffix(tr(" batches"));
    m_batches->setValue(current.everyBatches);
    m_batches->setToolTip(tr("A snapshot after this many trained batches (never: only by time)"));
    m_minutes = new QSpinBox;
    m_minutes->setRange(0, 24 * 60);
    m_minutes->setSpecialValueText(tr("never"));
    m_minutes->setSuffix(tr(" min"));
    m_minutes->setValue(current.everyMinutes);
    m_minutes->setToolTip(tr("A snapshot after this many minutes (never: only by batches)"));
    m_keep = new QSpinBox;
    m_keep->setRange(1, 100);
    m_keep->setValue(std::max(1, current.keep));
    m_keep->setToolTip(tr("Older snapshots beyond this many are deleted"));

    auto *form = new QFormLayout;
    form->addRow(m_enabled);
    // A row that is a layout gets no buddy from the form: the label names its field itself (else
    // "&Folder:" shows its ampersand).
    auto *folderLabel = new QLabel(tr("&Folder:"));
    folderLabel->setBuddy(m_folder);
    form->addRow(folderLabel, folderRow);
    form->addRow(tr("Every:"), m_batches);
    form->addRow(tr("or every:"), m_minutes);
    form->addRow(tr("&Keep the newest:"), m_keep);
    for (QWidget *w : {static_cast<QWidget *>(m_folder), static_cast<QWidget *>(browse),
                       static_cast<QWidget *>(m_batches), static_cast<QWidget *>(m_minutes),
                       static_cast<QWidget *>(m_keep)}) {
        w->setEnabled(current.enabled);
        connect(m_enabled, &QCheckBox::toggled, w, &QWidget::setEnabled);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

AutoSnapshotSettings AutoSnapshotDialog::settings() const
{
    AutoSnapshotSettings s;
    s.enabled = m_enabled->isChecked();
    s.folder = m_folder->text().trimmed().isEmpty() ? m_defaultFolder : m_folder->text().trimmed();
    s.everyBatches = m_batches->value();
    s.everyMinutes = m_minutes->value();
    s.keep = m_keep->value();
    return s;
}

} // namespace bplab
