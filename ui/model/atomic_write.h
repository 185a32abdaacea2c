// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Writes a whole file or nothing (QSaveFile: a temporary file renamed into place on success), and
// says in one sentence why a write failed: a missing folder, no permission, a full disk.

#include <QByteArray>
#include <QString>
#include <functional>

class QIODevice;

namespace ropelab::ui {

struct WriteResult {
    QString path;   // the file that was (or would have been) written
    QString error;  // empty on success; otherwise why nothing was written
    bool ok() const { return error.isEmpty(); }
};

WriteResult writeFileAtomically(const QString& path, const QByteArray& contents);

// The same for contents too large to hold whole: `produce` writes them to the device in pieces and
// returns false as soon as a write fails.
WriteResult writeFileAtomically(const QString& path,
                                const std::function<bool(QIODevice& file)>& produce);

// The reason for an operating-system error number as a short translated phrase
// ("the disk is full", "permission denied", ...); empty when errno says nothing we can name.
QString describeWriteErrno(int errorNumber);

}  // namespace ropelab::ui
