// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/control_driver.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>

#include <QString>

#include <cmath>

#include "widgets/labeled_slider.h"

namespace ropelab::ui {

namespace {

bool setSpin(QSpinBox* spin, const QJsonValue& value) {
    if (!value.isDouble() || value.toDouble() != std::floor(value.toDouble())) return false;
    const double v = value.toDouble();
    if (v < spin->minimum() || v > spin->maximum()) return false;
    spin->setValue(static_cast<int>(v));
    return spin->value() == static_cast<int>(v);
}

bool setDoubleSpin(QDoubleSpinBox* spin, const QJsonValue& value) {
    if (!value.isDouble()) return false;
    const double v = value.toDouble();
    if (v < spin->minimum() || v > spin->maximum()) return false;
    spin->setValue(v);
    return true;
}

}  // namespace

bool driveControl(QWidget* control, const QJsonValue& value) {
    if (control == nullptr || !control->isEnabled() || control->isHidden()) return false;
    if (auto* slider = qobject_cast<LabeledSlider*>(control)) {
        return slider->spinBox()->isEnabled() && setSpin(slider->spinBox(), value);
    }
    if (auto* slider = qobject_cast<LabeledDoubleSlider*>(control)) {
        return slider->spinBox()->isEnabled() && setDoubleSpin(slider->spinBox(), value);
    }
    if (auto* spin = qobject_cast<QSpinBox*>(control)) return setSpin(spin, value);
    if (auto* spin = qobject_cast<QDoubleSpinBox*>(control)) return setDoubleSpin(spin, value);
    if (auto* box = qobject_cast<QComboBox*>(control)) {
        const int index = value.isDouble() ? value.toInt(-1) : box->findText(value.toString());
        if (index < 0 || index >= box->count()) return false;
        box->setCurrentIndex(index);
        return true;
    }
    if (auto* button = qobject_cast<QAbstractButton*>(control)) {
        if (!value.isBool()) return false;
        if (button->isCheckable()) {
            if (button->isChecked() != value.toBool()) button->click();
            return button->isChecked() == value.toBool();
        }
        if (value.toBool()) button->click();
        return true;
    }
    return false;
}

std::optional<QJsonValue> controlValue(const QWidget* control) {
    if (control == nullptr) return std::nullopt;
    if (const auto* slider = qobject_cast<const LabeledSlider*>(control)) {
        return QJsonValue(slider->spinBox()->value());
    }
    if (const auto* slider = qobject_cast<const LabeledDoubleSlider*>(control)) {
        return QJsonValue(slider->spinBox()->value());
    }
    if (const auto* spin = qobject_cast<const QSpinBox*>(control)) return QJsonValue(spin->value());
    if (const auto* spin = qobject_cast<const QDoubleSpinBox*>(control)) {
        return QJsonValue(spin->value());
    }
    // The index, not the text: a translated item reads differently in each language.
    if (const auto* box = qobject_cast<const QComboBox*>(control)) {
        if (box->currentIndex() < 0) return std::nullopt;
        return QJsonValue(box->currentIndex());
    }
    if (const auto* button = qobject_cast<const QAbstractButton*>(control)) {
        if (button->isCheckable()) return QJsonValue(button->isChecked());
    }
    return std::nullopt;
}

QWidget* findControl(const QString& name, const QObject* lesson, const QWidget* sharedControls) {
    if (lesson != nullptr) {
        if (auto* widget = lesson->findChild<QWidget*>(name)) return widget;
    }
    return sharedControls != nullptr ? sharedControls->findChild<QWidget*>(name) : nullptr;
}

}  // namespace ropelab::ui
