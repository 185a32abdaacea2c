// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/labeled_slider.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace ropelab::ui {

namespace {

// Accepts only minimum + k·step; anything else stays Intermediate and is rounded on focus-out.
class StepSpinBox : public QSpinBox {
public:
    StepSpinBox(int step, QWidget* parent) : QSpinBox(parent), step_(step) {}

protected:
    QValidator::State validate(QString& text, int& pos) const override {
        const QValidator::State state = QSpinBox::validate(text, pos);
        if (state != QValidator::Acceptable || step_ <= 1) return state;
        const int v = valueFromText(text);
        return (v - minimum()) % step_ == 0 ? QValidator::Acceptable : QValidator::Intermediate;
    }
    void fixup(QString& input) const override {
        QSpinBox::fixup(input);
        bool ok = false;
        const int v = locale().toInt(input.trimmed(), &ok);
        if (!ok) return;
        const int k = static_cast<int>(std::lround(double(v - minimum()) / step_));
        input = textFromValue(std::clamp(minimum() + k * step_, minimum(), maximum()));
    }

private:
    int step_;
};

void layoutRow(QWidget* owner, QLabel* label, QWidget* spin, QLabel* unit, QSlider* slider) {
    auto* grid = new QGridLayout(owner);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);
    grid->addWidget(label, 0, 0);
    grid->addWidget(spin, 0, 1);
    grid->addWidget(unit, 0, 2);
    grid->addWidget(slider, 1, 0, 1, 3);
    grid->setColumnStretch(0, 1);
    label->setBuddy(spin);
}

double roundToSignificant(double value, int digits) {
    if (value == 0.0) return 0.0;
    const double magnitude = std::pow(10.0, digits - 1 - std::floor(std::log10(std::abs(value))));
    return std::round(value * magnitude) / magnitude;
}

}  // namespace

LabeledSlider::LabeledSlider(const QString& label, int minimum, int maximum, int step,
                             const QString& unit, QWidget* parent)
    : QWidget(parent),
      label_(new QLabel(label, this)),
      slider_(new QSlider(Qt::Horizontal, this)),
      spinBox_(new StepSpinBox(std::max(step, 1), this)),
      unit_(new QLabel(unit, this)),
      minimum_(minimum),
      maximum_(std::max(minimum, maximum)),
      step_(std::max(step, 1)) {
    slider_->setTracking(true);
    slider_->setFocusPolicy(Qt::StrongFocus);
    spinBox_->setKeyboardTracking(false);
    spinBox_->setSingleStep(step_);
    spinBox_->setAlignment(Qt::AlignRight);
    layoutRow(this, label_, spinBox_, unit_, slider_);
    setLabel(label);
    setUnit(unit);
    applyRange();
    connect(slider_, &QSlider::valueChanged, this, &LabeledSlider::onSliderMoved);
    connect(spinBox_, &QSpinBox::valueChanged, this, &LabeledSlider::onSpinChanged);
}

int LabeledSlider::value() const {
    return spinBox_->value();
}

void LabeledSlider::setValue(int value) {
    // The spin box repaints (and sets its text again) even for the value it shows.
    if (value == spinBox_->value()) return;
    const QSignalBlocker blockSpin(spinBox_);
    spinBox_->setValue(value);
    syncSlider();
}

void LabeledSlider::setRange(int minimum, int maximum) {
    maximum = std::max(minimum, maximum);
    // The same range again changes nothing, but the spin box would ask its parent for a relayout.
    if (minimum == minimum_ && maximum == maximum_) return;
    minimum_ = minimum;
    maximum_ = maximum;
    applyRange();
}

void LabeledSlider::applyRange() {
    const QSignalBlocker blockSpin(spinBox_);
    const QSignalBlocker blockSlider(slider_);
    spinBox_->setRange(minimum_, maximum_);
    slider_->setRange(0, (maximum_ - minimum_) / step_);
    slider_->setPageStep(std::max(1, slider_->maximum() / 10));
    syncSlider();
}

void LabeledSlider::setLabel(const QString& label) {
    label_->setText(label);
    slider_->setAccessibleName(label);
    spinBox_->setAccessibleName(label);
}

void LabeledSlider::setUnit(const QString& unit) {
    unit_->setText(unit);
    unit_->setVisible(!unit.isEmpty());
}

void LabeledSlider::setToolTip(const QString& text) {
    QWidget::setToolTip(text);
    slider_->setToolTip(text);
    spinBox_->setToolTip(text);
}

void LabeledSlider::syncSlider() {
    const QSignalBlocker block(slider_);
    slider_->setValue((spinBox_->value() - minimum_) / step_);
}

void LabeledSlider::onSliderMoved(int position) {
    const int v = minimum_ + position * step_;
    {
        const QSignalBlocker block(spinBox_);
        spinBox_->setValue(v);
    }
    emit valueChanged(v);
}

void LabeledSlider::onSpinChanged(int value) {
    syncSlider();
    emit valueChanged(value);
}

LabeledDoubleSlider::LabeledDoubleSlider(const QString& label, double minimum, double maximum,
                                         int decimals, Scale scale, const QString& unit,
                                         QWidget* parent)
    : QWidget(parent),
      label_(new QLabel(label, this)),
      slider_(new QSlider(Qt::Horizontal, this)),
      spinBox_(new QDoubleSpinBox(this)),
      unit_(new QLabel(unit, this)),
      minimum_(minimum),
      maximum_(std::max(minimum, maximum)),
      scale_(scale) {
    slider_->setTracking(true);
    slider_->setFocusPolicy(Qt::StrongFocus);
    slider_->setRange(0, kSliderSteps);
    slider_->setPageStep(kSliderSteps / 20);
    spinBox_->setKeyboardTracking(false);
    spinBox_->setDecimals(decimals);
    spinBox_->setAlignment(Qt::AlignRight);
    spinBox_->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    layoutRow(this, label_, spinBox_, unit_, slider_);
    setLabel(label);
    setUnit(unit);
    applyRange();
    connect(slider_, &QSlider::valueChanged, this, &LabeledDoubleSlider::onSliderMoved);
    connect(spinBox_, &QDoubleSpinBox::valueChanged, this, &LabeledDoubleSlider::onSpinChanged);
}

double LabeledDoubleSlider::value() const {
    return spinBox_->value();
}

void LabeledDoubleSlider::setValue(double value) {
    if (value == spinBox_->value()) return;  // as LabeledSlider::setValue
    const QSignalBlocker blockSpin(spinBox_);
    const QSignalBlocker blockSlider(slider_);
    spinBox_->setValue(value);
    slider_->setValue(positionFor(spinBox_->value()));
}

void LabeledDoubleSlider::setRange(double minimum, double maximum) {
    maximum = std::max(minimum, maximum);
    if (minimum == minimum_ && maximum == maximum_) return;  // as LabeledSlider::setRange
    minimum_ = minimum;
    maximum_ = maximum;
    applyRange();
}

void LabeledDoubleSlider::applyRange() {
    const QSignalBlocker blockSpin(spinBox_);
    const QSignalBlocker blockSlider(slider_);
    spinBox_->setRange(minimum_, maximum_);
    slider_->setValue(positionFor(spinBox_->value()));
}

void LabeledDoubleSlider::setLabel(const QString& label) {
    label_->setText(label);
    slider_->setAccessibleName(label);
    spinBox_->setAccessibleName(label);
}

void LabeledDoubleSlider::setUnit(const QString& unit) {
    unit_->setText(unit);
    unit_->setVisible(!unit.isEmpty());
}

void LabeledDoubleSlider::setToolTip(const QString& text) {
    QWidget::setToolTip(text);
    slider_->setToolTip(text);
    spinBox_->setToolTip(text);
}

int LabeledDoubleSlider::positionFor(double value) const {
    if (maximum_ <= minimum_) return 0;
    double t = 0.0;
    if (scale_ == Scale::Logarithmic) {
        t = std::log(value / minimum_) / std::log(maximum_ / minimum_);
    } else {
        t = (value - minimum_) / (maximum_ - minimum_);
    }
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSliderSteps));
}

double LabeledDoubleSlider::valueFor(int position) const {
    const double t = double(position) / kSliderSteps;
    if (scale_ == Scale::Logarithmic) {
        const double v = minimum_ * std::pow(maximum_ / minimum_, t);
        return std::clamp(roundToSignificant(v, 3), minimum_, maximum_);
    }
    return minimum_ + t * (maximum_ - minimum_);
}

void LabeledDoubleSlider::onSliderMoved(int position) {
    {
        const QSignalBlocker block(spinBox_);
        spinBox_->setValue(valueFor(position));
    }
    emit valueChanged(spinBox_->value());
}

void LabeledDoubleSlider::onSpinChanged(double value) {
    {
        const QSignalBlocker block(slider_);
        slider_->setValue(positionFor(value));
    }
    emit valueChanged(value);
}

}  // namespace ropelab::ui
