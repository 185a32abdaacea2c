// SPDX-License-Identifier: GPL-3.0-or-later
#include "qt_warning_recorder.h"

#include <QMessageLogContext>
#include <mutex>

namespace ropelab::hardening {

namespace {

// The handler is a plain function, so the recorded list lives here (one recorder at a time).
std::mutex recordedMutex;
QStringList recorded;

bool meaningless(const QString& message) {
    return message.contains(QLatin1String("propagateSizeHints")) ||
           message.contains(QLatin1String("XDG_RUNTIME_DIR")) ||
           message.contains(QLatin1String("This plugin does not support"));
}

void record(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtDebugMsg || type == QtInfoMsg || meaningless(message)) return;
    const std::lock_guard lock(recordedMutex);
    recorded.append(message);
}

}  // namespace

QtWarningRecorder::QtWarningRecorder() : previous_(qInstallMessageHandler(record)) {
    clear();
}

QtWarningRecorder::~QtWarningRecorder() {
    qInstallMessageHandler(previous_);
}

const QStringList& QtWarningRecorder::warnings() const {
    return recorded;
}

void QtWarningRecorder::clear() {
    const std::lock_guard lock(recordedMutex);
    recorded.clear();
}

}  // namespace ropelab::hardening
