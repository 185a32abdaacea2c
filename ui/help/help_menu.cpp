// SPDX-License-Identifier: GPL-3.0-or-later
#include "help/help_menu.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFile>
#include <QMenu>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <QMainWindow>

#include "lessons/app_shell.h"
#include "style/language_controller.h"

namespace ropelab::ui {

QString HelpDialog::writingActivitiesHtml() const {
    QString html = QStringLiteral("<h1>%1</h1>").arg(tr("Writing activities").toHtmlEscaped());
    html += tr(
        "<p>An activity file (<code>.ropelab-activity</code>) is JSON, the same format as the "
        "built-in activities. The easiest start: set up a lesson, choose <b>Activities → Save "
        "current state as a step…</b> for each step, then <b>Save activity draft as…</b>, and edit "
        "the prompts.</p>"
        "<p>Each step has a <code>prompt</code> (texts by language: <code>{\"en\": …, "
        "\"zh_CN\": …}</code>; other languages such as <code>fr</code> are shown where the "
        "interface language has no text), an optional <code>setup</code> (parameters, the "
        "lesson's view, controls to <code>lock</code> or <code>hide</code>) and a "
        "<code>task</code>:</p><ul>"
        "<li><code>{\"kind\": \"predict\", \"choices\": [{\"text\": …, \"correct_when\": "
        "[condition…]}, …]}</code> or <code>{\"kind\": \"predict\", \"number\": {\"readout\": id, "
        "\"tolerance\": t}}</code></li>"
        "<li><code>{\"kind\": \"explore\", \"goal\": [condition…]}</code></li>"
        "<li><code>{\"kind\": \"explain\"}</code></li></ul>"
        "<p>A condition compares a readout with a number or with another readout: "
        "<code>{\"readout\": \"rope-2d.distance\", \"near\": 0, \"tolerance\": 0.5}</code>, or "
        "<code>below</code> / <code>above</code>. The right answer is always what the lesson "
        "computes when the student checks, never a number in the text.</p>"
        "<p>Check a file before class: <code>ropelab activity check FILE</code> lists every "
        "problem on a line of its own, with line:column for a JSON syntax error and a suggestion "
        "for a misspelt id. <code>ropelab activity readouts</code>, <code>controls</code> and "
        "<code>figures</code> print the tables below.</p>");
    html += tr(
        "<p>Without the JSON: <b>Activities → Edit activity draft…</b> shows the draft's steps in "
        "a list (move, duplicate, delete, undo, run from a step) and the chosen step in a form: "
        "its prompt and feedback in English and Chinese, its task (choices, a number read from a "
        "readout, or an exploration's goal on the readouts), what it conceals until checked, the "
        "parameters it starts from, the controls it locks or hides, the lesson's view it starts "
        "in and the controls Show me sets (both taken from the lesson as it is when the editor "
        "opens). Every edit is checked as you type. <b>Open a file into the draft…</b> brings a "
        "saved file back to edit it.</p>");
    html += reference_();
    return html;
}

HelpDialog::HelpDialog(Page page, const LanguageController& language, ActivityReference reference,
                       QWidget* parent)
    : QDialog(parent),
      page_(page),
      language_(language),
      reference_(std::move(reference)),
      browser_(new QTextBrowser(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Close, this)) {
    setObjectName(page == Page::UserGuide ? QStringLiteral("userGuide")
                                          : QStringLiteral("writingActivities"));
    browser_->setOpenExternalLinks(false);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_, 1);
    layout->addWidget(buttons_);
    resize(760, 600);
    load();
}

QString HelpDialog::html(const QString& language) const {
    if (page_ == Page::WritingActivities) return writingActivitiesHtml();
    QFile file(QStringLiteral(":/help/user-guide.%1.html").arg(language));
    if (!file.open(QIODevice::ReadOnly))
        file.setFileName(QStringLiteral(":/help/user-guide.en.html"));
    if (!file.isOpen() && !file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

void HelpDialog::load() {
    setWindowTitle(page_ == Page::UserGuide ? tr("User guide") : tr("Writing activities"));
    browser_->setHtml(html(language_.language()));
    // Ours, not Qt's: Qt's own catalogue may be missing on the system.
    buttons_->button(QDialogButtonBox::Close)->setText(tr("Close"));
}

void HelpDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) load();
    QDialog::changeEvent(event);
}

HelpMenu::HelpMenu(AppShell& shell, const LanguageController& language, ActivityReference reference)
    : QObject(&shell.mainWindow()),
      window_(shell.mainWindow()),
      language_(language),
      reference_(std::move(reference)),
      guide_(new QAction(this)),
      writing_(new QAction(this)) {
    guide_->setObjectName(QStringLiteral("userGuideAction"));
    guide_->setShortcut(QKeySequence::HelpContents);
    writing_->setObjectName(QStringLiteral("writingActivitiesAction"));
    QMenu* help = shell.helpMenu();
    QAction* first = help->actions().value(0);
    help->insertAction(first, guide_);
    help->insertAction(first, writing_);
    help->insertSeparator(first);
    // The shortcut works when presenter mode hides the menu bar.
    window_.addAction(guide_);
    connect(guide_, &QAction::triggered, this, [this] { show(HelpDialog::Page::UserGuide); });
    connect(writing_, &QAction::triggered, this,
            [this] { show(HelpDialog::Page::WritingActivities); });
    connect(&language, &LanguageController::languageChanged, this, &HelpMenu::retranslate);
    retranslate();
}

HelpDialog* HelpMenu::show(HelpDialog::Page page) {
    auto* dialog = new HelpDialog(page, language_, reference_, &window_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void HelpMenu::retranslate() {
    guide_->setText(tr("&User guide"));
    writing_->setText(tr("&Writing activities"));
}

}  // namespace ropelab::ui
