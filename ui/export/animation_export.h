// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One animation to one file: its frames rendered offscreen from the lesson's own figures, then
// encoded (animation_encoder.h). Runs on the UI thread (lessons are widgets); a progress
// callback lets a dialog show progress and cancel.

#include <QImage>
#include <QSize>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

#include "export/animation_catalog.h"
#include "export/animation_encoder.h"
#include "model/atomic_write.h"

namespace ropelab::ui {

class Lesson;
class ParameterModel;

struct AnimationSettings {
    AnimationFormat format = AnimationFormat::Gif;
    QSize size{800, 450};
    int fps = 30;
    double seconds = 6.0;
    // Sweeps play forward and back, so they too loop without a jump.
    bool bounce = false;

    static constexpr int kMaxFps = 60;
    static constexpr double kMaxSeconds = 120.0;
    static constexpr int kMinSide = 16;
    static constexpr int kMaxWidth = 3840;
    static constexpr int kMaxHeight = 2160;
    // A GIF's palette is chosen from every frame, so all of them wait in memory (4 bytes a pixel).
    static constexpr double kMaxGifBytes = 2.0 * 1024 * 1024 * 1024;

    // fps × seconds, rounded.
    int frameCount() const;
    // Empty when usable; otherwise one sentence naming the bad setting and what is allowed.
    QString problem() const;
};

// True when the frames make one period, so the frame after the last would be the first again.
bool loopsWithoutJump(const Animation& animation, bool bounce);
// The phase of frame `index` of `count` (animation_catalog.h): a periodic animation (or a
// bounced sweep) ends one step before its first frame; a forward sweep ends at u = 1.
double framePhase(const Animation& animation, bool bounce, int index, int count);

// "<id>.<suffix>".
QString animationFileName(const QString& animationId, AnimationFormat format);

// Drives one lesson through an animation. Shows a lesson without a window offscreen at a
// window's size (as figure export does); the destructor puts the lesson and the shared
// parameters back as they were.
class AnimationRenderer {
public:
    AnimationRenderer(const Animation& animation, Lesson& lesson, ParameterModel& parameters);
    ~AnimationRenderer();
    AnimationRenderer(const AnimationRenderer&) = delete;
    AnimationRenderer& operator=(const AnimationRenderer&) = delete;

    // The animation's figures at phase u, side by side in an image of exactly `size`; a null
    // image when the lesson did not finish computing in time.
    QImage frame(double u, QSize size);

private:
    const Animation& animation_;
    Lesson& lesson_;
    ParameterModel& parameters_;
    AnimationStart start_;
    bool showed_ = false;
};

// Called before each frame with (frames done, total); returning false cancels.
using AnimationProgress = std::function<bool(int done, int total)>;

// Writes the file at `path` whole, or nothing: the result says why. std::nullopt: cancelled
// (nothing written).
std::optional<WriteResult> exportAnimation(const Animation& animation, Lesson& lesson,
                                           ParameterModel& parameters,
                                           const AnimationSettings& settings, const QString& path,
                                           const AnimationProgress& progress = {});

}  // namespace ropelab::ui
