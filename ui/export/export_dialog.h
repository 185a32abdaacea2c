// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The export dialog: what to export (this figure, this lesson's figures, every lesson), formats,
// size in pixels or centimetres, DPI, background and the folder. It only collects choices; the
// caller runs the export (export_process.h). Choices are remembered between uses (QSettings).

#include <QDialog>
#include <QList>

#include "export/export_options.h"

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace ropelab::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    enum class Scope { Figure, Lesson, AllLessons };

    // figureName empty: no single figure to offer (the dialog opens on the lesson).
    ExportDialog(const QString& figureName, const QString& lessonTitle, QWidget* parent = nullptr);

    Scope scope() const;
    QList<ExportFormat> formats() const;
    ExportOptions options() const;
    QString folder() const;

    void setScope(Scope scope);
    void setFormats(const QList<ExportFormat>& formats);
    void setOptions(const ExportOptions& options);
    void setFolder(const QString& folder);

    // Empty when Export may proceed; otherwise what to fix (also shown in the dialog).
    QString problem() const;

    void accept() override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void onUnitChanged();
    void updateSummary();
    void chooseFolder();
    void loadSettings();
    void saveSettings() const;

    QString figureName_;
    QString lessonTitle_;
    QLabel* scopeLabel_;
    QRadioButton* figureScope_;
    QRadioButton* lessonScope_;
    QRadioButton* allScope_;
    QButtonGroup* scopeGroup_;
    QLabel* formatLabel_;
    QList<QCheckBox*> formatBoxes_;  // in allExportFormats() order
    QLabel* sizeLabel_;
    QDoubleSpinBox* width_;
    QDoubleSpinBox* height_;
    QComboBox* unit_;
    QLabel* dpiLabel_;
    QSpinBox* dpi_;
    QLabel* backgroundLabel_;
    QComboBox* background_;
    QLabel* folderLabel_;
    QLineEdit* folder_;
    QPushButton* browse_;
    QLabel* summary_;
    QDialogButtonBox* buttons_;
    SizeUnit shownUnit_ = SizeUnit::Pixels;
};

}  // namespace ropelab::ui
