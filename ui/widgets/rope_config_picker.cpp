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

void RopeConfigPicker::setPresets(std::vector<ModelPreset> presets, const QString& custom) {
    problem_.clear();
    presets_ = std::move(presets);
    {
        const QSignalBlocker block(presetBox_);
        presetBox_->clear();
        presetBox_->addItem(custom);
        for (const ModelPreset& preset : presets_) {
            presetBox_->addItem(QString::fromStdString(preset.name));
        }
    }
    showPreset(-1);
}

void RopeConfigPicker::setTexts(const QString& custom, const QString& source) {
    presetBox_->setItemText(0, custom);
    sourceText_ = source;
    showSource();
}

void RopeConfigPicker::setPresetProblem(const QString& problem) {
    problem_ = problem;
    showSource();
}

void RopeConfigPicker::showPreset(int index) {
    index_ = index;
    presetBox_->setCurrentIndex(index + 1);
    showSource();
}

const ModelPreset* RopeConfigPicker::preset() const {
    return index_ < 0 ? nullptr : &presets_[static_cast<std::size_t>(index_)];
}

void RopeConfigPicker::showSource() {
    if (!problem_.isEmpty()) {
        source_->setText(problem_.toHtmlEscaped());
        return;
    }
    const ModelPreset* shown = preset();
    if (shown == nullptr) {
        source_->clear();
        return;
    }
    QString text = sourceText_.arg(QString::fromStdString(shown->source).toHtmlEscaped());
    if (!shown->note.empty()) {
        text += QStringLiteral("<br>") + QString::fromStdString(shown->note).toHtmlEscaped();
    }
    source_->setText(text);
}

}  // namespace ropelab::ui
