// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Video files from rendered frames, with Debian's FFmpeg libraries: GIF (one palette for the
// whole animation from palettegen/paletteuse, looping forever), MP4 (H.264, yuv420p, which
// PowerPoint, Keynote and Google Slides play) and WebM (VP9). The file goes through a QSaveFile:
// it appears whole when finish() succeeds, and not at all otherwise.

#include <QImage>
#include <QList>
#include <QSize>
#include <QString>
#include <memory>
#include <optional>

namespace ropelab::ui {

enum class AnimationFormat { Gif, Mp4, Webm };

// "gif", "mp4", "webm": the file suffix and the --format spelling.
QString animationFormatSuffix(AnimationFormat format);
std::optional<AnimationFormat> parseAnimationFormat(const QString& name);
QList<AnimationFormat> allAnimationFormats();
// MP4 and WebM store yuv420p, whose colour planes are half size: width and height must be even.
bool needsEvenSize(AnimationFormat format);

// False when this build has no FFmpeg libraries; then animationUnavailableReason() says so.
bool animationEncodingAvailable();
QString animationUnavailableReason();

class AnimationEncoder {
public:
    AnimationEncoder();
    ~AnimationEncoder();
    AnimationEncoder(const AnimationEncoder&) = delete;
    AnimationEncoder& operator=(const AnimationEncoder&) = delete;

    // Starts a file of frames of exactly `size` at `fps`. Empty on success, else one sentence
    // (the encoder is missing from this FFmpeg build, the folder is not writable, ...).
    QString open(const QString& path, AnimationFormat format, QSize size, int fps);
    // One frame of exactly the opened size, handed to an encoding thread so that the caller
    // renders the next one meanwhile. Empty on success, else why encoding (of this or an
    // earlier frame) failed.
    QString addFrame(const QImage& frame);
    // Flushes the encoder and commits the file. Empty on success; on failure nothing is left.
    QString finish();
    // Drops everything written so far; no file appears.
    void abandon();

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace ropelab::ui
