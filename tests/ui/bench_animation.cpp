// SPDX-License-Identifier: GPL-3.0-or-later
// Animated export speed (not a test): a 10 s, 30 fps, 1280×720 MP4 of lesson 4's rotating pair,
// rendered from the lesson's figures and encoded; prints frames per second (wall and CPU time).
#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>

#include "export/animation_catalog.h"
#include "export/animation_export.h"
#include "lessons/lesson_registry.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"

int main(int argc, char** argv) {
    using namespace ropelab::ui;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    ParameterModel model;
    ThemeController theme;
    auto lessons = createLessons(LessonContext{&model, &theme});
    const Animation& animation = *findAnimation(QStringLiteral("rope-2d-rotate"));
    Lesson* lesson = nullptr;
    for (const auto& l : lessons) {
        if (l->id() == animation.lessonId) lesson = l.get();
        l->hide();  // put away, as in the window's lesson stack
    }
    AnimationSettings settings;
    settings.format = AnimationFormat::Mp4;
    settings.size = QSize(1280, 720);
    settings.fps = 30;
    settings.seconds = 10.0;
    QTemporaryDir dir;
    const std::clock_t cpuStart = std::clock();
    QElapsedTimer wall;
    wall.start();
    const auto written = exportAnimation(animation, *lesson, model, settings,
                                         dir.filePath(QStringLiteral("rope-2d-rotate.mp4")));
    const double wallSeconds = wall.nsecsElapsed() / 1e9;
    const double cpuSeconds = static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    if (!written || !written->ok()) {
        std::fprintf(stderr, "bench_animation: %s\n", qPrintable(written->error));
        return 1;
    }
    const int frames = settings.frameCount();
    std::printf(
        "rope-2d-rotate 1280x720 mp4, %d frames: %.2f s wall (%.1f frames/s), "
        "%.2f s CPU on all threads (%.1f frames per CPU-second)\n",
        frames, wallSeconds, frames / wallSeconds, cpuSeconds, frames / cpuSeconds);
    return 0;
}
