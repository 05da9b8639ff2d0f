#include "tracefile.h"

#include "io/json.h"

#include <QFile>
#include <QObject>

namespace bplab::clusterview {

using namespace bplab::cluster;

namespace {

/** A measured run's trace holds a few events a training step; no run we write comes near this. */
constexpr std::size_t kMaxTraceBytes = std::size_t(256) << 20;

Error error(const QString &message)
{
    return Error {message.toStdString()};
}

} // namespace

Result<MeasuredRun> readMeasuredTrace(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return error(QObject::tr("Cannot open %1: %2").arg(path, file.errorString()));
    if (file.size() > qint64(kMaxTraceBytes))
        return error(QObject::tr("%1 is not a trace (%2).")
                             .arg(path, QString::fromStdString("the file is " + std::to_string(file.size())
                                                               + " bytes long; at most "
                                                               + std::to_string(kMaxTraceBytes) + " are read")));
    return parseMeasuredTrace(file.readAll(), path);
}

Result<MeasuredRun> parseMeasuredTrace(const QByteArray &json, const QString &name)
{
    const auto doc = parseJson(std::string_view(json.constData(), std::size_t(json.size())), kMaxTraceBytes);
    if (!doc)
        return error(QObject::tr("%1 is not a trace (%2).").arg(name, QString::fromStdString(doc.error())));
    // Members of the wrong kind read as missing, as the viewer reads them.
    const auto member = [](const Json *o, const char *key) { return o ? jsonMember(*o, key) : nullptr; };
    const auto text = [](const Json *v) { return v && v->is_string() ? v->get<std::string>() : std::string(); };
    const auto number = [](const Json *v) { return v && v->is_number() ? v->get<double>() : 0.0; };
    const Json *info = member(&*doc, "otherData");
    MeasuredRun run;
    run.source = text(member(info, "source"));
    run.ranks = QString::fromStdString(text(member(info, "ranks"))).toInt();
    run.samplesPerRank = QString::fromStdString(text(member(info, "batch"))).toInt();
    if (run.source.find("simulate") != std::string::npos)
        return error(
                QObject::tr(
                        "%1 is a simulated run (backprop-lab-cli simulate --trace). Open the trace "
                        "that backprop-lab-cli train --mpi --trace wrote.")
                        .arg(name));
    const Json *events = member(&*doc, "traceEvents");
    for (std::size_t i = 0; events && events->is_array() && i < events->size(); ++i) {
        const Json *ev = &(*events)[i];
        if (text(member(ev, "ph")) != "X")
            continue;
        const std::string kind = text(member(ev, "name"));
        MeasuredSpan span;
        if (kind == "compute")
            span.kind = MeasuredKind::Compute;
        else if (kind == "wait")
            span.kind = MeasuredKind::Wait;
        else if (kind == "allreduce")
            span.kind = MeasuredKind::AllReduce;
        else
            continue;
        const Json *args = member(ev, "args");
        span.rank = int(number(member(ev, "pid")));
        span.step = static_cast<long long>(number(member(args, "step")));
        // ts and dur are microseconds
        span.start = number(member(ev, "ts")) * 1e-6;
        span.seconds = number(member(ev, "dur")) * 1e-6;
        span.bytes = number(member(args, "bytes"));
        run.spans.push_back(span);
    }
    if (run.spans.empty())
        return error(
                QObject::tr("%1 holds no measured compute or all-reduce spans: open the trace that "
                            "backprop-lab-cli train --mpi --trace wrote.")
                        .arg(name));
    return run;
}

} // namespace bplab::clusterview
