#pragma once
// What File opens and saves besides snapshots and lessons: a data folder (MNIST-style IDX files,
// or pictures imported as the test or training set), the MNIST download, and model files (the
// weights shown saved as `train --save` writes them; a model file's weights shown in every view,
// or, for a network of another shape, offered to the Compare view).

#include <QObject>
#include <QString>

class QAction;
class QMenu;

namespace bplab {

class MainWindow;

class FileUi : public QObject
{
    Q_OBJECT
public:
    explicit FileUi(MainWindow *window);

    /** Open data folder and Download MNIST, then Open model and Save model, for the File menu. */
    void addDataActions(QMenu *file);
    void addModelActions(QMenu *file);
    QAction *openFolderAction() const { return m_openFolder; }
    QAction *saveModelAction() const { return m_saveModel; }

    /** Asks for a folder: MNIST-style data is read, pictures are imported beside the open data. */
    void chooseFolder();
    /** The download dialog for MNIST; the app reads the folder once every file is in place. */
    void downloadMnist();

    /** Shows the model file's weights in every view; a network of another shape is offered to
     *  Step through and the Compare view (a banner), anything else unreadable says why there. */
    void openModelFile(const QString &file);

private:
    void saveModelAs();
    void chooseModelFile();
    /** Pictures (or a test set alone) in `folder` imported as the test or the training set. */
    void importPictures(const QString &folder);

    MainWindow *m_window;
    QAction *m_openFolder = nullptr;
    QAction *m_downloadMnist = nullptr;
    QAction *m_saveModel = nullptr;
    QAction *m_openModel = nullptr;
};

} // namespace bplab
