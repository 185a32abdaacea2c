// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What libavformat reads back from a video file: its one stream's codec, pixel format and size,
// and how many frames it holds (for tests of animated export).

#include <QFile>
#include <QString>

extern "C" {
#include <libavformat/avformat.h>
}

namespace ropelab::ui::testing {

struct VideoProbe {
    AVCodecID codec = AV_CODEC_ID_NONE;
    int pixelFormat = AV_PIX_FMT_NONE;
    int width = 0;
    int height = 0;
    int frames = 0;
};

// All zero (no codec) when the file does not open as a single-stream video.
inline VideoProbe probeVideo(const QString& path) {
    VideoProbe result;
    AVFormatContext* input = nullptr;
    if (avformat_open_input(&input, QFile::encodeName(path).constData(), nullptr, nullptr) < 0) {
        return result;
    }
    if (avformat_find_stream_info(input, nullptr) >= 0 && input->nb_streams == 1) {
        const AVCodecParameters* codec = input->streams[0]->codecpar;
        result.codec = codec->codec_id;
        result.pixelFormat = codec->format;
        result.width = codec->width;
        result.height = codec->height;
        AVPacket* packet = av_packet_alloc();
        while (av_read_frame(input, packet) >= 0) {
            ++result.frames;
            av_packet_unref(packet);
        }
        av_packet_free(&packet);
    }
    avformat_close_input(&input);
    return result;
}

}  // namespace ropelab::ui::testing
