// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/run_status.h"

#include <QLabel>
#include <QProgressBar>
#include <QTimer>

#include <cmath>

#include "model/latest_job.h"
#include "widgets/progress_value.h"
#include "widgets/wrapped_label.h"

namespace ropelab::ui {

RunStatus::RunStatus(QWidget* parent, std::function<QString(double seconds)> runningFor)
    : QObject(parent), bar_(new QProgressBar(parent)), clock_(new QTimer(this)) {
    bar_->setRange(0, 1000);
    bar_->setValue(0);
    line_ = new WrappedLabel(parent);
    clock_->setInterval(100);
    connect(clock_, &QTimer::timeout, this, [this, runningFor = std::move(runningFor)] {
        line_->setText(runningFor(job_->elapsedMs() / 1000.0));
    });
}

void RunStatus::started(const LatestJob* job, const QString& running) {
    job_ = job;
    setProgressValue(bar_, 0);
    clock_->start();
    // The panel keeps its height: no scroll bar comes and goes and makes every label wrap again.
    line_->setMinimumHeight(line_->height());
    line_->setText(running);
}

void RunStatus::setFraction(double fraction) {
    setProgressValue(bar_, static_cast<int>(std::lround(1000.0 * fraction)));
}

void RunStatus::ended() {
    clock_->stop();
    line_->setMinimumHeight(0);
}

void RunStatus::say(const QString& text, bool complete) {
    line_->setText(text);
    if (complete) setProgressValue(bar_, bar_->maximum());
}

}  // namespace ropelab::ui
