#pragma once
// What File opens and saves besides snapshots and lessons: a data folder (MNIST-style IDX files,
// or pictures imported as the test or training set), the MNIST download, and model files (the
// weights shown saved as `train --save` writes them; a model file's weights shown in every view,
// or, for a network of another shape, offered to the Compare view), and the network shown exported
// as an ONNX model.

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace bplab {

class ErrorPage;
class MessageBanner;
class TrainingController;
struct NetworkModel;

/** What FileUi asks of the window it serves (the main window implements it). */
class FileHost
{
public:
    virtual TrainingController *controller() const = 0;
    /** Where a file's troubles and choices are said. */
    virtual MessageBanner *banner() const = 0;
    /** The data folder the toolbar shows (where Open data folder starts). */
    virtual QString selectedDataFolder() const = 0;
    /** Reads a folder the user chose; it becomes the remembered data set once read. */
    virtual void openDataFolder(const QString &folder) = 0;
    /** No data was found on this computer (`message`: where it was looked for). */
    virtual void showDataError(const QString &message) = 0;
    /** Trains the model's network from its weights, in the Train view. */
    virtual void trainModel(const NetworkModel &model) = 0;
    /** Step through steps through the model file's network, shown (false: it could not). */
    virtual bool stepThroughModel(const QString &file) = 0;
    /** The Compare view evaluates the model, shown (false: it could not). */
    virtual bool compareModel(const QString &name, const NetworkModel &model) = 0;

protected:
    ~FileHost() = default;
};

class FileUi : public QObject
{
    Q_OBJECT
public:
    /** Its actions belong to `window`, also its dialogs' parent. */
    FileUi(QWidget *window, FileHost *host);

    /** Open data folder and Download MNIST, then Open model, Save model and Export network as
     *  ONNX, for the File menu. */
    void addDataActions(QMenu *file);
    void addModelActions(QMenu *file);
    QAction *openFolderAction() const { return m_openFolder; }
    QAction *saveModelAction() const { return m_saveModel; }
    QAction *exportOnnxAction() const { return m_exportOnnx; }

    /** Asks for a folder: MNIST-style data is read, pictures are imported beside the open data. */
    void chooseFolder();
    /** The download dialog for MNIST; the app reads the folder once every file is in place. */
    void downloadMnist();
    /** The error page's choices: another folder, the download, or the data read again (looked
     *  for again when none was found at start-up). */
    void serveErrorPage(ErrorPage *page);

    /** Shows the model file's weights in every view; a network of another shape is offered to
     *  Step through and the Compare view (a banner), anything else unreadable says why there. */
    void openModelFile(const QString &file);
    /** Writes the network shown (the timeline cursor's weights) as an ONNX model, on the training
     *  thread; the status line says it was written, the banner why not. */
    void exportOnnx(const QString &file);

private:
    void saveModelAs();
    void chooseOnnxFile();
    void chooseModelFile();
    /** Pictures (or a test set alone) in `folder` imported as the test or the training set. */
    void importPictures(const QString &folder);

    QWidget *m_window;
    FileHost *m_host;
    QAction *m_openFolder = nullptr;
    QAction *m_downloadMnist = nullptr;
    QAction *m_saveModel = nullptr;
    QAction *m_openModel = nullptr;
    QAction *m_exportOnnx = nullptr;
};

} // namespace bplab
