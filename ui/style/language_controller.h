// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The UI language: English (the source text) or Simplified Chinese from the embedded Qt Linguist
// catalogue (:/i18n/ropelab_zh_CN.qm). Switching installs the translators, which makes Qt send
// LanguageChange to every widget, so windows and lessons retranslate live.

#include <QObject>
#include <QString>
#include <QStringList>

class QTranslator;

namespace ropelab::ui {

class LanguageController : public QObject {
    Q_OBJECT
public:
    explicit LanguageController(QObject* parent = nullptr);
    ~LanguageController() override;

    // Language codes we ship: "en", "zh_CN".
    static QStringList availableLanguages();
    // The language's name in itself ("English", "简体中文"), for the menu.
    static QString nativeName(const QString& code);
    // The shipped language closest to the system locale (any Chinese locale → zh_CN; else en).
    static QString systemLanguage();
    // "zh-CN", "zh_cn", "zh" → "zh_CN"; "en_US" → "en"; unknown → empty.
    static QString normalize(const QString& code);

    QString language() const { return language_; }
    // False (and nothing changes) for a language we do not ship.
    bool setLanguage(const QString& code);

signals:
    void languageChanged(const QString& code);

private:
    void removeTranslators();

    QString language_ = QStringLiteral("en");
    QTranslator* appTranslator_ = nullptr;
    QTranslator* qtTranslator_ = nullptr;
};

}  // namespace ropelab::ui
