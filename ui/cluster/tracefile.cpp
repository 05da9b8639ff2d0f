#include "tracefile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>

namespace bplab::clusterview {

using namespace bplab::cluster;

namespace {

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
    return parseMeasuredTrace(file.readAll(), path);
}

Result<MeasuredRun> parseMeasuredTrace(const QByteArray &json, const QString &name)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return error(QObject::tr("%1 is not a trace (JSON error at byte %2: %3).")
                             .arg(name)
                             .arg(parseError.offset)
                             .arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    const QJsonObject info = root.value(QLatin1String("otherData")).toObject();
    MeasuredRun run;
    run.source = info.value(QLatin1String("source")).toString().toStdString();
    run.ranks = info.value(QLatin1String("ranks")).toString().toInt();
    run.samplesPerRank = info.value(QLatin1String("batch")).toString().toInt();
    if (run.source.find("simulate") != std::string::npos)
        return error(
                QObject::tr(
                        "%1 is a simulated run (backprop-lab-cli simulate --trace). Open the trace "
                        "that backprop-lab-cli train --mpi --trace wrote.")
                        .arg(name));
    const QJsonArray events = root.value(QLatin1String("traceEvents")).toArray();
    for (const QJsonValue &v : events) {
        const QJsonObject ev = v.toObject();
        if (ev.value(QLatin1String("ph")).toString() != QLatin1String("X"))
            continue;
        const QString kind = ev.value(QLatin1String("name")).toString();
        MeasuredSpan span;
        if (kind == QLatin1String("compute"))
            span.kind = MeasuredKind::Compute;
        else if (kind == QLatin1String("wait"))
            span.kind = MeasuredKind::Wait;
        else if (kind == QLatin1String("allreduce"))
            span.kind = MeasuredKind::AllReduce;
        else
            continue;
        const QJsonObject args = ev.value(QLatin1String("args")).toObject();
        span.rank = ev.value(QLatin1String("pid")).toInt();
        span.step = args.value(QLatin1String("step")).toInteger();
        // ts and dur are microseconds
        span.start = ev.value(QLatin1String("ts")).toDouble() * 1e-6;
        span.seconds = ev.value(QLatin1String("dur")).toDouble() * 1e-6;
        span.bytes = args.value(QLatin1String("bytes")).toDouble();
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
