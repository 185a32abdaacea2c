// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Picks a RoPE configuration: a preset box (Custom first, then the presets by name), an import
// button, a line saying where the configuration came from, and an "Edit fields" button that shows
// or hides a RopeConfigEditor. Its texts and object names are the owner's (a lesson binds them in
// its own translation context); the picker knows its presets and which one is shown, and says
// what was asked.

#include <QString>
#include <QWidget>
#include <vector>

#include "encodings/model_presets.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace ropelab::ui {

class RopeConfigEditor;

class RopeConfigPicker : public QWidget {
    Q_OBJECT
public:
    explicit RopeConfigPicker(QWidget* parent = nullptr);

    // The presets offered after `custom` (the configuration that is no preset); Custom is shown.
    void setPresets(std::vector<ModelPreset> presets, const QString& custom);
    const std::vector<ModelPreset>& presets() const { return presets_; }
    // The owner's words: the box's first item, and the source line with %1 for a preset's URL.
    void setTexts(const QString& custom, const QString& source);
    // Shown on the source line instead of any preset's source while not empty.
    void setPresetProblem(const QString& problem);
    // Shows preset `index` of presets(), or Custom for -1, without emitting presetPicked, and
    // where it came from on the source line.
    void showPreset(int index);
    // The preset shown, or null for Custom.
    const ModelPreset* preset() const;

    QLabel* presetLabel() const { return presetLabel_; }
    QComboBox* presetBox() const { return presetBox_; }
    QPushButton* importButton() const { return importButton_; }
    // Where the configuration came from (rich text, links open outside).
    QLabel* sourceLabel() const { return source_; }
    QPushButton* editButton() const { return editButton_; }
    RopeConfigEditor* editor() const { return editor_; }

signals:
    // The student picked preset `index` of the names (not Custom).
    void presetPicked(int index);
    void importAsked();

private:
    void showSource();

    std::vector<ModelPreset> presets_;
    int index_ = -1;
    QString problem_;
    QString sourceText_;
    QLabel* presetLabel_;
    QComboBox* presetBox_;
    QPushButton* importButton_;
    QLabel* source_;
    QPushButton* editButton_;
    RopeConfigEditor* editor_;
};

}  // namespace ropelab::ui
