// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/parameter_panel.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

#include "model/app_limits.h"
#include "model/parameter_model.h"
#include "widgets/choice_box.h"
#include "widgets/labeled_slider.h"

namespace ropelab::ui {

namespace {
// The sliders' ends; the largest values are the app's limits (model/app_limits.h).
constexpr double kMinBase = 2.0;
constexpr int kMinSequenceLength = 8;

int largest(std::string_view key) {
    return static_cast<int>(appLimitOf(key).maximum);
}
}  // namespace

ParameterPanel::ParameterPanel(ParameterModel& model, QWidget* parent)
    : QWidget(parent),
      model_(model),
      headDim_(new LabeledSlider(QString(), 2, largest("head_dim"), 2, QString(), this)),
      base_(new LabeledDoubleSlider(QString(), kMinBase, appLimitOf("rope_theta").maximum, 0,
                                    LabeledDoubleSlider::Scale::Logarithmic, QString(), this)),
      layoutLabel_(new QLabel(this)),
      layout_(new ChoiceBox(this)),
      sequenceLength_(new LabeledSlider(QString(), kMinSequenceLength, largest("sequence_length"),
                                        1, QString(), this)),
      queryPosition_(new LabeledSlider(QString(), 0, 255, 1, QString(), this)),
      keyPosition_(new LabeledSlider(QString(), 0, 255, 1, QString(), this)) {
    // Activities lock and move these by name.
    headDim_->setObjectName(QStringLiteral("headDim"));
    base_->setObjectName(QStringLiteral("base"));
    layout_->setObjectName(QStringLiteral("layout"));
    sequenceLength_->setObjectName(QStringLiteral("sequenceLength"));
    queryPosition_->setObjectName(QStringLiteral("queryPosition"));
    keyPosition_->setObjectName(QStringLiteral("keyPosition"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(headDim_);
    layout->addWidget(base_);
    auto* layoutRow = new QHBoxLayout;
    layoutRow->addWidget(layoutLabel_);
    layoutRow->addWidget(layout_, 1);
    layoutLabel_->setBuddy(layout_);
    layout_->installEventFilter(this);
    layout_->addItem(QString(), static_cast<int>(RopeLayout::HalfSplit));
    layout_->addItem(QString(), static_cast<int>(RopeLayout::Interleaved));
    layout->addLayout(layoutRow);
    layout->addWidget(sequenceLength_);
    layout->addWidget(queryPosition_);
    layout->addWidget(keyPosition_);
    layout->addStretch(1);
    retranslate();

    connect(headDim_, &LabeledSlider::valueChanged, this, [this](int d) {
        if (!model_.setHeadDim(d)) syncFromModel();
    });
    connect(base_, &LabeledDoubleSlider::valueChanged, this, [this](double base) {
        if (!model_.setRopeTheta(base)) syncFromModel();
    });
    connect(layout_, &QComboBox::currentIndexChanged, this,
            [this] { model_.setLayout(static_cast<RopeLayout>(layout_->currentData().toInt())); });
    connect(sequenceLength_, &LabeledSlider::valueChanged, this, [this](int n) {
        if (!model_.setSequenceLength(n)) syncFromModel();
    });
    connect(queryPosition_, &LabeledSlider::valueChanged, this, &ParameterPanel::onPositionChanged);
    connect(keyPosition_, &LabeledSlider::valueChanged, this, &ParameterPanel::onPositionChanged);
    connect(&model_, &ParameterModel::changed, this, &ParameterPanel::syncFromModel);
    syncFromModel();
}

void ParameterPanel::retranslate() {
    headDim_->setLabel(tr("Head dimension d"));
    headDim_->setToolTip(tr("Components per attention head; RoPE rotates them in d/2 pairs."));
    base_->setLabel(tr("Base (rope_theta)"));
    base_->setToolTip(tr("θ_i = base^(−2i/d): a larger base makes the slow pairs slower."));
    layoutLabel_->setText(tr("Pair layout"));
    layout_->setItemText(0, tr("Half-split (i, i + d/2)"));
    layout_->setItemText(1, tr("Interleaved (2i, 2i + 1)"));
    layout_->setAccessibleName(tr("Pair layout"));
    sequenceLength_->setLabel(tr("Sequence length N"));
    sequenceLength_->setUnit(tr("tokens"));
    sequenceLength_->setToolTip(tr("Positions 0 … N − 1 shown by the lessons."));
    queryPosition_->setLabel(tr("Query position m"));
    keyPosition_->setLabel(tr("Key position n"));
}

void ParameterPanel::setUsedParameters(Lesson::SharedParameters used) {
    using P = Lesson::SharedParameter;
    headDim_->setEnabled(used.testFlag(P::HeadDim));
    base_->setEnabled(used.testFlag(P::Base));
    layout_->setEnabled(used.testFlag(P::Layout));
    sequenceLength_->setEnabled(used.testFlag(P::SequenceLength));
    queryPosition_->setEnabled(used.testFlag(P::Positions));
    keyPosition_->setEnabled(used.testFlag(P::Positions));
}

bool ParameterPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == layout_) {
        if (event->type() == QEvent::EnabledChange) layoutLabel_->setEnabled(layout_->isEnabled());
        if (event->type() == QEvent::ShowToParent) layoutLabel_->show();
        if (event->type() == QEvent::HideToParent) layoutLabel_->hide();
    }
    return QWidget::eventFilter(watched, event);
}

void ParameterPanel::syncFromModel() {
    headDim_->setValue(model_.rope().headDim);
    base_->setValue(model_.rope().ropeTheta);
    {
        const QSignalBlocker block(layout_);
        layout_->setCurrentIndex(layout_->findData(static_cast<int>(model_.layout())));
    }
    sequenceLength_->setValue(model_.sequenceLength());
    const int lastPosition = model_.sequenceLength() - 1;
    queryPosition_->setRange(0, std::max(lastPosition, model_.queryPosition()));
    keyPosition_->setRange(0, std::max(lastPosition, model_.keyPosition()));
    queryPosition_->setValue(model_.queryPosition());
    keyPosition_->setValue(model_.keyPosition());
}

void ParameterPanel::onPositionChanged() {
    model_.setPositions(queryPosition_->value(), keyPosition_->value());
}

}  // namespace ropelab::ui
