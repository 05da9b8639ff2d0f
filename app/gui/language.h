#pragma once
// The language of the user interface: View > Language (the system's, English or German), kept in
// the settings and applied at start-up, and the translators that apply it.

#include <QString>

class QMenu;
class QWidget;

namespace bplab {

/** The settings' choice: "" for the system's language, "en" or "de". */
QString storedLanguage();
void storeLanguage(const QString &code);

/** Installs the app's and Qt's translators for code ("" = the system's language; an unknown code
 *  falls back to English); numbers keep the system locale's format. Returns the language in use
 *  ("en" when no translation applies). Call before the first window is made. */
QString applyLanguage(const QString &code);

/** The folder the .qm files are read from: share/backprop-lab/translations under the install
 *  prefix, or the build tree's translations/ when run from there. Empty when neither exists. */
QString translationsDirectory();

/** View > Language: System, English, Deutsch; the choice is stored and applies at the next start.
 */
QMenu *createLanguageMenu(QWidget *parent);

} // namespace bplab
