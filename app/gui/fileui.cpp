#include "fileui.h"

#include "downloaddialog.h"
#include "errorpage.h"
#include "pictureimportdialog.h"
#include "trainingcontroller.h"
#include "windowaction.h"

#include <data/dataset.h>
#include <manifest.h>
#include <messagebanner.h>
#include <io/modelfile.h>
#include <pictureimport.h>

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>

namespace bplab {

FileUi::FileUi(QWidget *window, FileHost *host) : QObject(window), m_window(window), m_host(host)
{
    m_openFolder = addWindowAction(window, QStringLiteral("actionOpenFolder"), tr("&Open data folder..."),
                                   tr("Train on the MNIST-style IDX files of another folder"), {QKeySequence::Open});
    connect(m_openFolder, &QAction::triggered, this, &FileUi::chooseFolder);
    m_downloadMnist = new QAction(tr("&Download MNIST..."), window);
    m_downloadMnist->setObjectName(QStringLiteral("actionDownloadMnist"));
    m_downloadMnist->setStatusTip(tr("Fetch the four MNIST files (11 MB) from the public mirrors, "
                                     "checked against their MD5, and train on them"));
    connect(m_downloadMnist, &QAction::triggered, this, &FileUi::downloadMnist);
    m_saveModel = addWindowAction(window, QStringLiteral("actionSaveModel"), tr("Save &model..."),
                                  tr("Write the weights shown as a model file, as backprop-lab-cli train --save "
                                     "does (Ctrl+Shift+M)"),
                                  {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M)});
    connect(m_saveModel, &QAction::triggered, this, &FileUi::saveModelAs);
    m_openModel = addWindowAction(window, QStringLiteral("actionOpenModel"), tr("Open mod&el..."),
                                  tr("Show a model file's weights (.bplab or .npz) in every view until training "
                                     "goes on"));
    connect(m_openModel, &QAction::triggered, this, &FileUi::chooseModelFile);
    m_exportOnnx = addWindowAction(window, QStringLiteral("actionExportOnnx"), tr("Export ne&twork as ONNX..."),
                                   tr("Write the network shown as an ONNX model, which ONNX Runtime runs and Netron "
                                      "shows, as backprop-lab-cli export --onnx does"));
    connect(m_exportOnnx, &QAction::triggered, this, &FileUi::chooseOnnxFile);
}

void FileUi::addDataActions(QMenu *file)
{
    file->addAction(m_openFolder);
    file->addAction(m_downloadMnist);
}

void FileUi::addModelActions(QMenu *file)
{
    file->addAction(m_openModel);
    file->addAction(m_saveModel);
    file->addAction(m_exportOnnx);
}

void FileUi::downloadMnist()
{
    auto *dialog = new DownloadDialog(download::mnistManifest(), download::mnistMirrors(),
                                      download::defaultMnistFolder(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &DownloadDialog::downloaded, this, [this](const QString &folder) { m_host->openDataFolder(folder); });
    dialog->open();
    dialog->start();
}

void FileUi::serveErrorPage(ErrorPage *page)
{
    connect(page, &ErrorPage::openFolderRequested, this, &FileUi::chooseFolder);
    connect(page, &ErrorPage::folderChosen, this, [this](const QString &folder) { m_host->openDataFolder(folder); });
    connect(page, &ErrorPage::downloadRequested, this, &FileUi::downloadMnist);
    connect(page, &ErrorPage::retryRequested, this, [this] {
        const QString folder = m_host->controller()->dataFolder();
        if (!folder.isEmpty()) {
            m_host->openDataFolder(folder);
            return;
        }
        // Nothing was found at start-up: look again (scripts/setup may have run since).
        const auto found = findDataFolder({}, std::nullopt);
        if (found)
            m_host->openDataFolder(QString::fromStdString(*found));
        else
            m_host->showDataError(QString::fromStdString(found.error()));
    });
}

void FileUi::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(
        m_window, tr("Open a data folder (MNIST-style IDX files)"), m_host->selectedDataFolder());
    if (folder.isEmpty())
        return;
    if (PictureImportDialog::kindOf(folder) == PictureImportDialog::FolderKind::Data)
        m_host->openDataFolder(folder);
    else
        importPictures(folder);
}

void FileUi::importPictures(const QString &folder)
{
    MessageBanner *banner = m_host->banner();
    const QString dataFolder = m_host->controller()->dataFolder();
    if (dataFolder.isEmpty()) {
        banner->showMessage(tr("%1 holds no training set: open a data folder with one first (such as MNIST); "
                               "the pictures then become its test set.")
                                    .arg(folder));
        return;
    }
    // Which set they become: the test set (to see how the network fares on them) or the training
    // set (to train on them, tested on the open data's test set).
    QMessageBox ask(QMessageBox::Question, tr("Open %1").arg(QFileInfo(folder).fileName()),
                    tr("Use the images of %1 as the test set (the network is tested on them) or as the "
                       "training set (it trains on them and is tested on the test set of the data open)?")
                            .arg(QDir::toNativeSeparators(folder)),
                    QMessageBox::Cancel, m_window);
    QPushButton *asTest = ask.addButton(tr("As the &test set"), QMessageBox::AcceptRole);
    QPushButton *asTrain = ask.addButton(tr("As the t&raining set"), QMessageBox::AcceptRole);
    ask.setDefaultButton(asTest);
    ask.exec();
    if (ask.clickedButton() != asTest && ask.clickedButton() != asTrain)
        return;
    auto *dialog = new PictureImportDialog(folder, dataFolder, m_window);
    dialog->setTarget(ask.clickedButton() == asTrain ? ImportTarget::Train : ImportTarget::Test);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PictureImportDialog::ready, this, [this, banner](const QString &imported, const QString &summary) {
        m_host->openDataFolder(imported);
        if (!summary.isEmpty())
            banner->showMessage(summary);
    });
    connect(dialog, &PictureImportDialog::failed, banner, [banner](const QString &message) { banner->showMessage(message); });
    dialog->start();
}

void FileUi::saveModelAs()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    TrainingController *controller = m_host->controller();
    const QString file = QFileDialog::getSaveFileName(
            m_window, tr("Save the weights shown as a model file"),
            dir + QStringLiteral("/batch-%1.bplab").arg(controller->shownStep()),
            tr("Backprop Lab model (*.bplab);;All files (*)"));
    if (!file.isEmpty())
        controller->saveModel(file);
}

void FileUi::chooseOnnxFile()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    const QString file = QFileDialog::getSaveFileName(
            m_window, tr("Export the network shown as an ONNX model"),
            dir + QStringLiteral("/batch-%1.onnx").arg(m_host->controller()->shownStep()),
            tr("ONNX model (*.onnx);;All files (*)"));
    if (!file.isEmpty())
        exportOnnx(file);
}

void FileUi::exportOnnx(const QString &file)
{
    m_host->controller()->exportOnnx(file);
}

void FileUi::chooseModelFile()
{
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Open a model file"), QDir::homePath(),
                                                      tr("Models (*.bplab *.npz);;All files (*)"));
    if (!file.isEmpty())
        openModelFile(file);
}

void FileUi::openModelFile(const QString &file)
{
    QString error;
    if (m_host->controller()->openModel(file, &error))
        return;
    // A network of another shape: the training's views show the source's; the Compare view
    // evaluates it and lets it answer drawn digits.
    MessageBanner *banner = m_host->banner();
    Result<NetworkModel> other = readAnyNetwork(file.toStdString());
    if (!other || other->arch == Architecture::source()) {
        banner->showMessage(tr("%1 cannot be opened: %2").arg(file, error));
        return;
    }
    const QString name = QFileInfo(file).fileName();
    const QString trained = QString::fromStdString(describe(m_host->controller()->trainedConfig().network));
    banner->showMessage(tr("%1 holds a %2 network; the training's is %3. Train it: the training switches to this "
                           "network and goes on from the file's weights. Step through can step through it, and "
                           "the Compare view can evaluate it beside its runs and let it answer drawn digits.")
                                .arg(name, QString::fromStdString(describe(other->arch)), trained));
    FileHost *host = m_host;
    banner->addButton(tr("Train it"), QStringLiteral("bannerTrainModel"), [host, model = *other] { host->trainModel(model); });
    banner->addButton(tr("Step through it"), QStringLiteral("bannerStepModel"), [host, file] { host->stepThroughModel(file); });
    banner->addButton(tr("Compare it"), QStringLiteral("bannerCompareModel"),
                      [host, name, model = *other] { host->compareModel(name, model); });
}

} // namespace bplab
