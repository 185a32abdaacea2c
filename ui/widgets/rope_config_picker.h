// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Picks a RoPE configuration: a preset box (Custom first, then the presets by name), an import
// button, a line saying where the configuration came from, and an "Edit fields" button that shows
// or hides a RopeConfigEditor. Its texts and object names are the owner's (a lesson binds them in
// its own translation context); the picker says which preset is shown and what was asked.

#include <QString>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace ropelab::ui {

class RopeConfigEditor;

class RopeConfigPicker : public QWidget {
    Q_OBJECT
public:
    explicit RopeConfigPicker(QWidget* parent = nullptr);

    // The box's items: first `custom` (the configuration that is no preset), then the presets.
    void setPresetNames(const QString& custom, const QStringList& names);
    void setCustomText(const QString& text);
    // Shows preset `index` of the names, or Custom for -1, without emitting presetPicked.
    void showPreset(int index);

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
    QLabel* presetLabel_;
    QComboBox* presetBox_;
    QPushButton* importButton_;
    QLabel* source_;
    QPushButton* editButton_;
    RopeConfigEditor* editor_;
};

}  // namespace ropelab::ui
