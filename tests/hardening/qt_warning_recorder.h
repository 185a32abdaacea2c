// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Records every Qt warning, critical and fatal message while it lives (qInstallMessageHandler),
// so a test can assert that the app said nothing alarming. Messages the offscreen platform always
// prints and that mean nothing (size hints, XDG_RUNTIME_DIR) are left out.

#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace ropelab::hardening {

class QtWarningRecorder {
public:
    QtWarningRecorder();
    ~QtWarningRecorder();
    QtWarningRecorder(const QtWarningRecorder&) = delete;
    QtWarningRecorder& operator=(const QtWarningRecorder&) = delete;

    const QStringList& warnings() const;
    void clear();

private:
    QtMessageHandler previous_;
};

}  // namespace ropelab::hardening
