// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a long run is going, in a side panel: a bar that follows its fraction, and a line that says
// it is running, with the seconds it has run, until the owner says what came of it. Its words are
// the owner's (a lesson passes them in its own translation context), and the owner places the bar
// and the line.

#include <QObject>
#include <QString>
#include <functional>

class QLabel;
class QProgressBar;
class QTimer;
class QWidget;

namespace ropelab::ui {

class LatestJob;

class RunStatus : public QObject {
    Q_OBJECT
public:
    // The bar and the line are made as children of `parent`; runningFor(seconds) is the line
    // while a run goes on, again every tenth of a second.
    RunStatus(QWidget* parent, std::function<QString(double seconds)> runningFor);

    // `job` started: the bar goes back to 0 and the line says `running`, keeping the room of the
    // text it replaces, so that the panel does not jump.
    void started(const LatestJob* job, const QString& running);
    // Fraction done, in [0, 1].
    void setFraction(double fraction);
    // The run ended; `say` writes what came of it.
    void ended();
    // The line's text; `complete` fills the bar.
    void say(const QString& text, bool complete = false);

    QProgressBar* bar() const { return bar_; }
    QLabel* line() const { return line_; }

private:
    QProgressBar* bar_;
    QLabel* line_;
    QTimer* clock_;
    const LatestJob* job_ = nullptr;
};

}  // namespace ropelab::ui
