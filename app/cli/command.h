#pragma once
// What every command shares: its parser and --help, typed option values with range checks, and
// the exit-code contract (0 success, 1 usage error, 2 bad input data), each failure reported as
// one line on stderr.

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>

namespace bplab::cli {

enum ExitCode : int {
    kExitOk = 0,
    kExitUsage = 1,   ///< unknown option, missing or malformed value
    kExitBadData = 2, ///< a file that cannot be read, is damaged, or a value outside the data
    kExitPartly = 3,  ///< import-images: some files imported, others skipped (named on stderr)
    kExitInterrupted = 130,
};

inline constexpr const char *kProgram = "backprop-lab-cli";

/** Writes text to stdout / one line to stderr (UTF-8, flushed). */
void printOut(const QString &text);
void printErr(const QString &line);
/** Quiet: printOut, printErr and notes write nothing (the ranks but 0 of an MPI run). */
void setOutputQuiet(bool quiet);
/** The last line printErr was given (also when quiet), for passing it to another process. */
QString lastErrorLine();
/** Collapses a multi-line message into one line ("a; b; c"). */
QString oneLine(const QString &message);
/** 47040016 -> "47,040,016". */
QString thousands(std::uint64_t n);
QString qs(const std::string &s);

/**
 * Splits the positional arguments (folders, pictures) off args, which the shared parser refuses:
 * every argument that is neither an option nor the value of one of valueOptions ("--model"), and
 * everything after "--". options keeps args[0] and the options, for Command::parse.
 */
void splitPositionals(const QStringList &args, const QStringList &valueOptions, QStringList &options,
                      QStringList &positionals);

class Command
{
public:
    /** name as typed ("train"); summary is the first line of --help; details follow the options. */
    Command(QString name, QString summary, QString details = {});

    QCommandLineParser &parser() { return m_parser; }
    const QString &name() const { return m_name; }

    void addOption(const QString &name, const QString &description, const QString &valueName = {},
                   const QString &defaultValue = {});

    /** Parses args (args[0] = the command). Returns -1 to go on, else the exit code to return
     *  (0 after --help, 1 after a usage error, which has been printed). */
    int parse(const QStringList &args);
    QString helpText() const;

    bool isSet(const QString &option) const { return m_parser.isSet(option); }
    QString value(const QString &option) const { return m_parser.value(option); }

    // Typed values. Each leaves `out` unchanged when the option is not given, and returns false
    // after printing a usage error when the value is malformed or out of range.
    bool intValue(const QString &option, long long min, long long max, long long &out) const;
    bool intValue(const QString &option, int min, int max, int &out) const;
    bool seedValue(const QString &option, std::uint64_t &out) const;
    bool doubleValue(const QString &option, double min, double max, double &out,
                     bool minExclusive = false) const;
    bool choiceValue(const QString &option, const QStringList &choices, QString &out) const;
    /** A required option: prints a usage error when missing. */
    bool require(const QString &option) const;

    /** Prints "backprop-lab-cli NAME: message" (one line) and returns 1. */
    int usageError(const QString &message) const;
    /** Prints the message (one line) and returns 2. */
    int dataError(const QString &message) const;
    /** An informational line on stderr (data used, files written); stdout stays for results. */
    void note(const QString &message) const;

private:
    QString m_name;
    QString m_summary;
    QString m_details;
    QCommandLineParser m_parser;
};

} // namespace bplab::cli
