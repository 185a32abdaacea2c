// SPDX-License-Identifier: GPL-3.0-or-later
// File → Export animation…: choices come back from QSettings; a bad size disables Export and
// says why; a short GIF decodes as 5 frames of the asked size; Cancel after the first frame
// writes nothing; the lesson and the shared parameters are as before; the File menu and the plot
// menu offer it; the dialog fits a 1024×768 screen in English and Chinese, also in presenter mode.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "export/animation_dialog.h"
#include "lesson_harness.h"
#include "lesson_screenshot.h"
#include "model/parameter_snapshot.h"
#include "session/session_controller.h"
#include "style/language_controller.h"
#include "video_probe.h"
#include "window/app_controller.h"
#include "window/main_window.h"

namespace ropelab::ui {
namespace {

using testing::AllLessons;
using testing::probeVideo;

AnimationDialog::LessonProvider provider(const AllLessons& all) {
    return [&all](const QString& id) { return all.lesson(id); };
}

QPushButton* button(const AnimationDialog& dialog, QDialogButtonBox::StandardButton which) {
    return dialog.findChild<QDialogButtonBox*>()->button(which);
}

AnimationSettings tinyGif() {
    AnimationSettings settings;
    settings.format = AnimationFormat::Gif;
    settings.size = QSize(64, 48);
    settings.fps = 5;
    settings.seconds = 1.0;
    return settings;
}

// A lesson's state and the shared parameters as they are now, to compare with later.
struct Unchanged {
    const Lesson& lesson;
    const ParameterModel& model;
    const QJsonObject state = lesson.saveState();
    const ParameterSnapshot parameters = ParameterSnapshot::of(model);

    void check() const {
        EXPECT_EQ(lesson.saveState(), state) << lesson.id().toStdString();
        EXPECT_EQ(ParameterSnapshot::of(model), parameters);
    }
};

// Files of every kind in `dir`, hidden ones (a temporary file) included.
QStringList filesIn(const QTemporaryDir& dir) {
    return QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

TEST(AnimationDialog, ExportsAShortGifAndTheNextDialogRestoresTheChoices) {
    QSettings().clear();
    AllLessons all;
    Lesson& lesson = *all.lesson(QStringLiteral("rope-2d"));
    QTemporaryDir dir;
    const Unchanged before{lesson, all.model};
    QString written;
    {
        AnimationDialog dialog(provider(all), all.model, QStringLiteral("rope-2d"));
        EXPECT_EQ(dialog.animationId(), QStringLiteral("rope-2d-rotate")) << "the lesson's own";
        dialog.setAnimation(QStringLiteral("rope-2d-shift"));
        AnimationSettings settings = tinyGif();
        settings.bounce = true;
        dialog.setSettings(settings);
        EXPECT_TRUE(dialog.path().endsWith(QStringLiteral("rope-2d-shift.gif")))
            << "the default name follows the animation and format";
        dialog.setPath(dir.filePath(QStringLiteral("rope-2d-shift.gif")));
        EXPECT_TRUE(dialog.problem().isEmpty()) << dialog.problem().toStdString();
        EXPECT_EQ(dialog.message(),
                  QStringLiteral("5 frames of 64×48 pixels; it loops without a jump."))
            << "fps × seconds; bounced, the sweep comes back to its start";

        QList<std::pair<int, int>> progress;
        auto* bar = dialog.findChild<QProgressBar*>(QStringLiteral("progress"));
        QObject::connect(&dialog, &AnimationDialog::progressed, [&](int done, int total) {
            progress.append({done, total});
            EXPECT_EQ(bar->value(), done);
            EXPECT_EQ(bar->maximum(), total);
            EXPECT_TRUE(bar->isVisibleTo(&dialog));
        });
        dialog.startExport();
        EXPECT_EQ(dialog.result(), QDialog::Accepted);
        written = dialog.writtenPath();
        ASSERT_EQ(progress.size(), 6) << "before each of 5 frames, then done";
        EXPECT_EQ(progress.first(), std::make_pair(0, 5));
        EXPECT_EQ(progress.last(), std::make_pair(5, 5));
    }
    EXPECT_EQ(written, dir.filePath(QStringLiteral("rope-2d-shift.gif")));
    const testing::VideoProbe gif = probeVideo(written);
    EXPECT_EQ(gif.codec, AV_CODEC_ID_GIF);
    EXPECT_EQ(gif.width, 64);
    EXPECT_EQ(gif.height, 48);
    EXPECT_EQ(gif.frames, 5);
    EXPECT_EQ(filesIn(dir), QStringList{QStringLiteral("rope-2d-shift.gif")});
    before.check();

    // The next dialog on the same lesson starts from these choices, in the same folder.
    AnimationDialog next(provider(all), all.model, QStringLiteral("rope-2d"));
    EXPECT_EQ(next.animationId(), QStringLiteral("rope-2d-shift"));
    EXPECT_EQ(next.settings().format, AnimationFormat::Gif);
    EXPECT_EQ(next.settings().size, QSize(64, 48));
    EXPECT_EQ(next.settings().fps, 5);
    EXPECT_DOUBLE_EQ(next.settings().seconds, 1.0);
    EXPECT_TRUE(next.settings().bounce);
    EXPECT_EQ(QDir::fromNativeSeparators(next.path()),
              dir.filePath(QStringLiteral("rope-2d-shift.gif")));

    // A periodic animation already loops: forward-and-back is off and greyed, and comes back.
    auto* bounce = next.findChild<QCheckBox*>(QStringLiteral("bounce"));
    next.setAnimation(QStringLiteral("rope-nd-orbit"));
    EXPECT_FALSE(bounce->isEnabled());
    EXPECT_FALSE(next.settings().bounce);
    EXPECT_TRUE(next.path().endsWith(QStringLiteral("rope-nd-orbit.gif")));
    next.setAnimation(QStringLiteral("rope-2d-rotate"));
    EXPECT_TRUE(bounce->isEnabled());
    EXPECT_TRUE(next.settings().bounce);

    // Another lesson's dialog opens on that lesson's animation, with the other choices kept.
    AnimationDialog precision(provider(all), all.model, QStringLiteral("precision"));
    EXPECT_EQ(precision.animationId(), QStringLiteral("precision-position"));
    EXPECT_EQ(precision.settings().size, QSize(64, 48));
    // The current lesson's animations come first.
    EXPECT_EQ(precision.findChild<QComboBox*>(QStringLiteral("animation"))->itemData(0),
              QStringLiteral("precision-position"));
    // A lesson without animations opens on the one remembered.
    AnimationDialog order(provider(all), all.model, QStringLiteral("order"));
    EXPECT_EQ(order.animationId(), QStringLiteral("rope-2d-shift"));
}

TEST(AnimationDialog, AnOddSizeForMp4DisablesExportAndSaysWhy) {
    QSettings().clear();
    AllLessons all;
    AnimationDialog dialog(provider(all), all.model, QStringLiteral("rope-2d"));
    QPushButton* exportButton = button(dialog, QDialogButtonBox::Ok);
    EXPECT_TRUE(exportButton->isEnabled());
    dialog.findChild<QComboBox*>(QStringLiteral("format"))->setCurrentIndex(1);
    ASSERT_EQ(dialog.settings().format, AnimationFormat::Mp4);
    EXPECT_TRUE(dialog.path().endsWith(QStringLiteral(".mp4")));
    dialog.findChild<QSpinBox*>(QStringLiteral("width"))->setValue(801);
    EXPECT_FALSE(exportButton->isEnabled());
    EXPECT_EQ(dialog.message(), dialog.settings().problem());
    EXPECT_TRUE(dialog.message().contains(QStringLiteral("even")))
        << dialog.message().toStdString();
    EXPECT_TRUE(dialog.message().contains(QStringLiteral("801×450")));
    EXPECT_EQ(dialog.message().count(QLatin1Char('\n')), 0) << "one line";

    // GIF takes odd sizes.
    dialog.findChild<QComboBox*>(QStringLiteral("format"))->setCurrentIndex(0);
    EXPECT_TRUE(exportButton->isEnabled());
    // One frame per second for a second is too few to animate.
    dialog.findChild<QSpinBox*>(QStringLiteral("fps"))->setValue(1);
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("seconds"))->setValue(1.0);
    EXPECT_FALSE(exportButton->isEnabled());
    EXPECT_TRUE(dialog.message().contains(QStringLiteral("two frames")));
    // The startExport guard holds too (Enter in a spin box presses the default button).
    QTemporaryDir dir;
    dialog.setPath(dir.filePath(QStringLiteral("a.gif")));
    dialog.startExport();
    EXPECT_NE(dialog.result(), QDialog::Accepted);
    EXPECT_TRUE(filesIn(dir).isEmpty());
}

TEST(AnimationDialog, CancelAfterTheFirstFrameWritesNothingAndRestoresTheLesson) {
    QSettings().clear();
    AllLessons all;
    Lesson& lesson = *all.lesson(QStringLiteral("frequencies"));
    QTemporaryDir dir;
    const Unchanged before{lesson, all.model};

    AnimationDialog dialog(provider(all), all.model, QStringLiteral("frequencies"));
    ASSERT_EQ(dialog.animationId(), QStringLiteral("frequencies-base"));
    dialog.setSettings(tinyGif());
    dialog.setPath(dir.filePath(QStringLiteral("base.gif")));
    dialog.show();
    QPushButton* cancel = button(dialog, QDialogButtonBox::Cancel);
    int calls = 0;
    QObject::connect(&dialog, &AnimationDialog::progressed, [&](int done, int) {
        ++calls;
        if (done == 1) {
            EXPECT_TRUE(cancel->isEnabled()) << "Cancel stays clickable during the export";
            EXPECT_FALSE(dialog.findChild<QLineEdit*>(QStringLiteral("file"))->isEnabled())
                << "the choices wait until the export ends";
            testing::saveScreenshot(dialog, QStringLiteral("animation-dialog-exporting"),
                                    dialog.size());
            QTest::mouseClick(cancel, Qt::LeftButton);
        }
    });
    dialog.startExport();
    EXPECT_EQ(calls, 2) << "stopped before the second frame";
    EXPECT_TRUE(dialog.isVisible()) << "Cancel stops the export, not the dialog";
    EXPECT_EQ(dialog.message(), QStringLiteral("Cancelled; nothing was written."));
    EXPECT_TRUE(dialog.writtenPath().isEmpty());
    EXPECT_TRUE(filesIn(dir).isEmpty());
    EXPECT_TRUE(button(dialog, QDialogButtonBox::Ok)->isEnabled()) << "ready to try again";
    EXPECT_FALSE(dialog.findChild<QProgressBar*>(QStringLiteral("progress"))->isVisible());
    before.check();
    // Not exporting, Cancel closes the dialog.
    QTest::mouseClick(cancel, Qt::LeftButton);
    EXPECT_FALSE(dialog.isVisible());
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
}

TEST(AnimationDialog, AFailedWriteSaysWhyInOneLineAndKeepsTheDialog) {
    QSettings().clear();
    AllLessons all;
    QTemporaryDir dir;
    // A file stands where the folder should be.
    QFile blocker(dir.filePath(QStringLiteral("taken")));
    ASSERT_TRUE(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    AnimationDialog dialog(provider(all), all.model, QStringLiteral("rope-2d"));
    dialog.setSettings(tinyGif());
    dialog.setPath(dir.filePath(QStringLiteral("taken/rope.gif")));
    dialog.show();
    QString shown;
    QTimer::singleShot(0, [&shown] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            shown = box->text();
            box->accept();
        }
    });
    dialog.startExport();
    EXPECT_TRUE(shown.contains(QDir::toNativeSeparators(dir.filePath(QStringLiteral("taken")))))
        << shown.toStdString();
    EXPECT_EQ(shown.count(QLatin1Char('\n')), 0);
    EXPECT_TRUE(dialog.isVisible());
    EXPECT_EQ(filesIn(dir), QStringList{QStringLiteral("taken")});
}

TEST(AnimationDialog, PreviewIsTheFirstFrameAndLeavesTheLessonAsItWas) {
    QSettings().clear();
    AllLessons all;
    Lesson& lesson = *all.lesson(QStringLiteral("rope-nd"));
    const Unchanged before{lesson, all.model};
    AnimationDialog dialog(provider(all), all.model, QStringLiteral("rope-nd"));
    dialog.chooseAnimationFor(QStringLiteral("pair-helix"));
    EXPECT_EQ(dialog.animationId(), QStringLiteral("rope-nd-orbit")) << "the one that paints it";
    dialog.chooseAnimationFor(QStringLiteral("clock-hands"));
    EXPECT_EQ(dialog.animationId(), QStringLiteral("rope-nd-clock"));
    AnimationSettings settings = tinyGif();
    settings.size = QSize(320, 180);
    dialog.setSettings(settings);
    dialog.updatePreview();
    const QImage clock = dialog.preview();
    ASSERT_EQ(clock.size(), QSize(320, 180)) << "rendered as the file's first frame";
    QSet<QRgb> colours;
    for (int y = 0; y < clock.height(); y += 2) {
        for (int x = 0; x < clock.width(); x += 2) colours.insert(clock.pixel(x, y));
    }
    EXPECT_GT(colours.size(), 20) << "figures, not a blank image";
    {
        const Animation& animation = *findAnimation(QStringLiteral("rope-nd-clock"));
        AnimationRenderer renderer(animation, lesson, all.model);
        EXPECT_EQ(clock, renderer.frame(0.0, QSize(320, 180)));
    }
    dialog.setAnimation(QStringLiteral("rope-nd-orbit"));
    dialog.updatePreview();
    EXPECT_NE(dialog.preview(), clock) << "the spiral and the helix, not the clock";
    before.check();
}

// The window's File menu has it right after "Export figures…" and opens it on the current
// lesson's animation; an export of another lesson's animation shows that lesson while it runs,
// then the lesson shown before, the path in the status bar, and leaves nothing to undo.
TEST(AnimationDialog, FileMenuExportsAndPutsTheWindowBack) {
    QSettings().clear();
    MainWindow window;
    window.show();
    AppController& features = window.app();
    const QList<QAction*> file = window.fileMenu()->actions();
    const qsizetype at = file.indexOf(features.exportAction());
    ASSERT_GE(at, 0);
    EXPECT_EQ(file.value(at + 1), features.exportAnimationAction());
    EXPECT_EQ(features.exportAnimationAction()->text(), QStringLiteral("Export a&nimation…"));

    window.showLesson(QStringLiteral("precision"));
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    const ParameterSnapshot before = ParameterSnapshot::of(window.parameterModel());
    ASSERT_FALSE(features.sessions().undoAction()->isEnabled());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("base.gif"));
    QString opened;
    QString shownDuringExport;
    QTimer::singleShot(0, [&] {
        auto* dialog = qobject_cast<AnimationDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        opened = dialog->animationId();
        dialog->setAnimation(QStringLiteral("frequencies-base"));
        dialog->setSettings(tinyGif());
        dialog->setPath(path);
        QObject::connect(dialog, &AnimationDialog::progressed,
                         [&] { shownDuringExport = window.currentLesson()->id(); });
        dialog->startExport();
    });
    features.exportAnimationAction()->trigger();
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    EXPECT_EQ(opened, QStringLiteral("precision-position"));
    EXPECT_EQ(shownDuringExport, QStringLiteral("frequencies"));
    EXPECT_EQ(window.currentLesson()->id(), QStringLiteral("precision"));
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QDir::toNativeSeparators(path)))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_EQ(probeVideo(path).frames, 5);
    EXPECT_EQ(ParameterSnapshot::of(window.parameterModel()), before);
    EXPECT_FALSE(features.sessions().undoAction()->isEnabled())
        << "the export left nothing to undo";
}

// The plot's context menu offers an animation only where the lesson has one.
TEST(AnimationDialog, PlotMenuOffersItWhereTheLessonAnimates) {
    QSettings().clear();
    MainWindow window;
    const auto menuTexts = [&window](const QString& lessonId) {
        window.showLesson(lessonId);
        QCustomPlot* plot = window.lesson(lessonId)->figures().first().plot;
        QStringList texts;
        QTimer::singleShot(0, [&texts] {
            if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())) {
                for (const QAction* action : menu->actions()) texts.append(action->text());
                menu->close();
            }
        });
        emit plot->customContextMenuRequested(QPoint(10, 10));
        return texts;
    };
    EXPECT_TRUE(
        menuTexts(QStringLiteral("rope-2d")).contains(QStringLiteral("Export a&nimation…")));
    const QStringList order = menuTexts(QStringLiteral("order"));
    EXPECT_TRUE(order.contains(QStringLiteral("&Export this figure…")));
    EXPECT_FALSE(order.contains(QStringLiteral("Export a&nimation…")));
}

// At 1024×768 the dialog fits (with room for a title bar), in English and in Chinese, with the
// normal font and presenter mode's larger one; with ROPELAB_SCREENSHOT_DIR set it is saved there
// to look at.
TEST(AnimationDialog, FitsA1024By768ScreenInEnglishAndChinese) {
    QSettings().clear();
    AllLessons all;
    LanguageController language;
    const QFont normalFont = QApplication::font();
    QFont presenterFont = normalFont;
    presenterFont.setPointSizeF(normalFont.pointSizeF() * 1.25);  // as presenter mode does
    for (const QString& code : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        ASSERT_TRUE(language.setLanguage(code));
        for (const bool presenter : {false, true}) {
            QApplication::setFont(presenter ? presenterFont : normalFont);
            const std::string which = code.toStdString() + (presenter ? " presenter" : "");
            AnimationDialog dialog(provider(all), all.model, QStringLiteral("rope-2d"));
            dialog.updatePreview();
            dialog.show();  // sized as exec() would
            QApplication::processEvents();
            EXPECT_LE(dialog.width(), 1024) << which;
            EXPECT_LE(dialog.height(), 768 - 60) << which;
            testing::saveScreenshot(dialog,
                                    QStringLiteral("animation-dialog-") + code +
                                        (presenter ? QStringLiteral("-presenter") : QString()),
                                    dialog.size());
            // Every animation's description shows whole.
            auto* description = dialog.findChild<QLabel*>(QStringLiteral("description"));
            for (const QString& id : animationIds()) {
                dialog.setAnimation(id);
                for (int i = 0; i < 3; ++i) QApplication::processEvents();
                EXPECT_GE(description->height(), description->heightForWidth(description->width()))
                    << id.toStdString() << " in " << which;
                EXPECT_LE(dialog.height(), 768 - 60) << which;
            }
        }
    }
    QApplication::setFont(normalFont);
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

}  // namespace
}  // namespace ropelab::ui
