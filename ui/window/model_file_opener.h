// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Opening a model's weights from anywhere in the window: File → Open model…, a folder or a
// .safetensors / .gguf file dropped on the window, and `ropelab FILE`. Each shows the lesson
// "Inside a real model" and opens the file there.

#include <QObject>
#include <QString>

class QAction;

namespace ropelab::ui {

class MainWindow;

class ModelFileOpener : public QObject {
    Q_OBJECT
public:
    // Adds its action to the window's File menu and accepts drops on the window.
    explicit ModelFileOpener(MainWindow& window);

    // Shows the lesson and opens `path` there; false when the lesson is missing.
    static bool open(MainWindow& window, const QString& path);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();

    MainWindow& window_;
    QAction* action_;
};

}  // namespace ropelab::ui
