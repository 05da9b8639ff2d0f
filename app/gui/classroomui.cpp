#include "classroomui.h"

#include "classroomdialog.h"
#include "classroomsession.h"
#include "lessonrunner.h"
#include "lessonui.h"
#include "mainwindow.h"
#include "panelregistry.h"

#include <classpanel.h>
#include <drawnstore.h>
#include <drawview.h>
#include <messagebanner.h>
#include <qrcodeimage.h>

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QMenu>
#include <QStatusBar>
#include <QVBoxLayout>

#include <cstdio>

namespace bplab {

ClassroomUi::ClassroomUi(MainWindow *window, PanelRegistry *registry, QMenu *file)
    : QObject(window), m_window(window), m_session(new ClassroomSession(window->controller(), this))
{
    setObjectName(QStringLiteral("classroomUi"));
    m_panel = new ClassPanel;
    // The panel sits in a layout of its own so that the spotlight can stand in for it there.
    auto *holder = new QWidget;
    auto *layout = new QVBoxLayout(holder);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_panel);
    m_dock = new QDockWidget(tr("Class"), window);
    m_dock->setObjectName(QStringLiteral("classDock"));
    m_dock->setWidget(holder);
    m_dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);
    window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_dock->hide();
    registry->bind("class", m_panel, PanelRegistry::exporterOf(m_panel));

    m_action = new QAction(tr("Classroom…"), window);
    m_action->setObjectName(QStringLiteral("actionClassroom"));
    m_action->setStatusTip(tr("Let the class join from their browsers, draw digits and see the network's answers"));
    connect(m_action, &QAction::triggered, this, &ClassroomUi::showDialog);
    file->addAction(m_action);

    connect(m_panel, &ClassPanel::startStopRequested, this, [this] {
        if (m_session->server()->isRunning())
            stop();
        else
            showDialog();
    });
    // The teacher's own changes show at once; only the students' stream is coalesced.
    connect(m_panel, &ClassPanel::removeRequested, this, [this](int id) {
        m_session->remove(id);
        showDrawings();
    });
    connect(m_panel, &ClassPanel::labelRequested, this, [this](int id, int label) {
        m_session->setLabel(id, label);
        showDrawings();
    });
    connect(m_panel, &ClassPanel::collectRequested, this, &ClassroomUi::collect);
    connect(m_panel, &ClassPanel::promptRequested, this, [this](int digit) {
        m_session->server()->askForDigit(digit);
        m_panel->setPrompt(m_session->server()->promptDigit());
    });
    // Sixty students send sixty drawings a second: the mosaic follows a few times a second.
    m_showDrawings.setSingleShot(true);
    m_showDrawings.setInterval(150);
    connect(&m_showDrawings, &QTimer::timeout, this, &ClassroomUi::showDrawings);
    connect(m_session, &ClassroomSession::drawingsChanged, this, [this] {
        if (!m_showDrawings.isActive())
            m_showDrawings.start();
    });
    connect(m_session->server(), &classroom::ClassroomServer::runningChanged, this, &ClassroomUi::showServer);
    connect(m_session->server(), &classroom::ClassroomServer::studentsChanged, m_panel, &ClassPanel::setJoined);
    connect(m_session, &ClassroomSession::responsesChanged, this, [this] {
        m_panel->setResponses(m_session->question(), m_session->responses(), m_session->revealed(), m_session->truth());
    });
    followLesson();
}

void ClassroomUi::followLesson()
{
    LessonRunner *runner = m_window->lessons()->runner();
    const auto question = [runner]() -> const LessonQuestion * {
        const Lesson *l = runner->lesson();
        if (!l || runner->stepIndex() < 0 || std::size_t(runner->stepIndex()) >= l->steps.size())
            return nullptr;
        const auto &q = l->steps[std::size_t(runner->stepIndex())].question;
        return q ? &*q : nullptr;
    };
    connect(runner, &LessonRunner::stepShown, this, [this, question](const QString &, const QString &, const QString &text) {
        const LessonQuestion *q = question();
        if (!q || text.isEmpty()) {
            m_session->ask({}, {});
            return;
        }
        // What the page offers: buttons for a class, yes/no, a sign or a run, else a number field.
        QString kind;
        if (q->quantity == Quantity::CompareBest || q->quantity == Quantity::CompareSmallestGradient)
            kind = QStringLiteral("run");
        else
            switch (answerKindOf(q->quantity)) {
            case AnswerKind::Class: kind = QStringLiteral("class"); break;
            case AnswerKind::YesNo: kind = QStringLiteral("yesno"); break;
            case AnswerKind::Sign: kind = QStringLiteral("sign"); break;
            case AnswerKind::Number: kind = QStringLiteral("number"); break;
            }
        m_session->ask(text, kind);
    });
    connect(runner, &LessonRunner::revealed, this, [this, runner, question] {
        const LessonQuestion *q = question();
        if (!q)
            return;
        const std::optional<TrueAnswer> truth = runner->truthNow(*q);
        if (truth)
            m_session->reveal(QString::fromStdString(truth->text));
    });
    connect(runner, &LessonRunner::closed, this, [this] { m_session->ask({}, {}); });
    // The class's answers count in the lesson's tally as the teacher's typed ones do.
    connect(m_session, &ClassroomSession::responseGiven, runner, &LessonRunner::answer);
}

ClassroomUi *classroomOf(const MainWindow *window)
{
    return window->findChild<ClassroomUi *>(QStringLiteral("classroomUi"), Qt::FindDirectChildrenOnly);
}

bool ClassroomUi::start(const QHostAddress &address, quint16 port)
{
    if (!m_session->start(address, port)) {
        m_window->banner()->showMessage(tr("The classroom cannot listen on %1 port %2: the port is in use, or the "
                                           "address is not this computer's.")
                                                .arg(address.toString())
                                                .arg(port));
        return false;
    }
    m_dock->show();
    return true;
}

QString ClassroomUi::errorString() const
{
    return m_session->server()->errorString();
}

void ClassroomUi::stop()
{
    m_session->stop();
}

void ClassroomUi::showDialog()
{
    const classroom::ClassroomServer *server = m_session->server();
    ClassroomDialog dialog(server->isRunning(), server->url().toString(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.stopChosen())
        stop();
    else
        start(dialog.address(), dialog.port());
}

void ClassroomUi::showServer()
{
    const classroom::ClassroomServer *s = m_session->server();
    const QString url = s->isRunning() ? s->url().toString() : QString();
    m_panel->setServer(url, url.isEmpty() ? QImage() : classroom::qrCodeImage(url), s->code());
    m_panel->setJoined(s->studentCount());
    m_panel->setPrompt(s->promptDigit());
    m_action->setText(s->isRunning() ? tr("Stop the classroom…") : tr("Classroom…"));
}

void ClassroomUi::showDrawings()
{
    m_showDrawings.stop();
    QVector<ClassDrawingCell> cells;
    QHash<int, QImage> pictures;
    bool printed = false;
    for (const ClassroomSession::Drawing &d : m_session->drawings()) {
        const bool isNew = !m_pictures.contains(d.id);
        ClassDrawingCell c;
        c.id = d.id;
        c.nick = d.nick;
        c.digit = d.digit;
        c.confidence = d.digit >= 0 ? d.probabilities[std::size_t(d.digit)] : 0.f;
        c.label = d.label;
        // The raw stage is ink white on black; the mosaic shows ink dark on paper, as drawn.
        QImage picture = m_pictures.value(d.id);
        if (picture.isNull()) {
            picture = imageFromGrey(d.raw);
            picture.invertPixels();
        }
        pictures.insert(d.id, picture);
        c.picture = picture;
        cells.append(c);
        // Each new cell's text as the mosaic shows it, for scripts and the browser test.
        if (isNew) {
            std::printf("classroom: class view shows drawing %d: %s\n", d.id,
                        qPrintable(ClassPanel::cellText(c).replace(QLatin1Char('\n'), QStringLiteral(", "))));
            printed = true;
        }
    }
    if (printed)
        std::fflush(stdout);
    m_pictures = pictures;
    m_panel->setDrawings(cells);
}

void ClassroomUi::collect()
{
    auto *draw = static_cast<DrawView *>(m_window->page(MainWindow::View::Draw));
    const QString folder = draw->keepFolder();
    const Result<int> added = m_session->collect(folder);
    showDrawings();
    if (!added)
        m_window->banner()->showMessage(QString::fromStdString(added.error()));
    else
        m_window->statusBar()->showMessage(
                (*added == 1 ? tr("Added 1 drawing to the collection in %1") : tr("Added %1 drawings to the collection in %2").arg(*added))
                        .arg(QDir::toNativeSeparators(folder)),
                6000);
}

} // namespace bplab
