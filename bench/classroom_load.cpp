// The classroom under load, on the loopback address only (not a test: it reports, and its exit
// code says whether the targets were met). Three kinds of runs of the app, each training with
// --quit-when-done --report:
//   none   without the classroom (the training's own speed, and the app's memory);
//   idle   with the classroom and N students joined who only send the page's heartbeat;
//   load   N students who each send a drawing and an answer every second for S seconds.
// It checks: the app exits 0 (no crash); the GUI thread's p99 lateness of the load run is under
// 50 ms (the report's ui_latency_ms_p99); every drawing sent is answered once and appears once in
// the app's "classroom: drawing N ..." lines; the training keeps at least 95% of its speed with
// the idle class; and it prints the app's peak memory with and without the class.
// The load run trains for about 1.3 times S at the idle class's speed so that the students send for
// all S seconds while training runs at full speed: when the default network's 1,000 epochs (the
// app's limit) would end sooner, it trains a wider network instead (its epochs estimated from the
// idle rounds by the multiply-adds per sample). The report covers the whole run, the tail after the
// students stop too; a load that lasted under 90% of S is a failure.
//
// Run: classroom_load --app build/app/gui/backprop-lab --data DIR [--students 60] [--seconds 60]
//                     [--epochs 20] [--rounds 2] [--train-subset N]
// Everything stays on 127.0.0.1; at most --students + 1 connections; every run is killed after
// four times its expected length.

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTimer>
#include <QWebSocket>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

namespace {

struct BenchOptions
{
    QString app;
    QString data;
    int students = 60;
    int seconds = 60;
    int epochs = 20;
    int rounds = 2;
    int trainSubset = 0;
};

/** What one run of the app gave. */
struct RunResult
{
    bool ok = false;
    QString error;
    int exitCode = -1;
    QJsonObject report;
    double peakRssMb = 0; // VmHWM of the app, read while it ran
    // The class's side (idle and load runs).
    int joined = 0;
    int drawingsSent = 0;
    int answers = 0;
    int responsesSent = 0;
    QMap<QString, int> errors; // error code -> how many
    int dropped = 0;           // students whose connection ended while the app ran (up to its last second)
    int answerLines = 0;       // the app's "classroom: drawing N answer ..." lines
    int uniqueIds = 0;
    double loadSeconds = 0;    // how long the students sent
};

double peakRssMb(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

/** A student's browser: joins with the code, beats every 20 s, and (when sending) sends a drawing
 *  and an answer every second. */
class SimStudent : public QObject
{
public:
    SimStudent(int index, const QUrl &ws, const QString &origin, const QString &code, RunResult *result)
        : m_index(index), m_socket(origin), m_code(code), m_result(result)
    {
        connect(&m_socket, &QWebSocket::connected, this, [this] {
            m_socket.sendTextMessage(QStringLiteral(R"({"type":"join","code":"%1","nick":"S%2"})").arg(m_code).arg(m_index));
        });
        connect(&m_socket, &QWebSocket::textMessageReceived, this, [this](const QString &text) { receive(text); });
        connect(&m_socket, &QWebSocket::disconnected, this, [this] { m_joined = false; });
        m_beat.setInterval(20000);
        connect(&m_beat, &QTimer::timeout, this, [this] { m_socket.sendTextMessage(QStringLiteral(R"({"type":"heartbeat"})")); });
        m_tick.setInterval(1000);
        connect(&m_tick, &QTimer::timeout, this, &SimStudent::sendDrawing);
        m_socket.open(ws);
    }
    bool joined() const { return m_joined; }
    /** Starts sending after `offsetMs` (the class's messages spread over the second). */
    void startSending(int offsetMs)
    {
        QTimer::singleShot(offsetMs, this, [this] {
            sendDrawing();
            m_tick.start();
        });
    }
    void stopSending() { m_tick.stop(); }
    void close()
    {
        m_tick.stop();
        m_beat.stop();
        m_socket.close();
    }

private:
    void receive(const QString &text)
    {
        const QJsonObject m = QJsonDocument::fromJson(text.toUtf8()).object();
        const QString type = m.value(QLatin1String("type")).toString();
        if (type == QLatin1String("joined")) {
            m_joined = true;
            ++m_result->joined;
            m_beat.start();
        } else if (type == QLatin1String("answer")) {
            ++m_result->answers;
        } else if (type == QLatin1String("error")) {
            ++m_result->errors[m.value(QLatin1String("error")).toString()];
        }
    }
    void sendDrawing()
    {
        if (!m_joined)
            return;
        // A 3, shifted a little per student and second so that no two drawings are the same.
        const int dx = (m_index * 7 + m_sent * 3) % 41 - 20, dy = (m_index * 5 + m_sent * 11) % 41 - 20;
        static const int three[][2] = {{120, 88}, {168, 60}, {232, 60}, {272, 96}, {264, 144}, {220, 180}, {180, 192},
                                       {228, 200}, {276, 240}, {280, 288}, {240, 332}, {180, 344}, {120, 320}};
        QString xy;
        for (const auto &p : three)
            xy += QStringLiteral("%1%2,%3").arg(xy.isEmpty() ? QString() : QStringLiteral(",")).arg(p[0] + dx).arg(p[1] + dy);
        m_socket.sendTextMessage(QStringLiteral(R"({"type":"drawing","strokes":[[%1]]})").arg(xy));
        ++m_result->drawingsSent;
        ++m_sent;
        // The answer to the lesson's question, if one is open (else the server refuses it: "state").
        m_socket.sendTextMessage(QStringLiteral(R"({"type":"response","value":"%1"})").arg(m_sent % 10));
        ++m_result->responsesSent;
    }

    int m_index;
    QWebSocket m_socket;
    QString m_code;
    RunResult *m_result;
    QTimer m_beat;
    QTimer m_tick;
    bool m_joined = false;
    int m_sent = 0;
};

/** Waits, with the event loop running, until `done` or `ms` passed. */
template <typename F>
bool waitUntil(F done, int ms)
{
    // The event loop sleeps until a socket, the app's output or the 20 ms check wakes it: the
    // students' side must not spin a core that the app it measures needs (processEvents in a loop
    // polled every socket without pause and took half of the two cores).
    QElapsedTimer t;
    t.start();
    QEventLoop loop;
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done() || t.elapsed() >= ms)
            loop.quit();
    });
    check.start(20);
    if (!done())
        loop.exec();
    return done();
}

enum class Kind { None, Idle, Load };

RunResult runApp(const BenchOptions &o, Kind kind, int epochs, double expectedSeconds, const QString &hidden = {})
{
    RunResult r;
    QTemporaryDir home;
    const QString report = home.filePath(QStringLiteral("report.json"));
    QStringList args{QStringLiteral("--data"), o.data, QStringLiteral("--epochs"), QString::number(epochs),
                     QStringLiteral("--quit-when-done"), QStringLiteral("--report"), report};
    if (o.trainSubset > 0)
        args << QStringLiteral("--train-subset") << QString::number(o.trainSubset);
    if (!hidden.isEmpty())
        args << QStringLiteral("--hidden") << hidden;
    if (kind != Kind::None)
        args << QStringLiteral("--classroom") << QStringLiteral("0");
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
    app.setProcessEnvironment(env);
    app.setProcessChannelMode(QProcess::SeparateChannels);
    QByteArray out;
    QUrl page;
    QString code;
    QList<int> ids;
    static const QRegularExpression started(QStringLiteral(R"(^classroom: (http://127\.0\.0\.1:(\d+)/) code (\d{6})$)"));
    static const QRegularExpression answered(QStringLiteral(R"(^classroom: drawing (\d+) answer )"));
    QObject::connect(&app, &QProcess::readyReadStandardOutput, &app, [&] {
        out += app.readAllStandardOutput();
        qsizetype nl;
        while ((nl = out.indexOf('\n')) >= 0) {
            const QString line = QString::fromUtf8(out.left(nl));
            out.remove(0, nl + 1);
            if (const auto m = started.match(line); m.hasMatch()) {
                page = QUrl(m.captured(1));
                code = m.captured(3);
            } else if (const auto a = answered.match(line); a.hasMatch()) {
                ids.append(a.captured(1).toInt());
            }
        }
    });
    app.start(o.app, args);
    if (!app.waitForStarted(10000)) {
        r.error = QStringLiteral("cannot start %1").arg(o.app);
        return r;
    }
    const qint64 pid = app.processId();
    // Every quarter second: the app's peak memory, and how many students are still there (the
    // app closes every connection when it quits, so the last second does not count).
    std::vector<std::unique_ptr<SimStudent>> students;
    QList<QPair<qint64, int>> present;
    bool allJoined = false;
    QElapsedTimer wall;
    wall.start();
    QTimer memory;
    QObject::connect(&memory, &QTimer::timeout, &memory, [&] {
        r.peakRssMb = std::max(r.peakRssMb, peakRssMb(pid));
        if (allJoined && app.state() == QProcess::Running)
            present.append({wall.elapsed(), int(std::count_if(students.begin(), students.end(), [](const auto &s) { return s->joined(); }))});
    });
    memory.start(250);
    const int limitMs = int(std::max(60.0, 4 * expectedSeconds) * 1000);
    if (kind != Kind::None) {
        if (!waitUntil([&] { return !code.isEmpty() || app.state() == QProcess::NotRunning; }, 30000)) {
            r.error = QStringLiteral("no classroom line");
            app.kill();
            return r;
        }
        QUrl ws = page;
        ws.setScheme(QStringLiteral("ws"));
        ws.setPath(QStringLiteral("/ws"));
        const QString origin = page.toString(QUrl::RemovePath);
        for (int i = 0; i < o.students; ++i)
            students.push_back(std::make_unique<SimStudent>(i + 1, ws, origin, code, &r));
        waitUntil([&] { return r.joined == o.students || app.state() == QProcess::NotRunning; }, 20000);
        allJoined = true;
        if (kind == Kind::Load) {
            QElapsedTimer load;
            load.start();
            for (int i = 0; i < o.students; ++i)
                students[std::size_t(i)]->startSending(i * 1000 / o.students);
            waitUntil([&] { return app.state() == QProcess::NotRunning; }, o.seconds * 1000);
            for (auto &s : students)
                s->stopSending();
            r.loadSeconds = double(load.elapsed()) / 1000.0;
            // The answers still on their way.
            waitUntil([&] { return r.answers >= r.drawingsSent || app.state() == QProcess::NotRunning; }, 10000);
            waitUntil([&] { return ids.size() >= r.drawingsSent || app.state() == QProcess::NotRunning; }, 2000);
        }
    }
    waitUntil([&] { return app.state() == QProcess::NotRunning; }, std::max(1, limitMs - int(wall.elapsed())));
    const qint64 exitAt = wall.elapsed();
    int least = int(students.size());
    for (const auto &[at, n] : present)
        if (at < exitAt - 1000)
            least = std::min(least, n);
    r.dropped = int(students.size()) - least;
    for (auto &s : students)
        s->close();
    if (app.state() != QProcess::NotRunning) {
        r.error = QStringLiteral("the app was still running after %1 s: killed").arg(limitMs / 1000);
        app.kill();
        app.waitForFinished(5000);
        return r;
    }
    r.exitCode = app.exitStatus() == QProcess::NormalExit ? app.exitCode() : -1;
    r.answerLines = int(ids.size());
    r.uniqueIds = int(QSet<int>(ids.begin(), ids.end()).size());
    QFile f(report);
    if (f.open(QIODevice::ReadOnly))
        r.report = QJsonDocument::fromJson(f.readAll()).object();
    r.ok = r.exitCode == 0 && !r.report.isEmpty();
    if (!r.ok && r.error.isEmpty())
        r.error = QStringLiteral("exit code %1, stderr: %2").arg(r.exitCode).arg(QString::fromLocal8Bit(app.readAllStandardError().right(400)));
    return r;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication qapp(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("The classroom under load on 127.0.0.1: N students, training speed, GUI latency, memory."));
    p.addHelpOption();
    const QCommandLineOption app(QStringLiteral("app"), QStringLiteral("backprop-lab's executable."), QStringLiteral("PATH"));
    const QCommandLineOption data(QStringLiteral("data"), QStringLiteral("An IDX data folder."), QStringLiteral("DIR"));
    const QCommandLineOption students(QStringLiteral("students"), QStringLiteral("Simulated students (default 60)."), QStringLiteral("N"));
    const QCommandLineOption seconds(QStringLiteral("seconds"), QStringLiteral("How long they send (default 60)."), QStringLiteral("S"));
    const QCommandLineOption epochs(QStringLiteral("epochs"), QStringLiteral("Epochs of the speed runs (default 20)."), QStringLiteral("N"));
    const QCommandLineOption rounds(QStringLiteral("rounds"), QStringLiteral("Speed runs of each kind, alternating (default 2)."), QStringLiteral("N"));
    const QCommandLineOption subset(QStringLiteral("train-subset"), QStringLiteral("Train on N images (0: all)."), QStringLiteral("N"));
    p.addOptions({app, data, students, seconds, epochs, rounds, subset});
    p.process(qapp);
    BenchOptions o;
    o.app = p.value(app);
    o.data = p.value(data);
    if (o.app.isEmpty() || o.data.isEmpty()) {
        std::fprintf(stderr, "classroom_load: --app and --data are needed\n");
        return 2;
    }
    // Bounded: at most 60 students (the server's own limit), at most 10 minutes of load.
    o.students = std::clamp(p.value(students).isEmpty() ? 60 : p.value(students).toInt(), 1, 60);
    o.seconds = std::clamp(p.value(seconds).isEmpty() ? 60 : p.value(seconds).toInt(), 5, 600);
    o.epochs = std::clamp(p.value(epochs).isEmpty() ? 20 : p.value(epochs).toInt(), 1, 10000);
    o.rounds = std::clamp(p.value(rounds).isEmpty() ? 2 : p.value(rounds).toInt(), 1, 10);
    o.trainSubset = std::max(0, p.value(subset).toInt());

    std::vector<double> none, idle, noneRss, idleRss, noneGuiCpuShare;
    double epochSeconds = 0;
    int idleJoined = o.students;
    bool ok = true;
    const auto fail = [&ok](const QString &why) {
        std::printf("FAILED: %s\n", qPrintable(why));
        ok = false;
    };
    for (int round = 0; round < o.rounds; ++round) {
        for (const Kind kind : {Kind::None, Kind::Idle}) {
            const RunResult r = runApp(o, kind, o.epochs, epochSeconds > 0 ? epochSeconds * o.epochs : 120);
            if (!r.ok) {
                fail(QStringLiteral("%1 run: %2").arg(kind == Kind::None ? QStringLiteral("none") : QStringLiteral("idle"), r.error));
                continue;
            }
            const double sps = r.report.value(QLatin1String("samples_per_second")).toDouble();
            const double runSeconds = r.report.value(QLatin1String("run_seconds")).toDouble();
            // The GUI thread's CPU time: what the class costs the app, whatever else the machine runs.
            std::printf("%-5s round %d: %.0f samples/s, %.1f s, GUI p99 %.1f ms, GUI thread CPU %.2f s, peak RSS %.0f MB%s\n",
                        kind == Kind::None ? "none" : "idle", round + 1, sps, runSeconds,
                        r.report.value(QLatin1String("ui_latency_ms_p99")).toDouble(),
                        r.report.value(QLatin1String("gui_thread_cpu_seconds")).toDouble(), r.peakRssMb,
                        kind == Kind::Idle ? qPrintable(QStringLiteral(", %1 joined, %2 dropped").arg(r.joined).arg(r.dropped)) : "");
            std::fflush(stdout);
            (kind == Kind::None ? none : idle).push_back(sps);
            (kind == Kind::None ? noneRss : idleRss).push_back(r.peakRssMb);
            const double wallSeconds = r.report.value(QLatin1String("seconds")).toDouble();
            if (kind == Kind::None && wallSeconds > 0)
                noneGuiCpuShare.push_back(r.report.value(QLatin1String("gui_thread_cpu_seconds")).toDouble() / wallSeconds);
            if (kind == Kind::None)
                epochSeconds = runSeconds / o.epochs;
            else
                idleJoined = std::min(idleJoined, r.joined - r.dropped);
        }
    }
    const double ratio = median(none) > 0 ? median(idle) / median(none) : 0;

    // The load: trained long enough for the students to be there for most of the run.
    const double idleEpochSeconds = median(idle) > 0 && median(none) > 0 ? epochSeconds * median(none) / median(idle) : epochSeconds;
    // At most the app's 1,000 epochs: a network whose 1,000 epochs end before the load does is
    // replaced by a wider one. Multiply-adds per sample: 784-128-10 has 101,632.
    struct LoadNetwork
    {
        const char *hidden;
        double multiplyAdds;
    };
    static constexpr LoadNetwork kLoadNetworks[] = {{"", 784 * 128 + 128 * 10},
                                                    {"512,512", 784 * 512 + 512 * 512 + 512 * 10},
                                                    {"1024,1024", 784 * 1024 + 1024 * 1024 + 1024 * 10}};
    LoadNetwork loadNetwork = kLoadNetworks[0];
    int loadEpochs = 1;
    for (const LoadNetwork &n : kLoadNetworks) {
        const double seconds = std::max(1e-3, idleEpochSeconds * n.multiplyAdds / kLoadNetworks[0].multiplyAdds);
        loadNetwork = n;
        loadEpochs = std::clamp(int(std::ceil(1.3 * o.seconds / seconds)), 1, 1000);
        if (loadEpochs * seconds >= 1.3 * o.seconds)
            break;
    }
    const QString loadHidden = QString::fromLatin1(loadNetwork.hidden);
    const RunResult load = runApp(o, Kind::Load, loadEpochs, 1.3 * o.seconds + 30, loadHidden);
    const double p99 = load.report.value(QLatin1String("ui_latency_ms_p99")).toDouble();
    if (!load.ok)
        fail(QStringLiteral("load run: %1").arg(load.error));
    std::printf("load: %d students joined, %.1f s of drawings, %d epochs of 784-%s-10 (%.1f s of training)\n", load.joined,
                load.loadSeconds, loadEpochs, loadHidden.isEmpty() ? "128" : qPrintable(QString(loadHidden).replace(u',', u'-')),
                load.report.value(QLatin1String("run_seconds")).toDouble());
    std::printf("load: %d drawings sent, %d answered, %d in the app's lines (%d distinct); %d answers to the question sent\n",
                load.drawingsSent, load.answers, load.answerLines, load.uniqueIds, load.responsesSent);
    QStringList errors;
    for (auto it = load.errors.begin(); it != load.errors.end(); ++it)
        errors << QStringLiteral("%1: %2").arg(it.key()).arg(it.value());
    std::printf("load: errors from the server: %s; students dropped: %d\n",
                errors.isEmpty() ? "none" : qPrintable(errors.join(QStringLiteral(", "))), load.dropped);
    std::printf("load: GUI thread lateness p50 %.2f ms, p99 %.2f ms, max %.1f ms; %.0f samples/s; peak RSS %.0f MB\n",
                load.report.value(QLatin1String("ui_latency_ms_p50")).toDouble(), p99,
                load.report.value(QLatin1String("ui_latency_ms_max")).toDouble(),
                load.report.value(QLatin1String("samples_per_second")).toDouble(), load.peakRssMb);
    // Whether a late GUI thread was busy or waiting for a core: its own CPU time over the run, and
    // what the class added to it per message received (each student's drawing and answer), over
    // what the GUI thread takes while training without the classroom (the none runs' share).
    const double guiCpu = load.report.value(QLatin1String("gui_thread_cpu_seconds")).toDouble();
    const double loadWall = load.report.value(QLatin1String("seconds")).toDouble();
    const double classCpu = guiCpu - median(noneGuiCpuShare) * loadWall;
    const int messages = load.drawingsSent + load.responsesSent;
    std::printf("load: GUI thread CPU %.1f s in %.1f s (%.0f%% of a core; %.0f%% without the classroom); the class's "
                "share %.1f s, %.0f us per message received\n",
                guiCpu, loadWall, loadWall > 0 ? 100 * guiCpu / loadWall : 0.0, 100 * median(noneGuiCpuShare), classCpu,
                messages > 0 ? 1e6 * classCpu / messages : 0.0);
    std::printf("speed: %.0f samples/s without the classroom, %.0f with %d idle students: %.1f%%\n", median(none),
                median(idle), o.students, 100 * ratio);
    std::printf("memory: peak RSS %.0f MB without the classroom, %.0f MB with the idle class, %.0f MB under load\n",
                median(noneRss), median(idleRss), load.peakRssMb);

    if (load.ok) {
        if (load.joined != o.students || load.dropped != 0)
            fail(QStringLiteral("%1 of %2 students joined, %3 dropped").arg(load.joined).arg(o.students).arg(load.dropped));
        if (load.answers != load.drawingsSent || load.answerLines != load.drawingsSent || load.uniqueIds != load.answerLines)
            fail(QStringLiteral("drawings not counted once each"));
        if (load.loadSeconds < 0.9 * o.seconds)
            fail(QStringLiteral("the students sent for %1 s of %2: training ended first").arg(load.loadSeconds, 0, 'f', 1).arg(o.seconds));
        if (!(p99 < 50))
            fail(QStringLiteral("GUI p99 %1 ms (target < 50)").arg(p99));
    }
    if (idleJoined != o.students)
        fail(QStringLiteral("only %1 idle students stayed").arg(idleJoined));
    if (!none.empty() && !idle.empty() && ratio < 0.95)
        fail(QStringLiteral("training kept %1% of its speed with the idle class (target >= 95%)").arg(100 * ratio, 0, 'f', 1));
    std::printf("%s\n", ok ? "all targets met" : "NOT all targets met");
    return ok ? 0 : 1;
}
