// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A slider paired with a spin box and a unit: drag for a live sweep, type for an exact value.
// Both halves are keyboard operable and carry the label as their accessible name; the spin box
// accepts only values the slider can reach (the range, on the step grid).

#include <QWidget>

class QLabel;
class QSlider;
class QSpinBox;
class QDoubleSpinBox;

namespace ropelab::ui {

class LabeledSlider : public QWidget {
    Q_OBJECT
public:
    // step > 1 restricts values to minimum + k·step (e.g. even head dimensions).
    LabeledSlider(const QString& label, int minimum, int maximum, int step = 1,
                  const QString& unit = {}, QWidget* parent = nullptr);

    int value() const;
    int minimum() const { return minimum_; }
    int maximum() const { return maximum_; }
    // Sets without emitting valueChanged (the model already holds the value).
    void setValue(int value);
    void setRange(int minimum, int maximum);
    void setLabel(const QString& label);
    void setUnit(const QString& unit);
    void setToolTip(const QString& text);

    QSlider* slider() const { return slider_; }
    QSpinBox* spinBox() const { return spinBox_; }

signals:
    // Emitted while dragging (live), on arrow keys and on a confirmed typed value.
    void valueChanged(int value);

private:
    void applyRange();  // minimum_ and maximum_ to the spin box and slider
    void syncSlider();
    void onSliderMoved(int position);
    void onSpinChanged(int value);

    QLabel* label_;
    QSlider* slider_;
    QSpinBox* spinBox_;
    QLabel* unit_;
    int minimum_;
    int maximum_;
    int step_;
};

class LabeledDoubleSlider : public QWidget {
    Q_OBJECT
public:
    enum class Scale { Linear, Logarithmic };

    // Logarithmic needs minimum > 0; slider positions then spread evenly over log(value) and
    // dragged values are rounded to three significant digits so round numbers (10000) are
    // reachable.
    LabeledDoubleSlider(const QString& label, double minimum, double maximum, int decimals,
                        Scale scale = Scale::Linear, const QString& unit = {},
                        QWidget* parent = nullptr);

    double value() const;
    double minimum() const { return minimum_; }
    double maximum() const { return maximum_; }
    void setValue(double value);  // without emitting valueChanged
    void setRange(double minimum, double maximum);
    void setLabel(const QString& label);
    void setUnit(const QString& unit);
    void setToolTip(const QString& text);

    QSlider* slider() const { return slider_; }
    QDoubleSpinBox* spinBox() const { return spinBox_; }

signals:
    void valueChanged(double value);

private:
    void applyRange();
    static constexpr int kSliderSteps = 1000;
    int positionFor(double value) const;
    double valueFor(int position) const;
    void onSliderMoved(int position);
    void onSpinChanged(double value);

    QLabel* label_;
    QSlider* slider_;
    QDoubleSpinBox* spinBox_;
    QLabel* unit_;
    double minimum_;
    double maximum_;
    Scale scale_;
};

}  // namespace ropelab::ui
