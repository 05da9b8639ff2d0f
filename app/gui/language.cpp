#include "language.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QMenu>
#include <QSettings>
#include <QTranslator>

namespace bplab {

namespace {
const char *const kKey = "language";

// lupdate files the texts of a free tr() under the enclosing namespace, "bplab".
QString tr(const char *text)
{
    return QCoreApplication::translate("bplab", text);
}

/** The translations shipped: the code and the language's own name (not translated, so that a
 *  user who cannot read the current language still finds theirs). */
struct Shipped
{
    const char *code;
    const char *name;
};
constexpr Shipped kShipped[] = {{"en", "English"}, {"de", "Deutsch"}};

bool shipped(const QString &code)
{
    for (const Shipped &s : kShipped)
        if (code == QLatin1String(s.code))
            return true;
    return false;
}
} // namespace

QString storedLanguage()
{
    const QString code = QSettings().value(QLatin1String(kKey)).toString();
    return shipped(code) ? code : QString();
}

void storeLanguage(const QString &code)
{
    QSettings settings;
    if (code.isEmpty())
        settings.remove(QLatin1String(kKey));
    else
        settings.setValue(QLatin1String(kKey), code);
}

QString translationsDirectory()
{
    // Relative to the program: the install prefix's share/ beside bin/, else the build tree.
    const QDir bin(QCoreApplication::applicationDirPath());
    for (const char *relative : {BPLAB_TRANSLATIONS_INSTALLED, BPLAB_TRANSLATIONS_BUILT}) {
        const QString dir = QDir::cleanPath(bin.filePath(QString::fromUtf8(relative)));
        if (QDir(dir).exists(QStringLiteral("backprop-lab_de.qm")))
            return dir;
    }
    return {};
}

QString applyLanguage(const QString &code)
{
    // The system's language: the first of the user's UI languages that is shipped.
    QString use = code;
    if (use.isEmpty()) {
        use = QStringLiteral("en");
        for (const QString &name : QLocale().uiLanguages()) {
            const QString language = name.section(QLatin1Char('-'), 0, 0).toLower();
            if (shipped(language)) {
                use = language;
                break;
            }
        }
    } else if (!shipped(use)) {
        use = QStringLiteral("en");
    }
    // Numbers keep the system locale's formatting whatever the language of the texts.
    if (use == QLatin1String("en"))
        return use; // the source texts are English

    auto *app = new QTranslator(QCoreApplication::instance());
    const QString dir = translationsDirectory();
    if (dir.isEmpty() || !app->load(QStringLiteral("backprop-lab_") + use, dir)) {
        delete app;
        return QStringLiteral("en");
    }
    QCoreApplication::installTranslator(app);
    // Qt's own dialogs (file dialogs, standard buttons), when Debian's qt6-translations-l10n is
    // there.
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(QStringLiteral("qtbase_") + use,
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return use;
}

QMenu *createLanguageMenu(QWidget *parent)
{
    auto *menu = new QMenu(tr("&Language"), parent);
    menu->setObjectName(QStringLiteral("menuLanguage"));
    auto *group = new QActionGroup(menu);
    const QString current = storedLanguage();
    auto add = [&](const QString &code, const QString &text) {
        QAction *a = menu->addAction(text);
        a->setObjectName(QStringLiteral("actionLanguage_")
                         + (code.isEmpty() ? QStringLiteral("system") : code));
        a->setCheckable(true);
        a->setChecked(code == current);
        a->setStatusTip(tr("Use this language from the next start of Backprop Lab"));
        group->addAction(a);
        QObject::connect(a, &QAction::triggered, menu, [code] { storeLanguage(code); });
    };
    add(QString(), tr("System"));
    for (const Shipped &s : kShipped)
        add(QString::fromLatin1(s.code), QString::fromUtf8(s.name));
    menu->addSeparator();
    QAction *note = menu->addAction(tr("Takes effect at the next start"));
    note->setEnabled(false);
    return menu;
}

} // namespace bplab
