#include "classroomsession.h"

#include "trainingcontroller.h"

#include <drawnstore.h>
#include <nn/networkeval.h>
#include <preprocess.h>

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bplab {

ClassroomSession::ClassroomSession(TrainingController *controller, QObject *parent)
    : QObject(parent), m_controller(controller), m_server(new classroom::ClassroomServer(this))
{
    connect(m_server, &classroom::ClassroomServer::drawingReceived, this, &ClassroomSession::onDrawing);
    connect(m_server, &classroom::ClassroomServer::clientRefused, this,
            [](const QString &what) { std::fprintf(stderr, "classroom: refused: %s\n", qPrintable(what)); });
    connect(m_server, &classroom::ClassroomServer::responseReceived, this, [this](const QString &, const QString &value) {
        if (m_question.isEmpty() || m_revealed)
            return;
        ++m_responses[value];
        emit responseGiven(value);
        emit responsesChanged();
    });
}

void ClassroomSession::ask(const QString &text, const QString &kind)
{
    m_question = text;
    m_responses.clear();
    m_revealed = false;
    m_truth.clear();
    if (text.isEmpty())
        m_server->clearQuestion();
    else
        m_server->askQuestion(text, kind);
    emit responsesChanged();
}

void ClassroomSession::reveal(const QString &value)
{
    if (m_question.isEmpty() || m_revealed)
        return;
    m_revealed = true;
    m_truth = value;
    m_server->revealQuestion(value);
    emit responsesChanged();
}

bool ClassroomSession::start(const QHostAddress &address, quint16 port)
{
    if (!m_server->start(address, port))
        return false;
    // Scripts and tests wait for this line: it goes out at once, not when the buffer fills.
    std::printf("classroom: %s code %s\n", qPrintable(m_server->url().toString()), qPrintable(m_server->code()));
    std::fflush(stdout);
    return true;
}

void ClassroomSession::stop()
{
    m_server->stop();
}

ClassroomSession::Drawing ClassroomSession::answer(const QVector<classroom::ClassStroke> &strokes) const
{
    std::vector<Stroke> lines;
    lines.reserve(std::size_t(strokes.size()));
    for (const classroom::ClassStroke &s : strokes) {
        Stroke line;
        for (qsizetype i = 0; i + 1 < s.xy.size(); i += 2)
            line.push_back({s.xy[i], s.xy[i + 1], classroom::kPenWidth});
        lines.push_back(std::move(line));
    }
    // The Draw view's pipeline: its canvas is as large as the page's, its pen as wide.
    StrokeOptions options;
    options.referenceWidth = classroom::kPenWidth;
    const PreprocessResult r = preprocessStrokes(lines, classroom::kCanvasSide, classroom::kCanvasSide, options);
    Drawing d;
    d.raw = r.raw;
    d.input = r.input;
    d.ink = !r.empty;
    const VisualPtr shown = m_controller->shown();
    const bool weights = shown && shown->weights && shown->weights->hasShape(shown->network);
    if (!r.empty && weights) {
        d.probabilities = networkProbabilities(shown->network, *shown->weights, r.input.data(),
                                               m_controller->trainedConfig().normalize);
        d.digit = int(std::max_element(d.probabilities.begin(), d.probabilities.end()) - d.probabilities.begin());
    }
    return d;
}

void ClassroomSession::onDrawing(int id, const QString &nick, const QVector<classroom::ClassStroke> &strokes, int label)
{
    Drawing d = answer(strokes);
    d.id = id;
    d.nick = nick;
    d.label = label;
    const bool ink = d.ink;
    // Why there is no answer, as a word the page puts in its reader's language.
    const QString note = d.digit >= 0 ? QString() : !ink ? QStringLiteral("ink") : QStringLiteral("weights");
    m_server->sendAnswer(id, d.digit, d.probabilities, note);
    // What the Class view shows, for scripts and the browser test: the same rounding as the page.
    const double percent = d.digit >= 0 ? std::round(double(d.probabilities[std::size_t(d.digit)]) * 10000.0) / 100.0 : 0.0;
    if (label >= 0)
        std::printf("classroom: drawing %d answer %d %.1f%% label %d\n", id, d.digit, percent, label);
    else
        std::printf("classroom: drawing %d answer %d %.1f%%\n", id, d.digit, percent);
    std::fflush(stdout);
    m_drawings.append(std::move(d));
    if (m_drawings.size() > kMaxDrawings)
        m_drawings.remove(0, m_drawings.size() - kMaxDrawings);
    emit drawingsChanged();
}

void ClassroomSession::remove(int id)
{
    const auto n = m_drawings.removeIf([id](const Drawing &d) { return d.id == id; });
    if (n > 0)
        emit drawingsChanged();
}

void ClassroomSession::setLabel(int id, int label)
{
    for (Drawing &d : m_drawings)
        if (d.id == id && d.label != label && label >= -1 && label <= 9) {
            d.label = label;
            emit drawingsChanged();
        }
}

Result<int> ClassroomSession::collect(const QString &folder)
{
    int added = 0;
    QString problem;
    QVector<Drawing> kept;
    for (const Drawing &d : m_drawings) {
        if (d.label < 0 || !d.ink || !problem.isEmpty()) {
            kept.append(d);
            continue;
        }
        const Result<std::size_t> n = appendDrawnDigit(folder, d.input, d.label);
        if (!n) {
            problem = QString::fromStdString(n.error());
            kept.append(d);
            continue;
        }
        if (const Result<QString> saved = saveDrawnPicture(folder, d.raw, d.label, *n); !saved)
            problem = QString::fromStdString(saved.error());
        ++added;
    }
    if (added > 0) {
        m_drawings = kept;
        emit drawingsChanged();
    }
    if (!problem.isEmpty())
        return Error{problem.toStdString()};
    return added;
}

} // namespace bplab
