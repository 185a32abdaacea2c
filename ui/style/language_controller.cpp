// SPDX-License-Identifier: GPL-3.0-or-later
#include "style/language_controller.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace ropelab::ui {

namespace {
const QString kEnglish = QStringLiteral("en");
const QString kChinese = QStringLiteral("zh_CN");
}  // namespace

LanguageController::LanguageController(QObject* parent) : QObject(parent) {}

LanguageController::~LanguageController() {
    removeTranslators();
}

QStringList LanguageController::availableLanguages() {
    return {kEnglish, kChinese};
}

QString LanguageController::nativeName(const QString& code) {
    if (code == kChinese) return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString LanguageController::systemLanguage() {
    return QLocale::system().language() == QLocale::Chinese ? kChinese : kEnglish;
}

QString LanguageController::normalize(const QString& code) {
    QString lower = code.trimmed().toLower();
    lower.replace(QLatin1Char('-'), QLatin1Char('_'));
    if (lower == QLatin1String("zh") || lower == QLatin1String("zh_cn") ||
        lower == QLatin1String("zh_hans") || lower == QLatin1String("zh_hans_cn")) {
        return kChinese;
    }
    if (lower == QLatin1String("en") || lower.startsWith(QLatin1String("en_"))) return kEnglish;
    return {};
}

bool LanguageController::setLanguage(const QString& code) {
    const QString language = normalize(code);
    if (language.isEmpty()) return false;
    if (language == language_ && appTranslator_ != nullptr) return true;

    removeTranslators();
    // English is the source text; its catalogue holds only the plural forms ("1 file").
    auto* app = new QTranslator(this);
    if (!app->load(QStringLiteral(":/i18n/ropelab_%1.qm").arg(language))) {
        delete app;
        return false;
    }
    appTranslator_ = app;
    if (language != kEnglish) {
        // Qt's own strings (standard buttons, file dialogs) when the system has them.
        auto* qt = new QTranslator(this);
        if (qt->load(QStringLiteral("qtbase_%1").arg(language),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            qtTranslator_ = qt;
            QCoreApplication::installTranslator(qtTranslator_);
        } else {
            delete qt;
        }
    }
    QCoreApplication::installTranslator(appTranslator_);
    language_ = language;
    QLocale::setDefault(QLocale(language));
    emit languageChanged(language_);
    return true;
}

void LanguageController::removeTranslators() {
    for (QTranslator** translator : {&appTranslator_, &qtTranslator_}) {
        if (*translator == nullptr) continue;
        QCoreApplication::removeTranslator(*translator);
        delete *translator;
        *translator = nullptr;
    }
}

}  // namespace ropelab::ui
