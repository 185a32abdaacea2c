// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/atomic_write.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>

namespace ropelab::ui {

namespace {

// The translation context of this file's messages (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::AtomicWrite)
};

QString failure(const QString& path, const QString& reason) {
    return Tr::tr("Could not write %1: %2.").arg(QDir::toNativeSeparators(path), reason);
}

// Checks what we can name before touching the disk, so the message says "bad path", not "error".
QString pathProblem(const QString& path) {
    const QFileInfo file(path);
    if (file.fileName().isEmpty()) return Tr::tr("the file name is empty");
    if (file.isDir()) return Tr::tr("a folder with that name exists");
    const QFileInfo folder(file.absolutePath());
    if (!folder.exists()) {
        return Tr::tr("the folder %1 does not exist")
            .arg(QDir::toNativeSeparators(folder.filePath()));
    }
    if (!folder.isDir()) {
        return Tr::tr("%1 is not a folder").arg(QDir::toNativeSeparators(folder.filePath()));
    }
    if (!folder.isWritable()) {
        return Tr::tr("permission denied (you cannot write to the folder %1)")
            .arg(QDir::toNativeSeparators(folder.filePath()));
    }
    if (file.exists() && !file.isWritable())
        return Tr::tr("permission denied (the file is read-only)");
    return {};
}

}  // namespace

QString describeWriteErrno(int errorNumber) {
    switch (errorNumber) {
        case ENOSPC:
#ifdef EDQUOT
        case EDQUOT:
#endif
            return Tr::tr("the disk is full");
        case EFBIG:  // past the file size limit (ulimit -f) or the file system's largest file
            return Tr::tr("the file is larger than this disk or account allows");
        case EACCES:
        case EPERM:
            return Tr::tr("permission denied");
        case EROFS:
            return Tr::tr("the disk is read-only");
        case ENOENT:
        case ENOTDIR:
            return Tr::tr("the folder does not exist");
        case ENAMETOOLONG:
            return Tr::tr("the file name is too long");
        case EIO:
            return Tr::tr("the disk reported an input/output error");
        default:
            return {};
    }
}

WriteResult writeFileAtomically(const QString& path, const QByteArray& contents) {
    return writeFileAtomically(
        path, [&contents](QIODevice& file) { return file.write(contents) == contents.size(); });
}

WriteResult writeFileAtomically(const QString& path,
                                const std::function<bool(QIODevice& file)>& produce) {
    WriteResult result{path, {}};
    if (const QString problem = pathProblem(path); !problem.isEmpty()) {
        result.error = failure(path, problem);
        return result;
    }
    QSaveFile file(path);
    errno = 0;
    const auto reason = [&file] {
        const QString named = describeWriteErrno(errno);
        return named.isEmpty() ? file.errorString() : named;
    };
    if (!file.open(QIODevice::WriteOnly)) {
        result.error = failure(path, reason());
        return result;
    }
    if (!produce(file)) {
        result.error = failure(path, reason());
        file.cancelWriting();
        return result;
    }
    // commit() flushes, syncs and renames; ENOSPC usually surfaces here, and then the temporary
    // file is removed and any earlier file of that name is left as it was.
    if (!file.commit()) result.error = failure(path, reason());
    return result;
}

}  // namespace ropelab::ui
