// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The dock with the parameters every lesson shares. It shows the ParameterModel and writes user
// changes back to it; a value the model rejects snaps the control back to the model's value.

#include <QWidget>

#include "lessons/lesson.h"

class QComboBox;
class QLabel;

namespace ropelab::ui {

class ParameterModel;
class LabeledSlider;
class LabeledDoubleSlider;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(ParameterModel& model, QWidget* parent = nullptr);

    // Greys out the parameters the current lesson does not read.
    void setUsedParameters(Lesson::SharedParameters used);
    void retranslate();

    LabeledSlider* headDimSlider() const { return headDim_; }
    LabeledDoubleSlider* baseSlider() const { return base_; }
    QComboBox* layoutBox() const { return layout_; }
    LabeledSlider* queryPositionSlider() const { return queryPosition_; }
    LabeledSlider* keyPositionSlider() const { return keyPosition_; }
    LabeledSlider* sequenceLengthSlider() const { return sequenceLength_; }

protected:
    // The layout box's label greys out and hides with it (activities lock and hide it by name).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void syncFromModel();
    void onPositionChanged();

    ParameterModel& model_;
    LabeledSlider* headDim_;
    LabeledDoubleSlider* base_;
    QLabel* layoutLabel_;
    QComboBox* layout_;
    LabeledSlider* sequenceLength_;
    LabeledSlider* queryPosition_;
    LabeledSlider* keyPosition_;
};

}  // namespace ropelab::ui
