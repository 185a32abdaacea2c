// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/animation_encoder.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>

#include <cerrno>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "model/atomic_write.h"

#if ROPELAB_HAVE_FFMPEG
extern "C" {
#include <libavcodec/avcodec.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}
#endif

namespace ropelab::ui {

namespace {

// The translation context of this file's messages (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::AnimationEncoder)
};

}  // namespace

QString animationFormatSuffix(AnimationFormat format) {
    switch (format) {
        case AnimationFormat::Gif:
            return QStringLiteral("gif");
        case AnimationFormat::Mp4:
            return QStringLiteral("mp4");
        case AnimationFormat::Webm:
            return QStringLiteral("webm");
    }
    return {};
}

std::optional<AnimationFormat> parseAnimationFormat(const QString& name) {
    for (AnimationFormat format : allAnimationFormats()) {
        if (name.trimmed().compare(animationFormatSuffix(format), Qt::CaseInsensitive) == 0) {
            return format;
        }
    }
    return std::nullopt;
}

QList<AnimationFormat> allAnimationFormats() {
    return {AnimationFormat::Gif, AnimationFormat::Mp4, AnimationFormat::Webm};
}

bool needsEvenSize(AnimationFormat format) {
    return format != AnimationFormat::Gif;
}

#if !ROPELAB_HAVE_FFMPEG

bool animationEncodingAvailable() {
    return false;
}

QString animationUnavailableReason() {
    return Tr::tr(
        "Animation export is unavailable: this build of RoPE Lab was made without the FFmpeg "
        "libraries (libavcodec, libavformat, libavfilter, libswscale).");
}

struct AnimationEncoder::State {};

AnimationEncoder::AnimationEncoder() = default;
AnimationEncoder::~AnimationEncoder() = default;

QString AnimationEncoder::open(const QString&, AnimationFormat, QSize, int) {
    return animationUnavailableReason();
}
QString AnimationEncoder::addFrame(const QImage&) {
    return animationUnavailableReason();
}
QString AnimationEncoder::finish() {
    return animationUnavailableReason();
}
void AnimationEncoder::abandon() {}

#else

bool animationEncodingAvailable() {
    return true;
}

QString animationUnavailableReason() {
    return {};
}

namespace {

QString ffmpegError(int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return QString::fromLocal8Bit(text);
}

// Quality settings: visually clean lines and text at slide sizes, encoded faster than real time
// on two cores.
constexpr int kGopSeconds = 2;
constexpr int kIoBufferBytes = 1 << 16;
// Frames rendered ahead of the encoding thread: enough to smooth out uneven frames, few enough
// to keep memory small (8 MB a 1920×1080 frame).
constexpr std::size_t kQueuedFrames = 3;
// One palette for every frame, error-diffused: smooth colour-map gradients without banding.
constexpr const char* kGifFilters =
    "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a";

}  // namespace

struct AnimationEncoder::State {
    AnimationFormat format = AnimationFormat::Gif;
    QSize size;
    int fps = 0;
    QString path;
    QSaveFile file;
    QString ioError;  // set by the write callback: why the disk refused bytes
    AVFormatContext* muxer = nullptr;
    AVIOContext* io = nullptr;
    AVCodecContext* codec = nullptr;
    AVStream* stream = nullptr;
    AVFrame* frame = nullptr;  // the encoder's yuv420p frame (MP4, WebM)
    AVPacket* packet = nullptr;
    SwsContext* scaler = nullptr;
    AVFilterGraph* graph = nullptr;  // GIF palette (palettegen, paletteuse)
    AVFilterContext* source = nullptr;
    AVFilterContext* sink = nullptr;
    AVFrame* filtered = nullptr;
    std::int64_t nextPts = 0;
    bool headerWritten = false;

    // The encoding thread takes frames from `queue`, so the next frame renders meanwhile.
    std::thread worker;
    std::mutex queueMutex;
    std::condition_variable queueChanged;
    std::deque<QImage> queue;
    bool closing = false;  // no more frames: the thread encodes what is queued, then stops
    bool stopped = false;  // the thread has stopped (closed, or after a failure)
    QString encodeError;   // why the thread stopped early

    explicit State(const QString& target) : file(target) {}

    ~State() {
        stopWorker(true);
        sws_freeContext(scaler);
        avfilter_graph_free(&graph);
        av_frame_free(&frame);
        av_frame_free(&filtered);
        av_packet_free(&packet);
        avcodec_free_context(&codec);
        if (io != nullptr) {
            av_freep(&io->buffer);
            avio_context_free(&io);
        }
        avformat_free_context(muxer);
        file.cancelWriting();
    }

    static int writePacket(void* opaque, std::uint8_t* data, int bytes) {
        auto* state = static_cast<State*>(opaque);
        if (state->file.write(reinterpret_cast<const char*>(data), bytes) != bytes) {
            const QString reason = describeWriteErrno(errno);
            state->ioError = reason.isEmpty() ? state->file.errorString() : reason;
            return AVERROR(EIO);
        }
        return bytes;
    }

    // MP4 and WebM seek back to fill in sizes and the index once the frames are written.
    static std::int64_t seek(void* opaque, std::int64_t offset, int whence) {
        auto* state = static_cast<State*>(opaque);
        if ((whence & AVSEEK_SIZE) != 0) return state->file.size();
        std::int64_t target = offset;
        switch (whence & ~AVSEEK_FORCE) {
            case SEEK_SET:
                break;
            case SEEK_CUR:
                target = state->file.pos() + offset;
                break;
            case SEEK_END:
                target = state->file.size() + offset;
                break;
            default:
                return AVERROR(EINVAL);
        }
        return state->file.seek(target) ? target : AVERROR(EIO);
    }

    QString failure(const QString& what, int code) const {
        if (!ioError.isEmpty()) {
            return Tr::tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), ioError);
        }
        return Tr::tr("Could not write %1: %2 (%3)")
            .arg(QDir::toNativeSeparators(path), what, ffmpegError(code));
    }

    // Hands the encoder's packets to the muxer; AVERROR(EAGAIN) and EOF end a drain normally.
    QString drainPackets() {
        for (;;) {
            const int received = avcodec_receive_packet(codec, packet);
            if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) return {};
            if (received < 0) return failure(Tr::tr("the encoder failed"), received);
            av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            const int written = av_interleaved_write_frame(muxer, packet);
            if (written < 0) return failure(Tr::tr("the file could not be written"), written);
        }
    }

    QString encode(AVFrame* input) {
        const int sent = avcodec_send_frame(codec, input);
        if (sent < 0) return failure(Tr::tr("the encoder refused a frame"), sent);
        return drainPackets();
    }

    // Palette-mapped frames leave the filter graph once the palette is known (at the end).
    QString drainFilter() {
        for (;;) {
            const int got = av_buffersink_get_frame(sink, filtered);
            if (got == AVERROR(EAGAIN) || got == AVERROR_EOF) return {};
            if (got < 0) return failure(Tr::tr("the GIF palette could not be made"), got);
            QString error = encode(filtered);
            av_frame_unref(filtered);
            if (!error.isEmpty()) return error;
        }
    }

    // One frame of exactly the opened size, on the encoding thread.
    QString encodeFrame(const QImage& rgb) {
        const std::uint8_t* planes[1] = {rgb.constBits()};
        const int strides[1] = {static_cast<int>(rgb.bytesPerLine())};
        if (format == AnimationFormat::Gif) {
            AVFrame* input = av_frame_alloc();
            if (input == nullptr) return Tr::tr("Out of memory.");
            input->format = AV_PIX_FMT_RGB32;
            input->width = size.width();
            input->height = size.height();
            input->pts = nextPts++;
            int result = av_frame_get_buffer(input, 0);
            if (result >= 0) {
                av_image_copy(input->data, input->linesize, planes, strides, AV_PIX_FMT_RGB32,
                              size.width(), size.height());
                result = av_buffersrc_add_frame(source, input);  // takes the reference
            }
            av_frame_free(&input);
            if (result < 0) return failure(Tr::tr("the GIF palette could not be made"), result);
            return drainFilter();
        }
        const int result = av_frame_make_writable(frame);
        if (result < 0) return failure(Tr::tr("no memory for a frame"), result);
        sws_scale(scaler, planes, strides, 0, size.height(), frame->data, frame->linesize);
        frame->pts = nextPts++;
        return encode(frame);
    }

    void startWorker() {
        worker = std::thread([this] {
            for (;;) {
                QImage image;
                {
                    std::unique_lock lock(queueMutex);
                    queueChanged.wait(lock, [this] { return !queue.empty() || closing; });
                    if (queue.empty()) break;
                    image = std::move(queue.front());
                    queue.pop_front();
                }
                queueChanged.notify_all();
                QString error = encodeFrame(image);
                if (!error.isEmpty()) {
                    const std::lock_guard lock(queueMutex);
                    encodeError = std::move(error);
                    queue.clear();
                    break;
                }
            }
            {
                const std::lock_guard lock(queueMutex);
                stopped = true;
            }
            queueChanged.notify_all();
        });
    }

    // Waits for the encoding thread; `drop` throws away the frames it has not encoded yet.
    void stopWorker(bool drop) {
        if (!worker.joinable()) return;
        {
            const std::lock_guard lock(queueMutex);
            closing = true;
            if (drop) queue.clear();
        }
        queueChanged.notify_all();
        worker.join();
    }

    // Queues a frame for the encoding thread, waiting while the queue is full. Empty, or the
    // thread's failure if it has failed.
    QString queueFrame(const QImage& rgb) {
        std::unique_lock lock(queueMutex);
        queueChanged.wait(lock, [this] { return queue.size() < kQueuedFrames || stopped; });
        if (stopped) return encodeError;
        queue.push_back(rgb);
        lock.unlock();
        queueChanged.notify_all();
        return {};
    }

    QString openGifFilter() {
        graph = avfilter_graph_alloc();
        filtered = av_frame_alloc();
        if (graph == nullptr || filtered == nullptr) return Tr::tr("Out of memory.");
        const QByteArray args = QStringLiteral(
                                    "video_size=%1x%2:pix_fmt=%3:time_base=1/%4:"
                                    "pixel_aspect=1/1:frame_rate=%4/1")
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(static_cast<int>(AV_PIX_FMT_RGB32))
                                    .arg(fps)
                                    .toLatin1();
        int result = avfilter_graph_create_filter(&source, avfilter_get_by_name("buffer"), "in",
                                                  args.constData(), nullptr, graph);
        if (result >= 0) {
            result = avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out",
                                                  nullptr, nullptr, graph);
        }
        if (result >= 0) {
            const AVPixelFormat formats[] = {AV_PIX_FMT_PAL8, AV_PIX_FMT_NONE};
            result = av_opt_set_int_list(sink, "pix_fmts", formats, AV_PIX_FMT_NONE,
                                         AV_OPT_SEARCH_CHILDREN);
        }
        if (result < 0) return failure(Tr::tr("the GIF palette filters are missing"), result);
        AVFilterInOut* outputs = avfilter_inout_alloc();
        AVFilterInOut* inputs = avfilter_inout_alloc();
        outputs->name = av_strdup("in");
        outputs->filter_ctx = source;
        inputs->name = av_strdup("out");
        inputs->filter_ctx = sink;
        result = avfilter_graph_parse_ptr(graph, kGifFilters, &inputs, &outputs, nullptr);
        avfilter_inout_free(&inputs);
        avfilter_inout_free(&outputs);
        if (result >= 0) result = avfilter_graph_config(graph, nullptr);
        if (result < 0) return failure(Tr::tr("the GIF palette filters are missing"), result);
        return {};
    }
};

AnimationEncoder::AnimationEncoder() = default;
AnimationEncoder::~AnimationEncoder() = default;

QString AnimationEncoder::open(const QString& path, AnimationFormat format, QSize size, int fps) {
    av_log_set_level(AV_LOG_QUIET);  // failures come back as our own sentences
    state_ = std::make_unique<State>(path);
    State& s = *state_;
    s.format = format;
    s.size = size;
    s.fps = fps;
    s.path = path;

    const char* muxerName = nullptr;
    const AVCodec* encoder = nullptr;
    QString encoderName;
    switch (format) {
        case AnimationFormat::Gif:
            muxerName = "gif";
            encoder = avcodec_find_encoder(AV_CODEC_ID_GIF);
            encoderName = QStringLiteral("GIF");
            break;
        case AnimationFormat::Mp4:
            muxerName = "mp4";
            encoder = avcodec_find_encoder_by_name("libx264");
            encoderName = QStringLiteral("H.264 (libx264)");
            break;
        case AnimationFormat::Webm:
            muxerName = "webm";
            encoder = avcodec_find_encoder_by_name("libvpx-vp9");
            encoderName = QStringLiteral("VP9 (libvpx-vp9)");
            break;
    }
    if (encoder == nullptr) {
        const QString error =
            Tr::tr("This FFmpeg build has no %1 encoder, so %2 files cannot be written.")
                .arg(encoderName, animationFormatSuffix(format).toUpper());
        state_.reset();
        return error;
    }
    if (!s.file.open(QIODevice::WriteOnly)) {
        const QString reason = describeWriteErrno(errno);
        const QString error = Tr::tr("Could not write %1: %2")
                                  .arg(QDir::toNativeSeparators(path),
                                       reason.isEmpty() ? s.file.errorString() : reason);
        state_.reset();
        return error;
    }

    int result = avformat_alloc_output_context2(&s.muxer, nullptr, muxerName, nullptr);
    if (result < 0) return s.failure(Tr::tr("the container is not supported"), result);
    s.codec = avcodec_alloc_context3(encoder);
    s.packet = av_packet_alloc();
    if (s.codec == nullptr || s.packet == nullptr) return Tr::tr("Out of memory.");
    s.codec->width = size.width();
    s.codec->height = size.height();
    s.codec->time_base = AVRational{1, fps};
    s.codec->framerate = AVRational{fps, 1};
    s.codec->sample_aspect_ratio = AVRational{1, 1};
    s.codec->thread_count = 0;  // as many as the machine has
    AVDictionary* options = nullptr;
    if (format == AnimationFormat::Gif) {
        s.codec->pix_fmt = AV_PIX_FMT_PAL8;
    } else {
        s.codec->pix_fmt = AV_PIX_FMT_YUV420P;
        s.codec->gop_size = kGopSeconds * fps;
        s.codec->color_range = AVCOL_RANGE_MPEG;
        s.codec->colorspace = AVCOL_SPC_BT709;
        s.codec->color_primaries = AVCOL_PRI_BT709;
        s.codec->color_trc = AVCOL_TRC_BT709;
    }
    if (format == AnimationFormat::Mp4) {
        av_dict_set(&options, "preset", "veryfast", 0);
        av_dict_set(&options, "crf", "20", 0);
    } else if (format == AnimationFormat::Webm) {
        s.codec->bit_rate = 0;  // constant quality
        av_dict_set(&options, "crf", "32", 0);
        av_dict_set(&options, "deadline", "realtime", 0);
        av_dict_set(&options, "cpu-used", "8", 0);
        av_dict_set(&options, "row-mt", "1", 0);
    }
    if ((s.muxer->oformat->flags & AVFMT_GLOBALHEADER) != 0) {
        s.codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    }
    result = avcodec_open2(s.codec, encoder, &options);
    av_dict_free(&options);
    if (result < 0) return s.failure(Tr::tr("the encoder could not start"), result);

    s.stream = avformat_new_stream(s.muxer, nullptr);
    if (s.stream == nullptr) return Tr::tr("Out of memory.");
    avcodec_parameters_from_context(s.stream->codecpar, s.codec);
    s.stream->time_base = s.codec->time_base;
    s.stream->avg_frame_rate = s.codec->framerate;

    auto* buffer = static_cast<unsigned char*>(av_malloc(kIoBufferBytes));
    s.io = avio_alloc_context(buffer, kIoBufferBytes, 1, &s, nullptr, &State::writePacket,
                              &State::seek);
    if (s.io == nullptr) {
        av_free(buffer);
        return Tr::tr("Out of memory.");
    }
    s.muxer->pb = s.io;
    s.muxer->flags |= AVFMT_FLAG_CUSTOM_IO;

    AVDictionary* muxOptions = nullptr;
    if (format == AnimationFormat::Gif) av_dict_set(&muxOptions, "loop", "0", 0);  // forever
    result = avformat_write_header(s.muxer, &muxOptions);
    av_dict_free(&muxOptions);
    if (result < 0) return s.failure(Tr::tr("the file header could not be written"), result);
    s.headerWritten = true;

    if (format == AnimationFormat::Gif) {
        if (const QString error = s.openGifFilter(); !error.isEmpty()) return error;
        s.startWorker();
        return {};
    }
    s.frame = av_frame_alloc();
    if (s.frame == nullptr) return Tr::tr("Out of memory.");
    s.frame->format = s.codec->pix_fmt;
    s.frame->width = size.width();
    s.frame->height = size.height();
    result = av_frame_get_buffer(s.frame, 0);
    if (result < 0) return s.failure(Tr::tr("no memory for a frame"), result);
    s.scaler =
        sws_getContext(size.width(), size.height(), AV_PIX_FMT_RGB32, size.width(), size.height(),
                       AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr, nullptr, nullptr);
    if (s.scaler == nullptr) return Tr::tr("Out of memory.");
    // Limited-range BT.709, as the stream is tagged; players assume it for HD video.
    const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
    sws_setColorspaceDetails(s.scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
    s.startWorker();
    return {};
}

QString AnimationEncoder::addFrame(const QImage& image) {
    State& s = *state_;
    const QImage rgb =
        image.format() == QImage::Format_RGB32 || image.format() == QImage::Format_ARGB32
            ? image
            : image.convertToFormat(QImage::Format_RGB32);
    if (rgb.size() != s.size) {
        return Tr::tr("A frame of %1×%2 does not fit a %3×%4 animation.")
            .arg(rgb.width())
            .arg(rgb.height())
            .arg(s.size.width())
            .arg(s.size.height());
    }
    return s.queueFrame(rgb);
}

QString AnimationEncoder::finish() {
    State& s = *state_;
    s.stopWorker(false);
    // A failure of the encoding thread: nothing more is written.
    QString error = s.encodeError;
    if (error.isEmpty() && s.format == AnimationFormat::Gif) {
        const int result = av_buffersrc_add_frame(s.source, nullptr);  // end: palette is made
        error = result < 0 ? s.failure(Tr::tr("the GIF palette could not be made"), result)
                           : s.drainFilter();
    }
    if (error.isEmpty()) error = s.encode(nullptr);
    if (error.isEmpty()) {
        const int result = av_write_trailer(s.muxer);
        if (result < 0) error = s.failure(Tr::tr("the file could not be finished"), result);
    }
    if (error.isEmpty()) {
        avio_flush(s.io);
        if (!s.ioError.isEmpty()) error = s.failure({}, 0);
    }
    if (error.isEmpty() && !s.file.commit()) {
        const QString reason = describeWriteErrno(errno);
        error = Tr::tr("Could not write %1: %2")
                    .arg(QDir::toNativeSeparators(s.path),
                         reason.isEmpty() ? s.file.errorString() : reason);
    }
    state_.reset();
    return error;
}

void AnimationEncoder::abandon() {
    state_.reset();
}

#endif

}  // namespace ropelab::ui
