// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/rope_config_picker.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "widgets/choice_box.h"
#include "widgets/rope_config_editor.h"
#include "widgets/wrapped_label.h"

namespace ropelab::ui {

RopeConfigPicker::RopeConfigPicker(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* presetRow = new QHBoxLayout;
    layout->addLayout(presetRow);
    // A preset applies when the student picks one (activated), not when the box is set back to
    // Custom.
    presetBox_ = new ChoiceBox(this);
    presetLabel_ = new QLabel(this);
    presetLabel_->setBuddy(presetBox_);
    presetRow->addWidget(presetLabel_);
    presetRow->addWidget(presetBox_, 1);
    connect(presetBox_, &QComboBox::activated, this, [this](int index) {
        if (index > 0) emit presetPicked(index - 1);
    });
    importButton_ = new QPushButton(this);
    layout->addWidget(importButton_);
    connect(importButton_, &QPushButton::clicked, this, &RopeConfigPicker::importAsked);
    source_ = new WrappedLabel(this);
    source_->setTextFormat(Qt::RichText);
    source_->setOpenExternalLinks(true);
    source_->setTextInteractionFlags(Qt::TextBrowserInteraction);
    layout->addWidget(source_);
    // The field editor starts hidden, so that what is around the picker fits without scrolling;
    // "Edit fields" (checked while it is open) shows or hides it.
    editButton_ = new QPushButton(this);
    editButton_->setCheckable(true);
    layout->addWidget(editButton_);
    editor_ = new RopeConfigEditor(this);
    editor_->setVisible(false);
    layout->addWidget(editor_);
    layout->addStretch(1);
    connect(editButton_, &QPushButton::toggled, editor_, &RopeConfigEditor::setVisible);
}

void RopeConfigPicker::setPresetNames(const QString& custom, const QStringList& names) {
    const QSignalBlocker block(presetBox_);
    presetBox_->clear();
    presetBox_->addItem(custom);
    presetBox_->addItems(names);
}

void RopeConfigPicker::setCustomText(const QString& text) {
    presetBox_->setItemText(0, text);
}

void RopeConfigPicker::showPreset(int index) {
    presetBox_->setCurrentIndex(index + 1);
}

}  // namespace ropelab::ui
