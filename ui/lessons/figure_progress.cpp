// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/figure_progress.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>

#include "widgets/progress_value.h"
#include "widgets/vertical_scroll.h"

namespace ropelab::ui {

namespace {

// A job shorter than this finishes without a progress bar flashing up.
constexpr int kDelayMs = 300;
constexpr int kSteps = 1000;

}  // namespace

FigureProgress::FigureProgress(VerticalScroll* plots, std::function<bool()> wanted)
    : QWidget(plots),
      plots_(plots),
      wanted_(std::move(wanted)),
      label_(new QLabel(this)),
      bar_(new QProgressBar(this)),
      cancel_(new QPushButton(this)),
      delay_(new QTimer(this)) {
    setObjectName(QStringLiteral("figureProgress"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    bar_->setRange(0, kSteps);
    bar_->setTextVisible(false);
    cancel_->setObjectName(QStringLiteral("cancelComputation"));
    layout->addWidget(label_);
    layout->addWidget(bar_, 1);
    layout->addWidget(cancel_);
    hide();
    delay_->setSingleShot(true);
    delay_->setInterval(kDelayMs);
    connect(cancel_, &QPushButton::clicked, this, &FigureProgress::cancelClicked);
    plots_->setTopOverlay(this);
    connect(delay_, &QTimer::timeout, this, [this] {
        if (!wanted_()) return;
        plots_->placeOverlay();
        show();
        raise();
    });
}

void FigureProgress::started() {
    bar_->setRange(0, 0);
    if (!delay_->isActive() && isHidden()) delay_->start();
}

void FigureProgress::setFraction(double fraction) {
    bar_->setRange(0, kSteps);
    setProgressValue(bar_, static_cast<int>(fraction * kSteps));
}

void FigureProgress::ended() {
    delay_->stop();
    hide();
}

void FigureProgress::retranslate() {
    label_->setText(tr("Computing the figures…"));
    cancel_->setText(tr("Cancel"));
}

}  // namespace ropelab::ui
