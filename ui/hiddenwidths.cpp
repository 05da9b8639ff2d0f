#include "hiddenwidths.h"

#include <nn/architecture.h>

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace bplab {

namespace {
QString tr(const char *text) { return QCoreApplication::translate("bplab", text); }
} // namespace

std::optional<std::vector<int>> hiddenWidthsOf(const QString &text)
{
    const Result<std::vector<int>> widths = parseHidden(text.trimmed().toStdString());
    if (!widths)
        return std::nullopt;
    return *widths;
}

QString hiddenWidthsProblem(const QString &text)
{
    const QString given = text.trimmed();
    if (hiddenWidthsOf(given))
        return {};
    // The same rules as parseHidden, which decided above; here only their words are chosen.
    const QStringList items = given.split(QLatin1Char(','));
    for (const QString &item : items) {
        bool whole = !item.isEmpty();
        for (const QChar c : item)
            whole = whole && c >= QLatin1Char('0') && c <= QLatin1Char('9');
        if (!whole)
            return tr("Hidden layer widths \"%1\": \"%2\" is not a whole number. Write one width per "
                      "layer, such as 128 or 256,128, or 0 for no hidden layer.")
                    .arg(given, item);
    }
    for (const QString &item : items) {
        bool ok = false;
        const qulonglong width = item.toULongLong(&ok);
        if (!ok || width < 1 || width > qulonglong(kMaxHiddenWidth))
            return tr("Hidden layer width %1: a hidden layer has 1 to %2 neurons.")
                    .arg(ok ? QLocale().toString(width) : item, QLocale().toString(kMaxHiddenWidth));
    }
    if (items.size() > kMaxHiddenLayers)
        return tr("Hidden layer widths %1: at most %2 hidden layers.").arg(given).arg(kMaxHiddenLayers);
    return tr("Hidden layer widths \"%1\" cannot be used.").arg(given);
}

std::optional<std::vector<LayerSpec>> layerListOf(const QString &text)
{
    const Result<std::vector<LayerSpec>> layers = parseLayers(text.trimmed().toStdString());
    if (!layers || !validate(withLayers(*layers, Activation::ReLU)).ok())
        return std::nullopt;
    return *layers;
}

QString layerListProblem(const QString &text)
{
    const Result<std::vector<LayerSpec>> layers = parseLayers(text.trimmed().toStdString());
    std::string why;
    if (!layers)
        why = layers.error();
    else if (const Status built = validate(withLayers(*layers, Activation::ReLU)); !built.ok())
        why = built.error();
    else
        return {};
    // The parser speaks of its flag; the dialog's words name the list instead.
    QString reason = QString::fromStdString(why);
    if (reason.startsWith(QLatin1String("--layers: ")))
        reason = reason.mid(10);
    return tr("These layers cannot be built: %1. Write them comma-separated, such as \"conv 8 5x5, "
              "pool 2, dense 64, dropout 0.25\".")
            .arg(reason);
}

} // namespace bplab
