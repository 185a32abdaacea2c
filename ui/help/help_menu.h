// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Help → User guide (F1) and Help → Writing activities: offline pages in the interface language.
// The guide is a bundled HTML page per language (:/help/user-guide.<lang>.html); the activity
// reference is built from the activity catalog, so it names exactly the ids a file may use.

#include <QDialog>
#include <QObject>
#include <QString>

class QAction;
class QDialogButtonBox;
class QTextBrowser;

namespace ropelab::ui {

class LanguageController;
class MainWindow;

// A page of help in a text browser; it follows the interface language.
class HelpDialog : public QDialog {
    Q_OBJECT
public:
    enum class Page { UserGuide, WritingActivities };
    HelpDialog(Page page, const LanguageController& language, QWidget* parent = nullptr);

    QTextBrowser* browser() const { return browser_; }
    // The page's HTML in `language` ("en", "zh_CN").
    static QString html(Page page, const QString& language);

protected:
    void changeEvent(QEvent* event) override;

private:
    static QString writingActivitiesHtml();
    void load();

    Page page_;
    const LanguageController& language_;
    QTextBrowser* browser_;
    QDialogButtonBox* buttons_;
};

// Adds the two pages to the window's Help menu.
class HelpMenu : public QObject {
    Q_OBJECT
public:
    HelpMenu(MainWindow& window, const LanguageController& language);
    HelpDialog* show(HelpDialog::Page page);

private:
    void retranslate();

    MainWindow& window_;
    const LanguageController& language_;
    QAction* guide_;
    QAction* writing_;
};

}  // namespace ropelab::ui
