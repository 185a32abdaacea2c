// SPDX-License-Identifier: GPL-3.0-or-later
// Animated export: the files decode with FFmpeg's own demuxers as the codec, pixel format, size
// and frame count asked for; the GIF loops forever; a periodic animation's frame after the last is
// its first; sweeps move; the training animation grows its curves; cancelling leaves no file;
// `ropelab export --animate` rejects bad input with one line and exit 2.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include "export/animation_catalog.h"
#include "export/animation_export.h"
#include "lesson_harness.h"
#ifdef ROPELAB_HAVE_TRAINING_LAB
#include <qcustomplot.h>

#include <cmath>

#include "lessons/training_lesson.h"
#endif
#include "video_probe.h"

namespace ropelab::ui {
namespace {

using testing::AllLessons;
using testing::probeVideo;
using testing::VideoProbe;

AnimationSettings small(AnimationFormat format) {
    AnimationSettings settings;
    settings.format = format;
    settings.size = QSize(160, 90);
    settings.fps = 10;
    settings.seconds = 2.0;
    return settings;
}

TEST(AnimationExport, EveryFormatDecodesAsAskedFor) {
    AllLessons all;
    QTemporaryDir dir;
    const Animation& animation = *findAnimation(QStringLiteral("rope-2d-rotate"));
    struct Expected {
        AnimationFormat format;
        AVCodecID codec;
    };
    for (const Expected& expected : {Expected{AnimationFormat::Gif, AV_CODEC_ID_GIF},
                                     Expected{AnimationFormat::Mp4, AV_CODEC_ID_H264},
                                     Expected{AnimationFormat::Webm, AV_CODEC_ID_VP9}}) {
        const QString path = dir.filePath(animationFileName(animation.id, expected.format));
        const auto written = exportAnimation(animation, *all.lesson(animation.lessonId), all.model,
                                             small(expected.format), path);
        ASSERT_TRUE(written && written->ok()) << written->error.toStdString();
        const VideoProbe read = probeVideo(path);
        EXPECT_EQ(read.codec, expected.codec) << path.toStdString();
        EXPECT_EQ(read.width, 160);
        EXPECT_EQ(read.height, 90);
        EXPECT_EQ(read.frames, 20) << "fps × seconds = 10 × 2";
        if (expected.format != AnimationFormat::Gif) {
            EXPECT_EQ(read.pixelFormat, AV_PIX_FMT_YUV420P);
        }
    }
    // Only the finished files: no temporary file is left beside them.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 3);
}

TEST(AnimationExport, GifLoopsForever) {
    AllLessons all;
    QTemporaryDir dir;
    const Animation& animation = *findAnimation(QStringLiteral("rope-nd-orbit"));
    const QString path = dir.filePath(QStringLiteral("orbit.gif"));
    ASSERT_TRUE(exportAnimation(animation, *all.lesson(animation.lessonId), all.model,
                                small(AnimationFormat::Gif), path)
                    ->ok());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    // The NETSCAPE2.0 application extension: sub-block 1, loop count 0 = forever.
    const qsizetype at = bytes.indexOf("NETSCAPE2.0");
    ASSERT_GE(at, 0);
    EXPECT_EQ(bytes.mid(at + 11, 4), QByteArray("\x03\x01\x00\x00", 4));
    EXPECT_EQ(probeVideo(path).frames, 20);
}

TEST(AnimationExport, PeriodicAnimationsComeBackToTheirFirstFrame) {
    AllLessons all;
    const QSize size(160, 90);
    const Animation& orbit = *findAnimation(QStringLiteral("rope-nd-orbit"));
    ASSERT_TRUE(orbit.periodic);
    AnimationRenderer renderer(orbit, *all.lesson(orbit.lessonId), all.model);
    constexpr int kFrames = 20;
    const QImage first = renderer.frame(framePhase(orbit, false, 0, kFrames), size);
    const QImage next = renderer.frame(framePhase(orbit, false, kFrames, kFrames), size);
    const QImage half = renderer.frame(framePhase(orbit, false, kFrames / 2, kFrames), size);
    EXPECT_DOUBLE_EQ(framePhase(orbit, false, kFrames - 1, kFrames), 0.95)
        << "ends one step before the first frame";
    EXPECT_EQ(first, next) << "the frame after the last is a full turn: the first again";
    EXPECT_NE(first, half) << "half a turn shows the spiral from the other side";
}

TEST(AnimationExport, SweepsMoveAndBounceBack) {
    AllLessons all;
    const QSize size(160, 90);
    const Animation& rotate = *findAnimation(QStringLiteral("rope-2d-rotate"));
    ASSERT_FALSE(rotate.periodic);
    constexpr int kFrames = 20;
    EXPECT_DOUBLE_EQ(framePhase(rotate, false, kFrames - 1, kFrames), 1.0);
    EXPECT_DOUBLE_EQ(framePhase(rotate, true, kFrames / 2, kFrames), 1.0);
    Lesson& lesson = *all.lesson(rotate.lessonId);
    const int startM = all.model.queryPosition();
    {
        AnimationRenderer renderer(rotate, lesson, all.model);
        const QImage first = renderer.frame(framePhase(rotate, true, 0, kFrames), size);
        const QImage turned = renderer.frame(framePhase(rotate, true, kFrames / 2, kFrames), size);
        EXPECT_GT(all.model.queryPosition(), startM) << "m advanced";
        EXPECT_EQ(all.model.keyPosition(), 2) << "n stays";
        const QImage back = renderer.frame(framePhase(rotate, true, kFrames, kFrames), size);
        EXPECT_NE(first, turned);
        EXPECT_EQ(first, back);
    }
    EXPECT_EQ(all.model.queryPosition(), startM) << "the renderer puts the parameters back";

    const Animation& shift = *findAnimation(QStringLiteral("rope-2d-shift"));
    AnimationRenderer renderer(shift, lesson, all.model);
    renderer.frame(0.0, size);
    const double angle = *lesson.readout(QStringLiteral("rope-2d.angle_deg"));
    renderer.frame(1.0, size);
    EXPECT_GT(all.model.keyPosition(), 2) << "n advanced";
    EXPECT_EQ(all.model.queryPosition() - all.model.keyPosition(), startM - 2);
    EXPECT_NEAR(*lesson.readout(QStringLiteral("rope-2d.angle_deg")), angle, 1e-9)
        << "shifting both leaves the angle";
}

#ifdef ROPELAB_HAVE_TRAINING_LAB
// The points a lesson's figure plots, over all its graphs.
int plottedPoints(const Lesson& lesson, const QString& figure) {
    for (const Figure& f : lesson.figures()) {
        if (f.name != figure) continue;
        int points = 0;
        for (int g = 0; g < f.plot->graphCount(); ++g) points += f.plot->graph(g)->data()->size();
        return points;
    }
    return -1;
}

// The training animation replays the run shown (the recorded one here): no point at first, the
// loss curves grow step by step, then the results appear length by length; the readouts stay the
// run's, and the lesson is whole again afterwards.
TEST(AnimationExport, TheTrainingRunGrowsItsCurves) {
    AllLessons all;
    const Animation* animation = findAnimation(QStringLiteral("training-run"));
    ASSERT_NE(animation, nullptr);
    ASSERT_FALSE(animation->periodic);
    auto& lesson = dynamic_cast<TrainingLesson&>(*all.lesson(animation->lessonId));
    const training::LabRun& run = lesson.run();
    ASSERT_FALSE(run.models.empty());
    const auto models = static_cast<int>(run.models.size());
    const auto steps = static_cast<int>(run.settings.steps);
    const QString loss = QStringLiteral("training-loss");
    const QString lengths = QStringLiteral("metric-vs-length");
    const QString readout = QStringLiteral("training.rope_accuracy_4x");
    // The points each model ran at the first `count` lengths.
    const auto ranAt = [&run](std::size_t count) {
        int points = 0;
        for (const training::LabModelResult& m : run.models) {
            for (std::size_t i = 0; i < count && i < m.byLength.size(); ++i) {
                points += m.byLength[i].ran ? 1 : 0;
            }
        }
        return points;
    };
    const QSize size(320, 180);
    {
        AnimationRenderer renderer(*animation, lesson, all.model);
        const QImage last = renderer.frame(1.0, size);
        EXPECT_EQ(plottedPoints(lesson, loss), models * steps);
        EXPECT_EQ(plottedPoints(lesson, lengths), ranAt(4));
        const std::optional<double> measured = lesson.readout(readout);
        ASSERT_TRUE(measured);
        const QImage first = renderer.frame(0.0, size);
        EXPECT_EQ(plottedPoints(lesson, loss), 0);
        EXPECT_EQ(plottedPoints(lesson, lengths), 0);
        renderer.frame(0.375, size);  // half of the loss share
        EXPECT_EQ(plottedPoints(lesson, loss), models * static_cast<int>(std::lround(0.5 * steps)));
        EXPECT_EQ(plottedPoints(lesson, lengths), 0);
        renderer.frame(0.875, size);  // half of the lengths
        EXPECT_EQ(plottedPoints(lesson, loss), models * steps);
        EXPECT_EQ(plottedPoints(lesson, lengths), ranAt(2));
        EXPECT_EQ(lesson.readout(readout), measured) << "a replay draws; the readouts stay";
        EXPECT_NE(first, last);
        EXPECT_EQ(renderer.frame(1.0, size), last);
    }
    EXPECT_EQ(plottedPoints(lesson, loss), models * steps) << "the renderer puts the lesson back";
    EXPECT_EQ(plottedPoints(lesson, lengths), ranAt(4));
}
#endif

TEST(AnimationExport, CancellingWritesNothing) {
    AllLessons all;
    QTemporaryDir dir;
    const Animation& animation = *findAnimation(QStringLiteral("frequencies-base"));
    const QString path = dir.filePath(QStringLiteral("base.mp4"));
    int calls = 0;
    const auto written =
        exportAnimation(animation, *all.lesson(animation.lessonId), all.model,
                        small(AnimationFormat::Mp4), path, [&calls](int done, int) {
                            ++calls;
                            return done < 5;
                        });
    EXPECT_FALSE(written.has_value());
    EXPECT_EQ(calls, 6);
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

TEST(AnimationExport, SettingsSayWhatIsWrong) {
    AnimationSettings settings = small(AnimationFormat::Mp4);
    EXPECT_TRUE(settings.problem().isEmpty());
    settings.size = QSize(161, 90);
    EXPECT_TRUE(settings.problem().contains(QStringLiteral("even")));
    settings.format = AnimationFormat::Gif;
    EXPECT_TRUE(settings.problem().isEmpty()) << "GIF takes odd sizes";
    settings.size = QSize(3840, 2160);
    settings.seconds = 60;
    EXPECT_TRUE(settings.problem().contains(QStringLiteral("memory")));
    settings = small(AnimationFormat::Gif);
    settings.fps = 0;
    EXPECT_FALSE(settings.problem().isEmpty());
}

struct AppRun {
    int exitCode = -1;
    QString out, err;
};

AppRun runApp(const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ROPELAB_APP_PATH),
                  QStringList{QStringLiteral("export")} + arguments);
    process.waitForFinished(120000);
    return {process.exitCode(), QString::fromLocal8Bit(process.readAllStandardOutput()),
            QString::fromLocal8Bit(process.readAllStandardError())};
}

TEST(AnimationCommand, ListsAndWritesWhatItPrints) {
    const AppRun list = runApp({QStringLiteral("--list-animations")});
    EXPECT_EQ(list.exitCode, 0);
    EXPECT_EQ(list.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts), animationIds());

    QTemporaryDir dir;
    const AppRun run =
        runApp({QStringLiteral("--animate"), QStringLiteral("precision-position"),
                QStringLiteral("--format"), QStringLiteral("webm,gif"), QStringLiteral("--fps"),
                QStringLiteral("5"), QStringLiteral("--seconds"), QStringLiteral("1.2"),
                QStringLiteral("--size"), QStringLiteral("96x64"), QStringLiteral("--lang"),
                QStringLiteral("zh_CN"), QStringLiteral("--presenter"), QStringLiteral("--out"),
                dir.path()});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QStringList paths = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(paths.size(), 2);
    EXPECT_TRUE(paths[0].endsWith(QStringLiteral("precision-position.webm")));
    for (const QString& path : paths) {
        const VideoProbe read = probeVideo(path);
        EXPECT_EQ(read.frames, 6) << "5 fps × 1.2 s";
        EXPECT_EQ(read.width, 96);
        EXPECT_EQ(read.height, 64);
    }
}

TEST(AnimationCommand, BadInputIsOneLineAndExitTwo) {
    QTemporaryDir dir;
    const QString out = dir.path();
    const QList<QStringList> bad = {
        {QStringLiteral("--animate"), QStringLiteral("no-such"), QStringLiteral("--out"), out},
        {QStringLiteral("--animate"), QStringLiteral("rope-2d-rotate"), QStringLiteral("--fps"),
         QStringLiteral("0"), QStringLiteral("--out"), out},
        {QStringLiteral("--animate"), QStringLiteral("rope-2d-rotate"), QStringLiteral("--fps"),
         QStringLiteral("1000"), QStringLiteral("--out"), out},
        {QStringLiteral("--animate"), QStringLiteral("rope-2d-rotate"), QStringLiteral("--format"),
         QStringLiteral("mp4"), QStringLiteral("--size"), QStringLiteral("161x90"),
         QStringLiteral("--out"), out},
        {QStringLiteral("--animate"), QStringLiteral("rope-2d-rotate"), QStringLiteral("--size"),
         QStringLiteral("99999x99999"), QStringLiteral("--out"), out},
        {QStringLiteral("--animate"), QStringLiteral("rope-2d-rotate"), QStringLiteral("--format"),
         QStringLiteral("png"), QStringLiteral("--out"), out},
        {QStringLiteral("--animate"), QStringLiteral("rope-2d-rotate"), QStringLiteral("--out"),
         QStringLiteral("/proc/ropelab-cannot-be-here")},
        {QStringLiteral("--fps"), QStringLiteral("10"), QStringLiteral("--out"), out},
    };
    for (const QStringList& arguments : bad) {
        const AppRun run = runApp(arguments);
        EXPECT_EQ(run.exitCode, 2) << arguments.join(QLatin1Char(' ')).toStdString();
        EXPECT_EQ(run.err.trimmed().count(QLatin1Char('\n')), 0) << run.err.toStdString();
        EXPECT_TRUE(run.out.isEmpty());
    }
    EXPECT_TRUE(QDir(out).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

}  // namespace
}  // namespace ropelab::ui
