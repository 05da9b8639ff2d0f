#pragma once
// The main toolbar: data set, Start/Pause, Step, Reset and the hyperparameters. It shows the
// controller's settings and sends each edit as a signal; it holds no settings of its own.

#include "datasetcatalog.h"
#include "networkbutton.h"
#include "snapshots.h"

#include <lesson/lesson.h>
#include <train/trainer.h>

#include <QHash>
#include <QStringList>
#include <QToolBar>

#include <functional>
#include <map>

class QAction;
class QCheckBox;
class QComboBox;
class QMenu;
class QActionGroup;
class QDoubleSpinBox;
class QLabel;
class QShortcut;
class QSpinBox;
class QToolButton;

namespace bplab {

class PaceButton;

class ControlBar : public QToolBar
{
    Q_OBJECT
public:

    /** The actions are the main window's (they also sit in its menus). */
    ControlBar(QAction *startPause, QAction *step, QAction *reset, QWidget *parent = nullptr);

    /** A recipe's entry in the toolbar, translated: its label, or its brief name (compact). */
    static QString recipeText(Recipe recipe, bool brief);

    /** Shows the settings (signals blocked): the controller's, after every change. */
    void showConfig(const TrainConfig &config);
    /** The network the weights are of until the next Reset (the Network button says when the
     *  chosen one differs). */
    void showTrainedNetwork(const Architecture &trained);

    void setDatasets(const QList<DatasetChoice> &choices);
    /** Selects folder, adding it to the list when new. */
    void selectDataset(const QString &folder, const QString &label = {});
    QString selectedFolder() const;

    /** Shows the pace (signals blocked): the controller's, after every change. */
    void showPace(const Pace &pace);
    /** The pace's name in menus: "Full speed", "10 batches per second", "One sample at a time". */
    static QString paceName(const Pace &pace);

    /** Enables what may change in this state (only the learning rate while running). */
    void setState(TrainingState state);
    void setResetPending(bool pending);
    /** At a projector's font every field must still fit 1280 px (none in the overflow menu):
     *  Start/Step/Reset show their icons only (text in the tooltip and the Training menu), the
     *  recipes their short names, the seed box is narrower. */
    void setPresentation(bool on);
    /** A lesson's controls locked (shown, not editable) or hidden; the default value: none. */
    void setLessonControls(const LessonRestrictions &restrictions);

    QComboBox *datasetBox() const { return m_dataset; }
    QComboBox *recipeBox() const { return m_recipe; }
    QDoubleSpinBox *learningRateBox() const { return m_lr; }
    QSpinBox *batchBox() const { return m_batch; }
    QSpinBox *epochsBox() const { return m_epochs; }
    QSpinBox *seedBox() const { return m_seed; }
    QCheckBox *augmentBox() const { return m_augment; }
    /** Training > Augment training images: the box's choice, also where the compact bar leaves
     *  the box out. */
    QAction *augmentAction() const { return m_augmentAction; }
    /** The Network button's menu (also under Training). */
    QMenu *networkMenu() const;
    QComboBox *replicasBox() const { return m_replicas; }
    QComboBox *trainSubsetBox() const { return m_trainSubset; }
    /** The network: hidden layers, widths and activation, chosen from its menu. */
    NetworkButton *networkBox() const { return m_network; }
    /** The button's text for a network: "128 ReLU", "256-128 tanh", "784-10". */
    static QString networkText(const Architecture &network);
    /** Training > Training images: the Images box's choices, also where the compact bar leaves
     *  the box out. */
    QMenu *trainSubsetMenu() const { return m_trainSubsetMenu; }
    PaceButton *paceBox() const { return m_pace; }
    /** The pace the button shows. */
    Pace shownPace() const;

    /** What the user changed in the training settings, as the change itself: it sets the one
     *  field of the control they edited, or a recipe's fields (the seed, augmentation and
     *  replicas are the user's, not the recipe's), in whichever settings it is applied to. */
    using SettingsEdit = bplab::SettingsEdit; // networkbutton.h

signals:
    /** The user edited a control of the training settings or chose a recipe; the owner of the
     *  settings applies it and shows the result back through showConfig(). */
    void settingsEdited(const bplab::ControlBar::SettingsEdit &edit);
    void paceChosen(const bplab::Pace &pace);
    void datasetChosen(const QString &folder);
    void openFolderRequested();

protected:
    void resizeEvent(QResizeEvent *event) override;
    /** Space in a number box is the window's Start/Pause, not a character: typed into a box whose
     *  text was selected (as Tab leaves it), it emptied the box. */
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /** Emits settingsEdited() for one field set to value. */
    template <typename Field, typename Value>
    void edited(Field TrainConfig::*field, Value value)
    {
        emit settingsEdited([field, value](TrainConfig &t) { t.*field = Field(value); });
    }
    void onDatasetActivated(int index);
    /** Icon-only buttons, the recipes' short names and narrow boxes (on), or the full labels. */
    void setCompact(bool on);
    /** Compact when the full labels do not fit the bar's width (and always at the projector's). */
    void fitWidth();
    /** The width the bar's visible items ask for. */
    int contentsWidth() const;

    QComboBox *m_dataset = nullptr;
    QComboBox *m_recipe = nullptr;
    QDoubleSpinBox *m_lr = nullptr;
    QSpinBox *m_batch = nullptr;
    QSpinBox *m_epochs = nullptr;
    QSpinBox *m_seed = nullptr;
    QCheckBox *m_augment = nullptr;
    QAction *m_augmentWidget = nullptr; // the box's place in the bar
    QAction *m_augmentAction = nullptr;
    QComboBox *m_replicas = nullptr;
    QComboBox *m_trainSubset = nullptr; // data: the image count, 0 for all
    /** A subset was chosen in this session (by the user, a flag or a lesson): the Images box stays
     *  in the compact bar, which otherwise leaves it out while it says "all". */
    bool m_subsetUsed = false;
    QMenu *m_trainSubsetMenu = nullptr;
    QActionGroup *m_trainSubsetGroup = nullptr;
    void chooseTrainSubset(int index); // the box's entry `index`, from the box or the menu
    void showNamed(); // each lesson control's visibility: lesson, compact form, m_subsetUsed
    PaceButton *m_pace = nullptr;
    NetworkButton *m_network = nullptr;
    QLabel *m_resetHint = nullptr;
    QAction *m_resetHintAction = nullptr;
    QAction *m_datasetCaption = nullptr;
    QAction *m_paceCaption = nullptr;
    QString m_currentFolder;
    struct Named
    {
        QAction *caption = nullptr;
        QAction *box = nullptr;
    };
    std::map<LessonControl, Named> m_named; // the controls a lesson can lock or hide
    /** A caption's mnemonic for when the caption is left out (updateCaptionKeys()). */
    struct CaptionKey
    {
        QAction *caption = nullptr;
        QAction *box = nullptr;
        QShortcut *key = nullptr;
    };
    std::vector<CaptionKey> m_captionKeys;
    void updateCaptionKeys();
    LessonRestrictions m_restrictions;
    TrainingState m_state = TrainingState::NoData;
    bool m_presentation = false;
    bool m_compact = false;
    int m_fullWidth = 0; // what the full labels needed when last shown
};

} // namespace bplab
