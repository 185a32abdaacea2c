// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Help → User guide (F1) and Help → Writing activities: offline pages in the interface language.
// The guide is a bundled HTML page per language (:/help/user-guide.<lang>.html); the activity
// reference is built from the activity catalog (passed in by the application controller, since
// help sits beside activities, not above them), so it names exactly the ids a file may use.

#include <QDialog>
#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QDialogButtonBox;
class QTextBrowser;

namespace ropelab::ui {

class AppShell;
class LanguageController;

// The activity reference's HTML (ids, readouts, controls and figures) in the interface language.
using ActivityReference = std::function<QString()>;

// A page of help in a text browser; it follows the interface language.
class HelpDialog : public QDialog {
    Q_OBJECT
public:
    enum class Page { UserGuide, WritingActivities };
    HelpDialog(Page page, const LanguageController& language, ActivityReference reference,
               QWidget* parent = nullptr);

    QTextBrowser* browser() const { return browser_; }
    // The page's HTML in `language` ("en", "zh_CN").
    QString html(const QString& language) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    QString writingActivitiesHtml() const;
    void load();

    Page page_;
    const LanguageController& language_;
    ActivityReference reference_;
    QTextBrowser* browser_;
    QDialogButtonBox* buttons_;
};

// Adds the two pages to the window's Help menu.
class HelpMenu : public QObject {
    Q_OBJECT
public:
    HelpMenu(AppShell& shell, const LanguageController& language, ActivityReference reference);
    HelpDialog* show(HelpDialog::Page page);

private:
    void retranslate();

    QWidget& window_;
    const LanguageController& language_;
    ActivityReference reference_;
    QAction* guide_;
    QAction* writing_;
};

}  // namespace ropelab::ui
