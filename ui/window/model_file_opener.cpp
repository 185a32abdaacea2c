// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/model_file_opener.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMenu>
#include <QMimeData>
#include <QUrl>

#include "lessons/real_model_lesson.h"
#include "window/main_window.h"

namespace ropelab::ui {

namespace {

constexpr const char* kLessonId = "real-model";

// The first local model path among the dragged URLs; empty when there is none.
QString droppedModel(const QMimeData* mime) {
    if (mime == nullptr || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() && RealModelLesson::isModelPath(url.toLocalFile())) {
            return url.toLocalFile();
        }
    }
    return {};
}

}  // namespace

ModelFileOpener::ModelFileOpener(MainWindow& window)
    : QObject(&window), window_(window), action_(new QAction(this)) {
    action_->setObjectName(QStringLiteral("openModelAction"));
    QMenu* menu = window.fileMenu();
    // Above Quit, the menu's last entry.
    const QList<QAction*> actions = menu->actions();
    menu->insertAction(actions.isEmpty() ? nullptr : actions.last(), action_);
    connect(action_, &QAction::triggered, this, [this] {
        if (!window_.showLesson(QLatin1String(kLessonId))) return;
        if (auto* lesson =
                qobject_cast<RealModelLesson*>(window_.lesson(QLatin1String(kLessonId)))) {
            lesson->chooseModelFile();
        }
    });
    window.setAcceptDrops(true);
    window.installEventFilter(this);
    retranslate();
}

bool ModelFileOpener::open(MainWindow& window, const QString& path) {
    auto* lesson = qobject_cast<RealModelLesson*>(window.lesson(QLatin1String(kLessonId)));
    if (lesson == nullptr || !window.showLesson(QLatin1String(kLessonId))) return false;
    lesson->openModel(path);
    return true;
}

bool ModelFileOpener::eventFilter(QObject* watched, QEvent* event) {
    switch (event->type()) {
        case QEvent::DragEnter: {
            auto* drag = static_cast<QDragEnterEvent*>(event);
            if (droppedModel(drag->mimeData()).isEmpty()) break;
            drag->acceptProposedAction();
            return true;
        }
        case QEvent::Drop: {
            auto* drop = static_cast<QDropEvent*>(event);
            const QString path = droppedModel(drop->mimeData());
            if (path.isEmpty()) break;
            drop->acceptProposedAction();
            open(window_, path);
            return true;
        }
        case QEvent::LanguageChange:
            retranslate();
            break;
        default:
            break;
    }
    return QObject::eventFilter(watched, event);
}

void ModelFileOpener::retranslate() {
    action_->setText(tr("Open &model…"));
    action_->setStatusTip(
        tr("Read a model's q and k weights (safetensors file or folder, GGUF file)"));
}

}  // namespace ropelab::ui
