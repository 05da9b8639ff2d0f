#include "command.h"

#include "data/idx.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace bplab::cli {

namespace {
bool g_quiet = false;
QString g_lastError;
} // namespace

void setOutputQuiet(bool quiet)
{
    g_quiet = quiet;
}

QString lastErrorLine()
{
    return g_lastError;
}

void printOut(const QString &text)
{
    if (g_quiet)
        return;
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, std::size_t(utf8.size()), stdout);
    std::fflush(stdout);
}

namespace {
void writeErrLine(const QString &line)
{
    if (g_quiet)
        return;
    const QByteArray utf8 = (oneLine(line) + QLatin1Char('\n')).toUtf8();
    std::fwrite(utf8.constData(), 1, std::size_t(utf8.size()), stderr);
    std::fflush(stderr);
}
} // namespace

void printErr(const QString &line)
{
    g_lastError = oneLine(line);
    writeErrLine(line);
}

QString oneLine(const QString &message)
{
    // "Looked in:\n  a\n  b\nRun ..." -> "Looked in: a; b; Run ...": a line ending in ':' runs on.
    QString out;
    for (QString part : message.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        part = part.trimmed();
        if (part.startsWith(QLatin1String("- ")))
            part = part.mid(2);
        if (part.isEmpty())
            continue;
        if (!out.isEmpty())
            out += out.endsWith(QLatin1Char(':')) || out.endsWith(QLatin1Char(';'))
                           ? QStringLiteral(" ")
                           : QStringLiteral("; ");
        out += part;
    }
    return out;
}

QString thousands(std::uint64_t n)
{
    return qs(withThousands(n));
}
QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

void splitPositionals(const QStringList &args, const QStringList &valueOptions, QStringList &options,
                      QStringList &positionals)
{
    options = {args.value(0)};
    for (int i = 1; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--")) {
            positionals += args.mid(i + 1);
            return;
        }
        if (a.startsWith(QLatin1Char('-'))) {
            options << a;
            if (valueOptions.contains(a) && i + 1 < args.size())
                options << args[++i];
        } else {
            positionals << a;
        }
    }
}

Command::Command(QString name, QString summary, QString details)
    : m_name(std::move(name))
    , m_summary(std::move(summary))
    , m_details(std::move(details))
{
    m_parser.setApplicationDescription(m_summary);
    m_parser.addHelpOption();
    m_parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
}

void Command::addOption(const QString &name, const QString &description, const QString &valueName,
                        const QString &defaultValue)
{
    QCommandLineOption option(name, description, valueName, defaultValue);
    m_parser.addOption(option);
}

QString Command::helpText() const
{
    // Qt's usage line names the binary's path; ours names the command.
    QString text = m_parser.helpText();
    const qsizetype eol = text.indexOf(QLatin1Char('\n'));
    const QString usage
            = QStringLiteral("Usage: %1 %2 [options]").arg(QLatin1String(kProgram), m_name);
    text = usage + (eol >= 0 ? text.mid(eol) : QString());
    if (!m_details.isEmpty())
        text += QLatin1Char('\n') + m_details.trimmed() + QLatin1Char('\n');
    return text;
}

int Command::parse(const QStringList &args)
{
    // The parser skips its first element as the program name; ours is the command name.
    if (!m_parser.parse(args))
        return usageError(
                m_parser.errorText()
                + QStringLiteral(" (see %1 %2 --help)").arg(QLatin1String(kProgram), m_name));
    if (m_parser.isSet(QStringLiteral("help"))) {
        printOut(helpText());
        return kExitOk;
    }
    if (!m_parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("unexpected argument '%1' (see %2 %3 --help)")
                                  .arg(m_parser.positionalArguments().first(),
                                       QLatin1String(kProgram), m_name));
    return -1;
}

int Command::usageError(const QString &message) const
{
    printErr(QStringLiteral("%1 %2: %3").arg(QLatin1String(kProgram), m_name, message));
    return kExitUsage;
}

int Command::dataError(const QString &message) const
{
    printErr(QStringLiteral("%1 %2: %3").arg(QLatin1String(kProgram), m_name, message));
    return kExitBadData;
}

void Command::note(const QString &message) const
{
    writeErrLine(message);
}

bool Command::require(const QString &option) const
{
    if (m_parser.isSet(option))
        return true;
    usageError(QStringLiteral("--%1 is required (see %2 %3 --help)")
                       .arg(option, QLatin1String(kProgram), m_name));
    return false;
}

bool Command::intValue(const QString &option, long long min, long long max, long long &out) const
{
    if (!m_parser.isSet(option))
        return true;
    bool ok = false;
    const QString text = m_parser.value(option).trimmed();
    const long long v = text.toLongLong(&ok);
    if (!ok || v < min || v > max) {
        usageError(QStringLiteral("--%1 must be a whole number from %2 to %3 (got '%4')")
                           .arg(option, QString::number(min), QString::number(max), text));
        return false;
    }
    out = v;
    return true;
}

bool Command::intValue(const QString &option, int min, int max, int &out) const
{
    long long v = out;
    if (!intValue(option, (long long)min, (long long)max, v))
        return false;
    out = int(v);
    return true;
}

bool Command::seedValue(const QString &option, std::uint64_t &out) const
{
    if (!m_parser.isSet(option))
        return true;
    bool ok = false;
    const QString text = m_parser.value(option).trimmed();
    const qulonglong v = text.toULongLong(&ok);
    if (!ok) {
        usageError(QStringLiteral("--%1 must be a whole number from 0 to %2 (got '%3')")
                           .arg(option, QString::number(std::numeric_limits<qulonglong>::max()),
                                text));
        return false;
    }
    out = v;
    return true;
}

bool Command::doubleValue(const QString &option, double min, double max, double &out,
                          bool minExclusive) const
{
    if (!m_parser.isSet(option))
        return true;
    bool ok = false;
    const QString text = m_parser.value(option).trimmed();
    const double v = text.toDouble(&ok);
    const bool aboveMin = minExclusive ? v > min : v >= min;
    if (!ok || !std::isfinite(v) || !aboveMin || v > max) {
        usageError(QStringLiteral("--%1 must be a number %2 %3 and at most %4 (got '%5')")
                           .arg(option,
                                minExclusive ? QStringLiteral("above") : QStringLiteral("from"),
                                QString::number(min), QString::number(max), text));
        return false;
    }
    out = v;
    return true;
}

bool Command::choiceValue(const QString &option, const QStringList &choices, QString &out) const
{
    if (!m_parser.isSet(option))
        return true;
    const QString text = m_parser.value(option).trimmed().toLower();
    if (!choices.contains(text)) {
        usageError(QStringLiteral("--%1 must be one of %2 (got '%3')")
                           .arg(option, choices.join(QLatin1Char('|')), m_parser.value(option)));
        return false;
    }
    out = text;
    return true;
}

} // namespace bplab::cli
