#pragma once
// A small synthetic IDX data set (written with the core's writers into a temporary folder), so the
// GUI tests need nothing from outside the repository, and helpers to find the window's controls.

#include <data/idx.h>
#include <mainwindow.h>
#include <trainingcontroller.h>

#include <QAbstractButton>
#include <QAction>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QString>
#include <QToolBar>
#include <QWidget>

#include <cstdint>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace bplab::test {

/** The process's user settings in `folder` (and Qt's test locations on): a test's settings are its
 *  own, even when another tree runs the same test at the same time. */
inline void useOwnSettings(const QString &folder)
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, folder);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder);
}

/** Class c's image: a bright bar whose position depends on c, plus a deterministic texture. */
inline IdxImages syntheticImages(std::size_t count, std::uint32_t salt)
{
    IdxImages images;
    images.count = count;
    images.rows = 28;
    images.cols = 28;
    images.pixels.resize(count * 784);
    for (std::size_t n = 0; n < count; ++n) {
        const int c = int(n % 10);
        for (int r = 0; r < 28; ++r)
            for (int col = 0; col < 28; ++col) {
                const bool bar = col >= 2 + 2 * c && col < 5 + 2 * c && r >= 4 && r < 24;
                const std::uint32_t noise = (std::uint32_t(n) * 2654435761u + std::uint32_t(r * 28 + col) * 40503u + salt) >> 27;
                images.pixels[n * 784 + std::size_t(r * 28 + col)] = std::uint8_t(bar ? 200 + noise : noise * 2);
            }
    }
    return images;
}

inline IdxLabels syntheticLabels(std::size_t count)
{
    IdxLabels labels;
    for (std::size_t n = 0; n < count; ++n)
        labels.labels.push_back(std::uint8_t(n % 10));
    return labels;
}

/** Writes the four files of a data folder; returns "" or the core's error message. */
inline QString writeSyntheticDataset(const QString &folder, std::size_t train, std::size_t test)
{
    const std::string f = folder.toStdString();
    for (const Status &s : {writeIdxImages(f + "/train-images-idx3-ubyte", syntheticImages(train, 1)),
                            writeIdxLabels(f + "/train-labels-idx1-ubyte", syntheticLabels(train)),
                            writeIdxImages(f + "/t10k-images-idx3-ubyte", syntheticImages(test, 2)),
                            writeIdxLabels(f + "/t10k-labels-idx1-ubyte", syntheticLabels(test))})
        if (!s)
            return QString::fromStdString(s.error());
    return {};
}

template<class T, class V>
struct IsAlternative : std::false_type {};
template<class T, class... Ts>
struct IsAlternative<T, std::variant<Ts...>> : std::bool_constant<(std::is_same_v<T, Ts> || ...)> {};

/** Records the controller's history events or notices of one kind (an EpochReport, a
 *  SnapshotSaved, a Divergence, ...), as QSignalSpy records a signal's. */
template<class T>
class EventSpy
{
public:
    explicit EventSpy(TrainingController *controller)
    {
        const auto record = [this](const auto &event) {
            if (const T *e = std::get_if<T>(&event))
                m_events.push_back(*e);
        };
        if constexpr (IsAlternative<T, HistoryEvent>::value)
            QObject::connect(controller, &TrainingController::historyChanged, &m_context, record);
        else
            QObject::connect(controller, &TrainingController::notice, &m_context, record);
    }
    /** True when one more event arrives within timeoutMs (events meanwhile are processed). */
    bool wait(int timeoutMs = 5000)
    {
        const std::size_t before = m_events.size();
        return QTest::qWaitFor([&] { return m_events.size() > before; }, timeoutMs);
    }
    int count() const { return int(m_events.size()); }
    int size() const { return count(); }
    bool isEmpty() const { return m_events.empty(); }
    const T &at(int i) const { return m_events.at(std::size_t(i)); }
    const T &last() const { return m_events.back(); }
    void clear() { m_events.clear(); }
    auto begin() const { return m_events.begin(); }
    auto end() const { return m_events.end(); }

private:
    QObject m_context;
    std::vector<T> m_events;
};

/** Trains exactly n more batches and waits until the controller is paused again (a failure
 *  returns early: check QTest::currentTestFailed() where it matters). */
inline void runBatches(TrainingController *controller, qint64 n)
{
    const auto target = controller->stepCount() + std::uint64_t(n);
    controller->runBatches(n);
    QTRY_COMPARE_WITH_TIMEOUT(controller->stepCount(), target, 20000);
    QTRY_COMPARE(controller->state(), TrainingState::Paused);
}

/** Shows `window` at its default size, opens the data in `folder` and waits until it is loaded
 *  and paused (a failure returns early: check QTest::currentTestFailed()). */
inline void showOnData(MainWindow &window, const QString &folder)
{
    window.resize(MainWindow::defaultSize());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openData(folder);
    QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), TrainingState::Paused, 10000);
}

/** Runs a built program (the app, the CLI) on the offscreen platform; its exit code, or -1 when
 *  it did not start or finish within timeoutMs (then it is killed). out and err: its output. */
inline int runOffscreen(const QString &program, const QStringList &args, QByteArray *out = nullptr,
                        QByteArray *err = nullptr, int timeoutMs = 120000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForStarted(10000) || !p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return -1;
    }
    if (out)
        *out = p.readAllStandardOutput();
    if (err)
        *err = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

/** The toolbar button of the window's action named actionName. */
inline QAbstractButton *toolButton(QWidget *window, const char *actionName)
{
    auto *action = window->findChild<QAction *>(QLatin1String(actionName));
    auto *bar = window->findChild<QToolBar *>(QStringLiteral("controlBar"));
    if (!action || !bar)
        return nullptr;
    return qobject_cast<QAbstractButton *>(bar->widgetForAction(action));
}

} // namespace bplab::test
