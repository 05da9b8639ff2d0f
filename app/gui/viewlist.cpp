#include "viewlist.h"

#include <QCoreApplication>

namespace bplab {

namespace {
struct ViewEntry
{
    const char *key;
    const char *menuText; // the title with its mnemonic
};
constexpr ViewEntry kViews[kViewCount] = {
        {"train", QT_TRANSLATE_NOOP("bplab::MainWindow", "&Train")},
        {"step", QT_TRANSLATE_NOOP("bplab::MainWindow", "&Step through")},
        {"draw", QT_TRANSLATE_NOOP("bplab::MainWindow", "&Draw")},
        {"cluster", QT_TRANSLATE_NOOP("bplab::MainWindow", "D&ata parallel")},
        {"data", QT_TRANSLATE_NOOP("bplab::MainWindow", "Datas&et")},
        {"mistakes", QT_TRANSLATE_NOOP("bplab::MainWindow", "&Mistakes")},
        {"compare", QT_TRANSLATE_NOOP("bplab::MainWindow", "&Compare")},
};
bool valid(int view)
{
    return view >= 0 && view < kViewCount;
}
} // namespace

QString viewKey(int view)
{
    return valid(view) ? QString::fromLatin1(kViews[view].key) : QString();
}

QString viewMenuText(int view)
{
    return valid(view) ? QCoreApplication::translate("bplab::MainWindow", kViews[view].menuText)
                       : QString();
}

QString viewTitle(int view)
{
    return viewMenuText(view).remove(QLatin1Char('&'));
}

int viewFromName(const QString &name)
{
    const QString lower = name.toLower();
    if (lower == QStringLiteral("dataset")) // the view's title; "data" is its short name
        return viewFromName(QStringLiteral("data"));
    for (int i = 0; i < kViewCount; ++i)
        if (lower == QLatin1String(kViews[i].key))
            return i;
    return -1;
}

int viewOf(LessonView view)
{
    return viewFromName(QLatin1String(viewName(view)));
}

} // namespace bplab
