// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Picks the compute backend work runs on: a box of "auto" and every backend kind, each greyed out
// with its reason as tool tip once probed, and a label naming each backend's device or why it is
// unavailable. Probing (which maps the GPU drivers) runs off the UI thread, once, when asked. Its
// texts and object names are the owner's (a lesson passes them in its own translation context),
// and the owner places the box and the label.

#include <QObject>
#include <QString>
#include <string>
#include <vector>

#include "compute/backend_info.h"
#include "compute/compute_engine.h"

class QComboBox;
class QLabel;
class QWidget;

namespace ropelab::ui {

class LatestJob;

class BackendPicker : public QObject {
    Q_OBJECT
public:
    // The box and the label are made as children of `parent`.
    explicit BackendPicker(QWidget* parent);

    // The owner's words: the first item (auto), the label until probed, and the label's line for
    // a backend that is unavailable (%1 its name, %2 why) or available (%1, %2 its device).
    struct Texts {
        QString automatic;
        QString probing;
        QString unavailable;
        QString available;
    };
    // Lists the backends again in these words, keeping the choice.
    void setTexts(const Texts& texts);
    // Probes the backends, the first time only, and lists them as found.
    void probe();

    BackendChoice choice() const;
    void setChoice(BackendChoice choice);
    QComboBox* box() const { return box_; }
    QLabel* info() const { return info_; }

private:
    void fill();

    QComboBox* box_;
    QLabel* info_;
    Texts texts_;
    std::vector<BackendInfo> backends_;  // empty until probed
    LatestJob* probe_ = nullptr;
};

// A backend as a status line names it: "cpu", or "opencl (its device)".
QString backendText(BackendKind kind, const std::string& device);

}  // namespace ropelab::ui
