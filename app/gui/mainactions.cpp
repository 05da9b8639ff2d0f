#include "mainactions.h"

#include "windowaction.h"

#include <palettecolors.h>
#include <shortcutsdialog.h>

#include <QAction>
#include <QApplication>
#include <QMessageBox>
#include <QStyle>
#include <QWidget>

namespace bplab {

MainActions::MainActions(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    const auto make = [window](const QString &name, const QString &text, const QString &tip,
                               const QList<QKeySequence> &keys = {}) {
        return addWindowAction(window, name, text, tip, keys);
    };
    m_startPause = make(QStringLiteral("actionStartPause"), tr("Start"),
                        tr("Train batch after batch with the panels live (Space)"),
                        {QKeySequence(Qt::Key_Space)});
    m_step = make(QStringLiteral("actionStep"), tr("Step"),
                  tr("Train exactly one mini-batch, then stop (S)"), {QKeySequence(Qt::Key_S)});
    m_step->setIcon(window->style()->standardIcon(QStyle::SP_MediaSkipForward));
    m_reset = make(QStringLiteral("actionReset"), tr("Reset"),
                   tr("Re-initialise the weights from the seed and apply the batch size, epochs "
                      "and recipe (Ctrl+R)"),
                   {QKeySequence(Qt::CTRL | Qt::Key_R)});
    m_reset->setIcon(window->style()->standardIcon(QStyle::SP_BrowserReload));
    m_quit = make(QStringLiteral("actionQuit"), tr("&Quit"), tr("Stop training and close (Ctrl+Q)"),
                  {QKeySequence(Qt::CTRL | Qt::Key_Q)});

    for (int i = 0; i < kViewCount; ++i) {
        m_views[std::size_t(i)] = make(QStringLiteral("actionView%1").arg(i + 1), viewMenuText(i),
                                       tr("Show the %1 view").arg(viewTitle(i)),
                                       {QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i))});
        m_views[std::size_t(i)]->setCheckable(true);
    }
    // Full screen on the platform's key (F11 on Linux); presentation mode has a key of its own,
    // F5 as in slide programs, and goes full screen as well.
    QList<QKeySequence> fullScreenKeys = QKeySequence::keyBindings(QKeySequence::FullScreen);
    if (fullScreenKeys.isEmpty())
        fullScreenKeys = {QKeySequence(Qt::Key_F11)};
    m_fullScreen = make(QStringLiteral("actionFullScreen"), tr("&Full screen"),
                        tr("The window fills the screen, without its frame (%1)")
                                .arg(fullScreenKeys.first().toString(QKeySequence::NativeText)),
                        fullScreenKeys);
    m_fullScreen->setCheckable(true);
    m_presentation = make(QStringLiteral("actionPresentation"), tr("&Presentation mode"),
                          tr("Full screen with 1.5x fonts and lines, for a projector (F5; "
                             "Esc leaves)"),
                          {QKeySequence(Qt::Key_F5)});
    m_presentation->setCheckable(true);
    m_pixelValues = make(QStringLiteral("actionPixelValues"), tr("Show pi&xel values"),
                         tr("Print each pixel's 0-255 value on the digit (P)"),
                         {QKeySequence(Qt::Key_P)});
    m_pixelValues->setCheckable(true);
    m_highContrast = make(QStringLiteral("actionHighContrast"), tr("&High contrast"),
                          tr("Black, white and yellow, for low vision and bright projectors"));
    m_highContrast->setCheckable(true);
    connect(m_highContrast, &QAction::toggled, this, [](bool on) { colors::setHighContrast(on); });
    m_highContrast->setChecked(
            colors::desktopWantsHighContrast()); // the user's setting, when read, wins

    m_shortcuts = make(QStringLiteral("actionShortcuts"), tr("&Keyboard shortcuts"),
                       tr("List every keyboard shortcut (F1)"), {QKeySequence::HelpContents});
    m_about = make(QStringLiteral("actionAbout"), tr("&About Backprop Lab"),
                   tr("Version and what the app is for"));
    connect(m_about, &QAction::triggered, this, &MainActions::showAbout);
}

void MainActions::showState(TrainingState s, bool resetLocked, int currentView)
{
    const bool running = s == TrainingState::Running;
    m_startPause->setText(running ? tr("Pause") : tr("Start"));
    m_startPause->setIcon(m_window->style()->standardIcon(running ? QStyle::SP_MediaPause
                                                                  : QStyle::SP_MediaPlay));
    m_startPause->setToolTip(running ? tr("Pause the training after the current batch (Space)")
                             : s == TrainingState::Finished
                                     ? tr("All epochs are done: press Reset to train again")
                                     : tr("Train batch after batch with the panels live (Space)"));
    m_startPause->setEnabled(s == TrainingState::Running || s == TrainingState::Paused);
    m_step->setEnabled(s == TrainingState::Paused || s == TrainingState::Running);
    m_reset->setEnabled((s == TrainingState::Paused || s == TrainingState::Running
                         || s == TrainingState::Finished)
                        && !resetLocked);
    for (int i = 0; i < kViewCount; ++i)
        m_views[std::size_t(i)]->setChecked(i == currentView);
}

void MainActions::showShortcuts(QAction *stepSample, const QList<QAction *> &timeline,
                                const QList<QAction *> &files)
{
    QList<QAction *> list {m_startPause, m_step, stepSample, m_reset};
    list << timeline;
    for (QAction *a : m_views)
        list << a;
    list << m_fullScreen << m_presentation << m_pixelValues << files << m_shortcuts << m_quit;
    ShortcutsDialog dialog(list, m_window);
    dialog.exec();
}

void MainActions::showAbout()
{
    QMessageBox::about(m_window, tr("About Backprop Lab"),
                       tr("<h3>Backprop Lab %1</h3><p>Trains neural networks on MNIST (by default "
                          "784-128-10 with ReLU, SoftMax, cross-entropy and SGD; up to two hidden "
                          "layers of your choice) and shows every step: the digit, the ten "
                          "probabilities, the loss curves and every layer's gradients.</p><p>Same "
                          "seed, same numbers, every time.</p>")
                               .arg(QApplication::applicationVersion()));
}

} // namespace bplab
