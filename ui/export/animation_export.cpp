// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/animation_export.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QDir>
#include <QFontMetrics>

#include <algorithm>
#include <cmath>

#include "export/figure_export.h"
#include "lessons/lesson.h"
#include "model/latest_job.h"
#include "model/parameter_model.h"

namespace ropelab::ui {

namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::AnimationExport)
};

// Headless lessons are laid out at a typical window size, as a student would see them.
const QSize kLessonWindowSize(1440, 900);
// Figures are laid out at least this tall (screen pixels), and each at least this many
// characters of its tick-label font wide, then scaled down into smaller frames: titles, tick
// labels and legends keep their proportions (presenter fonts would not fit half of a small frame).
constexpr double kMinLayoutHeight = 400.0;
constexpr int kMinLayoutChars = 52;
constexpr int kJobTimeoutMs = 60000;

// Lets the lesson react to the new state: queued signals, then its background jobs.
bool settle(Lesson& lesson) {
    QCoreApplication::processEvents();
    for (LatestJob* job : lesson.findChildren<LatestJob*>()) {
        if (!job->waitForIdle(kJobTimeoutMs)) return false;
    }
    QCoreApplication::processEvents();
    return true;
}

}  // namespace

int AnimationSettings::frameCount() const {
    return static_cast<int>(std::lround(fps * seconds));
}

QString AnimationSettings::problem() const {
    if (fps < 1 || fps > kMaxFps) {
        return Tr::tr("The frame rate must be between 1 and %1 frames per second, not %2.")
            .arg(kMaxFps)
            .arg(fps);
    }
    if (!(seconds > 0.0) || seconds > kMaxSeconds) {
        return Tr::tr("The duration must be more than 0 and at most %1 seconds, not %2.")
            .arg(kMaxSeconds)
            .arg(seconds);
    }
    if (frameCount() < 2) {
        return Tr::tr("%1 s at %2 frames per second is fewer than two frames.")
            .arg(seconds)
            .arg(fps);
    }
    if (size.width() < kMinSide || size.height() < kMinSide || size.width() > kMaxWidth ||
        size.height() > kMaxHeight) {
        return Tr::tr("The size must be from %1×%1 to %2×%3 pixels, not %4×%5.")
            .arg(kMinSide)
            .arg(kMaxWidth)
            .arg(kMaxHeight)
            .arg(size.width())
            .arg(size.height());
    }
    if (needsEvenSize(format) && (size.width() % 2 != 0 || size.height() % 2 != 0)) {
        return Tr::tr("%1 needs an even width and height (yuv420p), not %2×%3.")
            .arg(animationFormatSuffix(format).toUpper())
            .arg(size.width())
            .arg(size.height());
    }
    const double gifBytes = 4.0 * size.width() * size.height() * frameCount();
    if (format == AnimationFormat::Gif && gifBytes > kMaxGifBytes) {
        return Tr::tr(
                   "A GIF of %1 frames at %2×%3 needs %4 GB of memory for its palette; "
                   "choose a smaller size, fewer frames or MP4.")
            .arg(frameCount())
            .arg(size.width())
            .arg(size.height())
            .arg(gifBytes / 1e9, 0, 'f', 1);
    }
    return {};
}

bool loopsWithoutJump(const Animation& animation, bool bounce) {
    return animation.periodic || bounce;
}

double framePhase(const Animation& animation, bool bounce, int index, int count) {
    const double t = static_cast<double>(index) / count;
    if (animation.periodic) return t;
    if (bounce) return 1.0 - std::abs(1.0 - 2.0 * t);
    return count > 1 ? static_cast<double>(index) / (count - 1) : 0.0;
}

QString animationFileName(const QString& animationId, AnimationFormat format) {
    return QStringLiteral("%1.%2").arg(animationId, animationFormatSuffix(format));
}

AnimationRenderer::AnimationRenderer(const Animation& animation, Lesson& lesson,
                                     ParameterModel& parameters)
    : animation_(animation), lesson_(lesson), parameters_(parameters) {
    if (lesson.parentWidget() == nullptr && !lesson.isVisible()) {
        lesson.setAttribute(Qt::WA_DontShowOnScreen);
        lesson.resize(kLessonWindowSize);
        lesson.show();
        showed_ = true;
    }
    settle(lesson);
    start_ = AnimationStart{lesson.saveState(), ParameterSnapshot::of(parameters)};
}

AnimationRenderer::~AnimationRenderer() {
    parameters_.setAll(start_.parameters);
    lesson_.restoreState(start_.lessonState);
    settle(lesson_);
    if (showed_) lesson_.hide();
}

QImage AnimationRenderer::frame(double u, QSize size) {
    animation_.apply(lesson_, parameters_, start_, u);
    if (!settle(lesson_)) return {};
    QList<QCustomPlot*> plots;
    for (const Figure& figure : lesson_.figures()) {
        if (animation_.figures.contains(figure.name)) plots.append(figure.plot);
    }
    QImage image(size, QImage::Format_RGB32);
    image.fill(lesson_.palette().color(QPalette::Base));
    if (plots.isEmpty()) return image;
    const int leastWidth =
        kMinLayoutChars * QFontMetrics(plots.front()->xAxis->tickLabelFont()).averageCharWidth();
    const double scale =
        std::min({1.0, size.height() / kMinLayoutHeight,
                  size.width() / (static_cast<double>(leastWidth) * plots.size())});
    const double width = size.width() / scale;
    const int height = static_cast<int>(std::lround(size.height() / scale));
    QCPPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.scale(scale, scale);
    for (qsizetype i = 0; i < plots.size(); ++i) {
        const int left = static_cast<int>(std::lround(width * i / plots.size()));
        const int right = static_cast<int>(std::lround(width * (i + 1) / plots.size()));
        painter.save();
        painter.translate(left, 0);
        paintFigure(*plots[i], painter, QSize(right - left, height));
        painter.restore();
    }
    return image;
}

std::optional<WriteResult> exportAnimation(const Animation& animation, Lesson& lesson,
                                           ParameterModel& parameters,
                                           const AnimationSettings& settings, const QString& path,
                                           const AnimationProgress& progress) {
    if (const QString problem = settings.problem(); !problem.isEmpty()) {
        return WriteResult{path, problem};
    }
    AnimationEncoder encoder;
    if (const QString error = encoder.open(path, settings.format, settings.size, settings.fps);
        !error.isEmpty()) {
        encoder.abandon();
        return WriteResult{path, error};
    }
    AnimationRenderer renderer(animation, lesson, parameters);
    const int count = settings.frameCount();
    for (int i = 0; i < count; ++i) {
        if (progress && !progress(i, count)) {
            encoder.abandon();
            return std::nullopt;
        }
        const QImage image =
            renderer.frame(framePhase(animation, settings.bounce, i, count), settings.size);
        const QString error =
            image.isNull()
                ? Tr::tr("Could not write %1: the lesson did not finish computing frame %2.")
                      .arg(QDir::toNativeSeparators(path))
                      .arg(i + 1)
                : encoder.addFrame(image);
        if (!error.isEmpty()) {
            encoder.abandon();
            return WriteResult{path, error};
        }
    }
    const QString error = encoder.finish();
    if (progress) progress(count, count);
    return WriteResult{path, error};
}

}  // namespace ropelab::ui
