#include "controlbar.h"

#include "networkbutton.h"
#include "pacebutton.h"

#include <focusframe.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QActionGroup>
#include <QLabel>
#include <QShortcut>
#include <QMenu>
#include <QToolButton>
#include <QLayout>
#include <QSignalBlocker>
#include <QKeyEvent>
#include <QSpinBox>
#include <QTimer>

#include <algorithm>

namespace bplab {

namespace {
const QString kOpenFolder = QStringLiteral("\x01open"); // item data of "Open folder..."

QLabel *caption(const QString &text, QWidget *buddy)
{
    auto *label = new QLabel(text);
    label->setBuddy(buddy);
    label->setContentsMargins(8, 0, 2, 0);
    label->setToolTip(buddy->toolTip());
    return label;
}
} // namespace

ControlBar::ControlBar(QAction *startPause, QAction *step, QAction *reset, QWidget *parent)
    : QToolBar(tr("Training"), parent)
{
    setObjectName(QStringLiteral("controlBar"));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setMovable(false);

    m_dataset = new QComboBox;
    m_dataset->setObjectName(QStringLiteral("datasetBox"));
    m_dataset->setToolTip(tr("The data set to train on: the ones found on this computer, or "
                             "\"Open folder...\" for a folder with MNIST-style IDX files"));
    m_dataset->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_dataset->setMinimumContentsLength(10);
    m_dataset->addItem(tr("Open folder..."), kOpenFolder);
    connect(m_dataset, &QComboBox::activated, this, &ControlBar::onDatasetActivated);
    m_datasetCaption = addWidget(caption(tr("&Data"), m_dataset));
    m_named[LessonControl::Dataset].caption = m_datasetCaption;
    m_named[LessonControl::Dataset].box = addWidget(m_dataset);
    addSeparator();

    addAction(startPause);
    addAction(step);
    addAction(reset);
    for (QAction *a : {startPause, step, reset})
        if (QWidget *w = widgetForAction(a)) {
            w->setObjectName(a->objectName() + QStringLiteral("Button"));
            // A toolbar's buttons take no focus by default: Tab reaches them here, in bar order.
            w->setFocusPolicy(Qt::TabFocus);
        }

    m_pace = new PaceButton;
    connect(m_pace, &PaceButton::paceChosen, this, &ControlBar::paceChosen);
    m_paceCaption = addWidget(caption(tr("Pa&ce"), m_pace));
    m_named[LessonControl::Pace].caption = m_paceCaption;
    m_named[LessonControl::Pace].box = addWidget(m_pace);
    addSeparator();

    m_recipe = new QComboBox;
    m_recipe->setObjectName(QStringLiteral("recipeBox"));
    for (const RecipeInfo &r : recipes()) // the table's order is the box's
        m_recipe->addItem(recipeText(r.recipe, false));
    m_recipe->setToolTip(tr(
            "Source: plain SGD at a constant learning rate, pixels scaled to 0-1 "
            "(the method as taught).\nTuned: momentum 0.9, a cosine learning-rate "
            "schedule and standardised pixels.\nAdam: the source's recipe with the Adam optimiser "
            "at learning rate 0.001.\nChoosing one sets the learning rate, "
            "batch size and epochs; press Reset to apply."));
    connect(m_recipe, &QComboBox::activated, this, [this](int index) {
        const Recipe recipe = recipes().at(std::size_t(index)).recipe;
        emit settingsEdited([recipe](TrainConfig &t) { t = withRecipe(t, recipe); });
    });
    m_named[LessonControl::Recipe].caption = addWidget(caption(tr("Re&cipe"), m_recipe));
    m_named[LessonControl::Recipe].box = addWidget(m_recipe);

    m_network = new NetworkButton;
    connect(m_network, &NetworkButton::networkEdited, this, &ControlBar::settingsEdited);
    m_named[LessonControl::Network].caption = addWidget(caption(tr("Networ&k"), m_network));
    m_named[LessonControl::Network].box = addWidget(m_network);

    m_lr = new QDoubleSpinBox;
    m_lr->setObjectName(QStringLiteral("learningRateBox"));
    m_lr->setDecimals(4);
    m_lr->setRange(0.0001, 10.0);
    m_lr->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_lr->setKeyboardTracking(false);
    m_lr->setToolTip(tr("Learning rate: delta_w = -(learning rate) x gradient.\nMay change at "
                        "any time, also while training."));
    m_named[LessonControl::Lr].caption = addWidget(caption(tr("&LR"), m_lr));
    m_named[LessonControl::Lr].box = addWidget(m_lr);

    m_batch = new QSpinBox;
    m_batch->setObjectName(QStringLiteral("batchBox"));
    m_batch->setRange(1, 4096);
    m_batch->setKeyboardTracking(false);
    m_batch->setToolTip(tr("Mini-batch size: images per update; their gradients are averaged.\n"
                           "Takes effect on Reset."));
    m_named[LessonControl::Batch].caption = addWidget(caption(tr("&Batch"), m_batch));
    m_named[LessonControl::Batch].box = addWidget(m_batch);

    m_replicas = new QComboBox;
    m_replicas->setObjectName(QStringLiteral("replicasBox"));
    for (int n : {1, 2, 4, 8})
        m_replicas->addItem(QString::number(n), n);
    m_replicas->setToolTip(tr("Data-parallel replicas: each computes the gradient of its own batch, "
                              "an all-reduce averages them, and every replica applies the same "
                              "update (global batch = replicas x batch). The Data parallel view "
                              "shows each replica's gradient. Takes effect on Reset."));
    connect(m_replicas, &QComboBox::activated, this,
            [this](int index) { edited(&TrainConfig::replicas, m_replicas->itemData(index).toInt()); });
    m_named[LessonControl::Replicas].caption = addWidget(caption(tr("Re&plicas"), m_replicas));
    m_named[LessonControl::Replicas].box = addWidget(m_replicas);

    m_epochs = new QSpinBox;
    m_epochs->setObjectName(QStringLiteral("epochsBox"));
    m_epochs->setRange(1, 1000);
    m_epochs->setKeyboardTracking(false);
    m_epochs->setToolTip(tr("Epochs: passes over the whole training set. Takes effect on Reset."));
    m_named[LessonControl::Epochs].caption = addWidget(caption(tr("&Epochs"), m_epochs));
    m_named[LessonControl::Epochs].box = addWidget(m_epochs);

    m_trainSubset = new QComboBox;
    m_trainSubset->setObjectName(QStringLiteral("trainSubsetBox"));
    m_trainSubset->addItem(tr("all"), qlonglong(0));
    for (qlonglong n : {100, 500, 1000, 5000})
        m_trainSubset->addItem(QLocale().toString(n), n);
    m_trainSubset->setToolTip(tr("Training images: train on all of the training set or on this many "
                                 "of its images, drawn evenly from every class. With few images the "
                                 "network learns them by heart: the training set's accuracy reaches "
                                 "100 % while the test set's stays behind. Takes effect on Reset."));
    connect(m_trainSubset, &QComboBox::activated, this, &ControlBar::chooseTrainSubset);
    m_trainSubsetMenu = new QMenu(tr("Training &images"), this);
    m_trainSubsetMenu->setObjectName(QStringLiteral("trainSubsetMenu"));
    m_trainSubsetGroup = new QActionGroup(m_trainSubsetMenu);
    m_named[LessonControl::TrainSubset].caption = addWidget(caption(tr("&Images"), m_trainSubset));
    m_named[LessonControl::TrainSubset].box = addWidget(m_trainSubset);

    m_seed = new QSpinBox;
    m_seed->setObjectName(QStringLiteral("seedBox"));
    m_seed->setRange(0, 2147483647);
    m_seed->setKeyboardTracking(false);
    m_seed->setToolTip(tr("Seed of the initial weights and the shuffling: the same seed gives the "
                          "same numbers every time. Takes effect on Reset."));
    m_named[LessonControl::Seed].caption = addWidget(caption(tr("See&d"), m_seed));
    m_named[LessonControl::Seed].box = addWidget(m_seed);

    m_augment = new QCheckBox(tr("&Augment"));
    m_augment->setObjectName(QStringLiteral("augmentBox"));
    m_augment->setToolTip(tr("Augmentation: each training image is shifted (up to 2 pixels), rotated "
                             "(up to 10 degrees) and scaled (up to 10%) at random, anew every epoch, "
                             "so that drawn digits are recognised better. Off in the source's recipe. "
                             "Takes effect on Reset."));
    m_augmentWidget = addWidget(m_augment);
    m_augmentAction = new QAction(tr("Au&gment training images"), this);
    m_augmentAction->setObjectName(QStringLiteral("actionAugment"));
    m_augmentAction->setCheckable(true);
    m_augmentAction->setToolTip(m_augment->toolTip());
    connect(m_augmentAction, &QAction::triggered, this, [this](bool v) { edited(&TrainConfig::augment, v); });

    m_resetHint = new QLabel(tr("  Reset (Ctrl+R) to apply"));
    m_resetHint->setObjectName(QStringLiteral("resetHint"));
    m_resetHint->setToolTip(tr("Batch size, replicas, epochs, training images, seed and recipe change "
                               "the run from its start: press Reset to re-initialise with them."));
    QFont bold = m_resetHint->font();
    bold.setBold(true);
    m_resetHint->setFont(bold);
    m_resetHintAction = addWidget(m_resetHint);
    m_resetHintAction->setVisible(false);

    for (QAbstractSpinBox *box : {static_cast<QAbstractSpinBox *>(m_lr), static_cast<QAbstractSpinBox *>(m_batch),
                                  static_cast<QAbstractSpinBox *>(m_epochs), static_cast<QAbstractSpinBox *>(m_seed)})
        box->installEventFilter(this);
    m_pace->installEventFilter(this);
    m_network->installEventFilter(this);
    // A menu button's menu opens on the choice in use, highlighted, as a combo box's list does:
    // from the keyboard, Up and Down then move from there, and a screen reader reads it first.
    for (QToolButton *button : {static_cast<QToolButton *>(m_pace), static_cast<QToolButton *>(m_network)}) {
        QMenu *menu = button->menu();
        connect(menu, &QMenu::aboutToShow, menu, [menu] {
            for (QAction *a : menu->actions())
                if (a->isChecked() && a->isVisible() && a->isEnabled()) {
                    menu->setActiveAction(a);
                    return;
                }
        });
    }
    connect(m_lr, &QDoubleSpinBox::valueChanged, this, [this](double v) { edited(&TrainConfig::lr, v); });
    connect(m_batch, &QSpinBox::valueChanged, this, [this](int v) { edited(&TrainConfig::batch, v); });
    connect(m_epochs, &QSpinBox::valueChanged, this, [this](int v) { edited(&TrainConfig::epochs, v); });
    connect(m_seed, &QSpinBox::valueChanged, this,
            [this](int v) { edited(&TrainConfig::seed, std::uint64_t(v)); });
    connect(m_augment, &QCheckBox::toggled, this, [this](bool v) { edited(&TrainConfig::augment, v); });

    // Tab shows where it went: a frame in the highlight colour around the focused control (the
    // style's own thin line around a tool button's text is too faint to find on a projector).
    for (QAction *a : actions())
        if (QWidget *w = widgetForAction(a); w && (w->focusPolicy() & Qt::TabFocus))
            FocusFrame::attach(w);

    showConfig(sourceRecipe());
    setPresentation(false);
}

bool ControlBar::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
        return QToolBar::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    const bool space = key->key() == Qt::Key_Space && key->modifiers() == Qt::NoModifier;
    // A focused menu button (Pace, Network) opens its menu on the keys that open a combo box's
    // list, and on Space and Enter, which press a button: Space is not Start/Pause there.
    if (auto *button = qobject_cast<QToolButton *>(watched); button && button->menu()) {
        const int k = key->key();
        const bool opens = ((k == Qt::Key_Return || k == Qt::Key_Enter || k == Qt::Key_F4) && key->modifiers() == Qt::NoModifier)
                           || space || (k == Qt::Key_Down && key->modifiers() == Qt::AltModifier);
        if (!opens)
            return QToolBar::eventFilter(watched, event);
        event->accept();
        if (event->type() == QEvent::KeyPress)
            button->showMenu();
        return true;
    }
    // Not taken by a number box: the window's shortcut gets the key, and when Start/Pause is off
    // (all epochs done) the key does nothing here either.
    if (space) {
        event->ignore();
        return true;
    }
    return QToolBar::eventFilter(watched, event);
}

// The recipes' texts as lupdate finds them (core/train/trainconfig.cpp holds them in English).
[[maybe_unused]] constexpr const char *kRecipeTexts[] = {
        QT_TRANSLATE_NOOP("bplab::Recipe", "Source: plain SGD"), QT_TRANSLATE_NOOP("bplab::Recipe", "Source"),
        QT_TRANSLATE_NOOP("bplab::Recipe", "Tuned: momentum + cosine"), QT_TRANSLATE_NOOP("bplab::Recipe", "Tuned"),
        QT_TRANSLATE_NOOP("bplab::Recipe", "Adam, lr 0.001"), QT_TRANSLATE_NOOP("bplab::Recipe", "Adam"),
};

QString ControlBar::recipeText(Recipe recipe, bool brief)
{
    const RecipeInfo &r = recipeInfo(recipe);
    return QCoreApplication::translate("bplab::Recipe", brief ? r.brief : r.label);
}

void ControlBar::showConfig(const TrainConfig &config)
{
    const QSignalBlocker b1(m_recipe), b2(m_lr), b3(m_batch), b4(m_epochs), b5(m_seed), b6(m_augment),
            b7(m_replicas), b8(m_trainSubset);
    for (std::size_t i = 0; i < recipes().size(); ++i)
        if (recipes()[i].recipe == recipeOf(config))
            m_recipe->setCurrentIndex(int(i));
    if (m_lr->value() != config.lr) // the box's own edit is not written back into it
        m_lr->setValue(config.lr);
    m_batch->setValue(config.batch);
    m_epochs->setValue(config.epochs);
    m_seed->setValue(int(std::min<std::uint64_t>(config.seed, 2147483647u)));
    m_augment->setChecked(config.augment);
    m_augmentAction->setChecked(config.augment);
    m_network->showNetwork(config.network);
    m_network->showWeightDecay(config.weightDecay);
    int replicas = m_replicas->findData(config.replicas);
    if (replicas < 0) { // a restored snapshot of another count (train --workers 3)
        m_replicas->addItem(QString::number(config.replicas), config.replicas);
        replicas = m_replicas->count() - 1;
    }
    m_replicas->setCurrentIndex(replicas);
    const auto subset = qlonglong(config.trainSubset);
    int images = m_trainSubset->findData(subset);
    if (images < 0) { // another count (--train-subset 300, a lesson's)
        m_trainSubset->addItem(QLocale().toString(subset), subset);
        images = m_trainSubset->count() - 1;
    }
    m_trainSubset->setCurrentIndex(images);
    // The menu: the box's entries (one more when the box gained one), the one in use checked.
    for (int i = int(m_trainSubsetMenu->actions().size()); i < m_trainSubset->count(); ++i) {
        QAction *a = m_trainSubsetMenu->addAction(i == 0 ? tr("All images")
                                                         : tr("%1 images").arg(m_trainSubset->itemText(i)));
        a->setCheckable(true);
        m_trainSubsetGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { chooseTrainSubset(i); });
    }
    m_trainSubsetMenu->actions().value(images)->setChecked(true);
    if (config.trainSubset != 0 && !m_subsetUsed) {
        m_subsetUsed = true;
        showNamed();
    }
}

void ControlBar::showTrainedNetwork(const Architecture &trained)
{
    m_network->showTrainedNetwork(trained);
}

void ControlBar::setDatasets(const QList<DatasetChoice> &choices)
{
    const QSignalBlocker blocker(m_dataset);
    m_dataset->clear();
    for (const DatasetChoice &c : choices) {
        m_dataset->addItem(c.label, c.folder);
        m_dataset->setItemData(m_dataset->count() - 1, c.folder, Qt::ToolTipRole);
    }
    m_dataset->addItem(tr("Open folder..."), kOpenFolder);
    if (!m_currentFolder.isEmpty())
        selectDataset(m_currentFolder);
}

void ControlBar::selectDataset(const QString &folder, const QString &label)
{
    const QSignalBlocker blocker(m_dataset);
    m_currentFolder = folder;
    if (folder.isEmpty()) {
        m_dataset->setCurrentIndex(-1);
        return;
    }
    int index = m_dataset->findData(folder);
    if (index < 0) {
        index = m_dataset->count() - 1; // before "Open folder..."
        m_dataset->insertItem(index, label.isEmpty() ? folder : label, folder);
        m_dataset->setItemData(index, folder, Qt::ToolTipRole);
    } else if (!label.isEmpty()) {
        m_dataset->setItemText(index, label);
    }
    m_dataset->setCurrentIndex(index);
}

QString ControlBar::selectedFolder() const
{
    return m_currentFolder;
}

void ControlBar::onDatasetActivated(int index)
{
    const QString folder = m_dataset->itemData(index).toString();
    if (folder == kOpenFolder) {
        // Back to the data set in use until the dialog picks another one.
        selectDataset(m_currentFolder);
        emit openFolderRequested();
        return;
    }
    if (folder != m_currentFolder) {
        m_currentFolder = folder;
        emit datasetChosen(folder);
    }
}

QString ControlBar::paceName(const Pace &pace)
{
    return PaceButton::paceName(pace);
}

QString ControlBar::networkText(const Architecture &network)
{
    return NetworkButton::networkText(network);
}

QMenu *ControlBar::networkMenu() const
{
    return m_network->menu();
}

void ControlBar::showPace(const Pace &pace)
{
    m_pace->showPace(pace);
}

Pace ControlBar::shownPace() const
{
    return m_pace->shownPace();
}

void ControlBar::setState(TrainingState state)
{
    const bool idle = state == TrainingState::Paused || state == TrainingState::Finished
                      || state == TrainingState::NoData;
    m_dataset->setEnabled(idle);
    m_recipe->setEnabled(idle);
    m_batch->setEnabled(idle);
    m_epochs->setEnabled(idle);
    m_seed->setEnabled(idle);
    m_augment->setEnabled(idle);
    m_augmentAction->setEnabled(idle);
    m_replicas->setEnabled(idle);
    m_network->setEnabled(idle);
    m_trainSubset->setEnabled(idle);
    m_trainSubsetMenu->setEnabled(idle && !m_restrictions.locks(LessonControl::TrainSubset)
                                  && !m_restrictions.hides(LessonControl::TrainSubset));
    m_lr->setEnabled(state != TrainingState::Loading);
    m_pace->setEnabled(true);
    m_state = state;
    for (const auto &[control, named] : m_named)
        if (m_restrictions.locks(control) && named.box)
            if (QWidget *w = widgetForAction(named.box))
                w->setEnabled(false);
}

void ControlBar::setLessonControls(const LessonRestrictions &restrictions)
{
    m_restrictions = restrictions;
    showNamed();
    setState(m_state);
}

void ControlBar::chooseTrainSubset(int index)
{
    edited(&TrainConfig::trainSubset, std::size_t(m_trainSubset->itemData(index).toLongLong()));
}

void ControlBar::updateCaptionKeys()
{
    // A caption the bar leaves out takes its mnemonic with it: the same key then focuses the box.
    if (m_captionKeys.empty()) {
        for (const auto &[control, named] : m_named) {
            auto *label = qobject_cast<QLabel *>(named.caption ? widgetForAction(named.caption) : nullptr);
            if (!label || !label->buddy())
                continue;
            auto *key = new QShortcut(QKeySequence::mnemonic(label->text()), this);
            key->setContext(Qt::WindowShortcut);
            QWidget *box = label->buddy();
            const auto focus = [box] { box->setFocus(Qt::ShortcutFocusReason); };
            connect(key, &QShortcut::activated, box, focus);
            // Two left-out captions of one key (Pace, Recipe) take turns, as labels' mnemonics do.
            connect(key, &QShortcut::activatedAmbiguously, box, focus);
            m_captionKeys.push_back({named.caption, named.box, key});
        }
    }
    for (const CaptionKey &k : m_captionKeys)
        k.key->setEnabled(!k.caption->isVisible() && k.box && k.box->isVisible());
}

void ControlBar::showNamed()
{
    // Nor for the augmentation box: Training > Augment training images has it.
    m_augmentWidget->setVisible(!m_compact);
    for (const auto &[control, named] : m_named) {
        bool show = !m_restrictions.hides(control);
        // The projector's bar has no room for a control at its default that nobody has used.
        if (control == LessonControl::TrainSubset && m_compact && !m_subsetUsed)
            show = false;
        if (named.box)
            named.box->setVisible(show);
        if (named.caption)
            named.caption->setVisible(show && !(m_compact && (named.caption == m_datasetCaption
                                                              || control == LessonControl::Network
                                                              || control == LessonControl::Recipe)));
    }
    updateCaptionKeys();
}

void ControlBar::setPresentation(bool on)
{
    m_presentation = on;
    setCompact(on);
    if (!on)
        QTimer::singleShot(0, this, &ControlBar::fitWidth);
}

int ControlBar::contentsWidth() const
{
    int w = 0;
    const int spacing = layout() ? layout()->spacing() : 0;
    for (QAction *a : actions())
        if (QWidget *widget = widgetForAction(a); widget && a->isVisible())
            w += widget->sizeHint().expandedTo(widget->minimumSizeHint()).width() + spacing;
    const QMargins m = layout() ? layout()->contentsMargins() : QMargins();
    return w + m.left() + m.right();
}

void ControlBar::fitWidth()
{
    // Full labels when they fit (measured while shown), else the compact form; the projector's
    // font is always compact. Back to full labels once the bar is as wide as they need.
    if (m_presentation)
        return;
    if (!m_compact)
        m_fullWidth = contentsWidth();
    const bool compact = m_fullWidth > width();
    if (compact != m_compact)
        setCompact(compact);
}

void ControlBar::resizeEvent(QResizeEvent *event)
{
    QToolBar::resizeEvent(event);
    QTimer::singleShot(0, this, &ControlBar::fitWidth);
}

void ControlBar::setCompact(bool on)
{
    m_compact = on;
    // The data set's box names itself ("MNIST"), the network's ("128 ReLU") and the recipe's
    // ("Source") too: their captions are the first to go.
    m_datasetCaption->setVisible(!on && !m_restrictions.hides(LessonControl::Dataset));
    showNamed();
    setToolButtonStyle(on ? Qt::ToolButtonIconOnly : Qt::ToolButtonTextBesideIcon);
    m_network->setCompact(on); // a layer list by its channels alone
    for (std::size_t i = 0; i < recipes().size(); ++i)
        m_recipe->setItemText(int(i), recipeText(recipes()[i].recipe, on));
    // The short names' width in the application's (projector's) font: a combo box keeps its
    // minimum size hint from its longest entry and its old font until its own font change event
    // arrives, later, and a toolbar never makes a widget narrower than that hint: the width is
    // set from the font in force, as the box's minimum and maximum.
    const QFontMetrics fm(QApplication::font());
    const int shortName = std::max({fm.horizontalAdvance(tr("Source")), fm.horizontalAdvance(tr("Tuned")),
                                    fm.horizontalAdvance(tr("Adam"))});
    m_recipe->setMinimumWidth(on ? shortName + 3 * fm.height() : 0);
    m_recipe->setMaximumWidth(on ? shortName + 3 * fm.height() : QWIDGETSIZE_MAX);
    // The number boxes as wide as the numbers they hold in practice (a longer one scrolls in its
    // box): four digits of batch and epochs, four of the seed (three at the projector's font).
    const QFontMetrics numbers(QApplication::font());
    const auto digits = [&numbers](QSpinBox *box, int n) {
        box->setMaximumWidth(numbers.horizontalAdvance(QString(n, QLatin1Char('0'))) + numbers.height() + 16);
    };
    digits(m_batch, 4);
    digits(m_epochs, 4);
    digits(m_seed, m_presentation ? 3 : 4);
    // The data set's box as wide as a short name, not as its longest entry (the full name is in
    // the drop-down list and the status bar).
    const int dataWidth = fm.horizontalAdvance(QStringLiteral("MNIST")) + 2 * fm.height() + 4;
    m_dataset->setMinimumWidth(on ? dataWidth : 0);
    m_dataset->setMaximumWidth(on ? dataWidth : QWIDGETSIZE_MAX);
    // The pace's short names ("10/s", "1 sample") say what they are: the caption goes.
    m_paceCaption->setVisible(!on);
    updateCaptionKeys();
    m_pace->fitWidestName();
}

void ControlBar::setResetPending(bool pending)
{
    // A toolbar widget is shown and hidden through its action.
    m_resetHintAction->setVisible(pending);
}

} // namespace bplab
