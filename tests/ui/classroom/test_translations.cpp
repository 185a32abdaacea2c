// SPDX-License-Identifier: GPL-3.0-or-later
// Languages: the zh_CN catalogue is complete and keeps every placeholder and markup tag; switching
// the language retranslates the window and the lessons live, and back.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QAbstractButton>
#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <map>
#include <set>
#include <utility>

#include "lesson_screenshot.h"
#include "lessons/lesson_page.h"
#include "style/language_controller.h"
#include "window/app_controller.h"
#include "window/main_window.h"

namespace ropelab::ui {
namespace {

struct Message {
    QString context;
    QString source;
    QStringList translations;  // one, or one per plural form
    QString type;              // "unfinished", "vanished", "obsolete" or empty
};

QList<Message> readCatalogue(const QString& path) {
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    QXmlStreamReader xml(&file);
    QList<Message> messages;
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = Message{context, {}, {}, {}};
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            // Plural messages hold <numerusform> children; others hold the text directly.
            QString text;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) &&
                   !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters()) text += xml.text();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) {
                    current.translations.append(xml.readElementText());
                }
            }
            if (current.translations.isEmpty()) current.translations.append(text);
            messages.append(current);
        }
    }
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    return messages;
}

QString catalogue() {
    return QStringLiteral(ROPELAB_SOURCE_DIR "/resources/i18n/ropelab_zh_CN.ts");
}

// %1, %2, %n: each must survive translation, or arguments land in the wrong place.
std::multiset<QString> placeholders(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("%(\\d+|n)"));
    std::multiset<QString> found;
    for (const auto& match : pattern.globalMatch(text)) found.insert(match.captured());
    return found;
}

// Rich-text tags (<p>, <b>, <sub>, <a href=…>): the same set keeps formulas and layout intact.
std::multiset<QString> tags(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("</?([a-zA-Z]+)[^>]*>"));
    std::multiset<QString> found;
    for (const auto& match : pattern.globalMatch(text)) {
        found.insert(match.captured(0).startsWith(QLatin1String("</"))
                         ? QStringLiteral("/") + match.captured(1)
                         : match.captured(1));
    }
    return found;
}

TEST(Translations, ChineseCatalogueIsCompleteWithoutLeftovers) {
    const QList<Message> messages = readCatalogue(catalogue());
    ASSERT_GT(messages.size(), 300);
    for (const Message& message : messages) {
        SCOPED_TRACE((message.context + QStringLiteral(": ") + message.source).toStdString());
        EXPECT_TRUE(message.type.isEmpty()) << "type=" << message.type.toStdString();
        for (const QString& translation : message.translations) {
            EXPECT_FALSE(translation.trimmed().isEmpty());
        }
    }
}

// The catalogue holds exactly what the sources mark (tr, QT_TR_NOOP and the texts lessons bind):
// lupdate, run on a copy, finds nothing new to translate and nothing that went away.
TEST(Translations, CatalogueMatchesTheSources) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("ropelab_zh_CN.ts"));
    ASSERT_TRUE(QFile::copy(catalogue(), copy));
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(ROPELAB_SOURCE_DIR));
    lupdate.start(
        QStringLiteral(ROPELAB_LUPDATE),
        {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
         QStringLiteral("ui"), QStringLiteral("app"), QStringLiteral("-ts"), copy});
    ASSERT_TRUE(lupdate.waitForFinished(120000));
    ASSERT_EQ(lupdate.exitCode(), 0) << lupdate.readAllStandardError().toStdString();
    const auto keys = [](const QList<Message>& messages) {
        std::set<std::pair<QString, QString>> found;
        for (const Message& message : messages) found.emplace(message.context, message.source);
        return found;
    };
    const auto before = keys(readCatalogue(catalogue()));
    for (const Message& message : readCatalogue(copy)) {
        SCOPED_TRACE((message.context + QStringLiteral(": ") + message.source).toStdString());
        EXPECT_TRUE(before.contains({message.context, message.source})) << "not in the catalogue";
    }
    EXPECT_EQ(keys(readCatalogue(copy)).size(), before.size());
}

TEST(Translations, PlaceholdersAndMarkupSurvive) {
    for (const Message& message : readCatalogue(catalogue())) {
        SCOPED_TRACE((message.context + QStringLiteral(": ") + message.source).toStdString());
        for (const QString& translation : message.translations) {
            EXPECT_EQ(placeholders(translation), placeholders(message.source))
                << translation.toStdString();
            EXPECT_EQ(tags(translation), tags(message.source)) << translation.toStdString();
        }
    }
}

// English needs a catalogue for plurals only: "1 student", never "1 student(s)".
TEST(Translations, EnglishPluralsCoverEveryCountedMessage) {
    const QList<Message> english =
        readCatalogue(QStringLiteral(ROPELAB_SOURCE_DIR "/resources/i18n/ropelab_en.ts"));
    std::set<std::pair<QString, QString>> covered;
    for (const Message& message : english) {
        SCOPED_TRACE(message.source.toStdString());
        EXPECT_TRUE(message.type.isEmpty());
        ASSERT_EQ(message.translations.size(), 2);
        for (const QString& form : message.translations) {
            EXPECT_FALSE(form.contains(QLatin1String("(s)")));
            EXPECT_EQ(placeholders(form), placeholders(message.source));
        }
        covered.insert({message.context, message.source});
    }
    for (const Message& message : readCatalogue(catalogue())) {
        if (!message.source.contains(QLatin1String("%n"))) continue;
        EXPECT_TRUE(covered.count({message.context, message.source}))
            << message.context.toStdString() << ": " << message.source.toStdString();
    }

    LanguageController language;
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    const char* context = "ropelab::ui::AnswerReport";
    EXPECT_EQ(QCoreApplication::translate(context, "%1 (%n student(s))", nullptr, 1),
              QStringLiteral("%1 (1 student)"));
    EXPECT_EQ(QCoreApplication::translate(context, "%1 (%n student(s))", nullptr, 3),
              QStringLiteral("%1 (3 students)"));
}

TEST(Translations, LanguageCodesNormalise) {
    EXPECT_EQ(LanguageController::normalize(QStringLiteral("zh-CN")), QStringLiteral("zh_CN"));
    EXPECT_EQ(LanguageController::normalize(QStringLiteral("zh")), QStringLiteral("zh_CN"));
    EXPECT_EQ(LanguageController::normalize(QStringLiteral("en_GB")), QStringLiteral("en"));
    EXPECT_TRUE(LanguageController::normalize(QStringLiteral("fr")).isEmpty());
}

// A main window switched live between languages, starting in English.
class LiveTranslation : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        QCoreApplication::processEvents();
    }
    // Shows the lesson with its figures computed and painted.
    void showComputed(Lesson* lesson) {
        window.showLesson(lesson->id());
        ASSERT_TRUE(static_cast<LessonPage*>(lesson)->waitForComputation());
        QCoreApplication::processEvents();  // the repaints queued (screen readers' names)
    }

    bool settingsCleared = (QSettings().clear(), true);  // before the window reads them
    MainWindow window;
    LanguageController& language = window.app().language();
};

TEST_F(LiveTranslation, SwitchingRetranslatesWindowAndLessonsLive) {
    std::map<QString, QString> englishTitles;
    for (Lesson* lesson : window.lessons()) englishTitles[lesson->id()] = lesson->title();
    ASSERT_TRUE(window.showLesson(QStringLiteral("rope-2d")));
    QCustomPlot* score = nullptr;
    for (const Figure& figure : window.currentLesson()->figures()) {
        if (figure.name == QLatin1String("score-vs-distance")) score = figure.plot;
    }
    ASSERT_NE(score, nullptr);
    const QString englishAxis = score->xAxis->label();

    ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    EXPECT_EQ(window.fileMenu()->title(), QStringLiteral("文件(&F)"));
    EXPECT_EQ(window.viewMenu()->title(), QStringLiteral("视图(&V)"));
    EXPECT_EQ(window.app().presenterAction()->text(), QStringLiteral("演示模式(&P)"));
    EXPECT_EQ(score->xAxis->label(), QStringLiteral("相对距离 m − n（词元）"));
    auto* list = window.findChild<QListWidget*>(QStringLiteral("lessonList"));
    for (std::size_t i = 0; i < window.lessons().size(); ++i) {
        Lesson* lesson = window.lessons()[i];
        EXPECT_NE(lesson->title().toStdString(), englishTitles[lesson->id()].toStdString());
        EXPECT_TRUE(list->item(static_cast<int>(i))->text().contains(lesson->title()));
    }
    for (Lesson* lesson : window.lessons()) {
        window.showLesson(lesson->id());
        testing::saveScreenshot(window, QStringLiteral("zh_CN-") + lesson->id(), QSize(1440, 900));
    }

    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(window.fileMenu()->title(), QStringLiteral("&File"));
    EXPECT_EQ(score->xAxis->label(), englishAxis);
}

// Every text a lesson shows in its widgets and plots: labels, buttons, lists, tool tips,
// accessible names, plot titles, axis labels and legend names.
QStringList shownTexts(const QWidget* lesson) {
    QStringList texts;
    // Painted now, not when the queued repaint comes: a plot is named as it repaints.
    for (QCustomPlot* plot : lesson->findChildren<QCustomPlot*>()) {
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
    for (const QWidget* widget : lesson->findChildren<QWidget*>()) {
        texts << widget->toolTip() << widget->accessibleName();
        if (const auto* label = qobject_cast<const QLabel*>(widget)) texts << label->text();
        if (const auto* button = qobject_cast<const QAbstractButton*>(widget)) {
            texts << button->text();
        }
        if (const auto* box = qobject_cast<const QComboBox*>(widget)) {
            for (int i = 0; i < box->count(); ++i) texts << box->itemText(i);
        }
    }
    for (QCustomPlot* plot : lesson->findChildren<QCustomPlot*>()) {
        for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
            if (const auto* text = qobject_cast<QCPTextElement*>(element)) texts << text->text();
            if (const auto* scale = qobject_cast<QCPColorScale*>(element)) {
                texts << scale->axis()->label();
            }
            if (const auto* rect = qobject_cast<QCPAxisRect*>(element)) {
                for (const QCPAxis* axis : rect->axes()) texts << axis->label();
            }
        }
        for (int i = 0; i < plot->plottableCount(); ++i) texts << plot->plottable(i)->name();
    }
    texts.removeAll(QString());
    // Titles wrap to the plot's width: the same words may break at other places.
    for (QString& text : texts) text = text.simplified();
    return texts;
}

// What the lessons bind once and what they write as they draw both follow a language switch:
// in Chinese no lesson shows an English text the catalogue translates, and back in English every
// lesson shows exactly what it showed before.
TEST_F(LiveTranslation, EveryLessonTextFollowsTheLanguage) {
    std::map<QString, QStringList> english;
    for (Lesson* lesson : window.lessons()) {
        showComputed(lesson);
        if (HasFatalFailure()) return;
        english[lesson->id()] = shownTexts(lesson);
    }
    std::set<QString> translated;
    for (const Message& message : readCatalogue(catalogue())) {
        if (message.translations.value(0) != message.source) translated.insert(message.source);
    }

    ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    for (Lesson* lesson : window.lessons()) {
        SCOPED_TRACE(lesson->id().toStdString());
        showComputed(lesson);
        if (HasFatalFailure()) return;
        for (const QString& text : shownTexts(lesson)) {
            EXPECT_FALSE(translated.contains(text)) << "still English: " << text.toStdString();
        }
    }

    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    for (Lesson* lesson : window.lessons()) {
        SCOPED_TRACE(lesson->id().toStdString());
        showComputed(lesson);
        if (HasFatalFailure()) return;
        const QStringList shown = shownTexts(lesson);
        const QStringList& before = english[lesson->id()];
        for (const QString& text : shown) {
            EXPECT_TRUE(before.contains(text)) << "new in English: " << text.toStdString();
        }
        for (const QString& text : before) {
            EXPECT_TRUE(shown.contains(text)) << "gone in English: " << text.toStdString();
        }
    }
}

TEST(Translations, UnknownLanguageChangesNothing) {
    LanguageController language;
    EXPECT_FALSE(language.setLanguage(QStringLiteral("tlh")));
    EXPECT_EQ(language.language(), QStringLiteral("en"));
}

}  // namespace
}  // namespace ropelab::ui
