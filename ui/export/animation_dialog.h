// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File → Export animation…: which animation, format, size, fps, duration, forward and back, the
// file; a first-frame preview; then the export itself with a progress bar and Cancel. Choices
// are remembered between uses (QSettings, keys under animationExport/).

#include <QDialog>
#include <QString>
#include <functional>

#include "export/animation_export.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

namespace ropelab::ui {

class Lesson;
class ParameterModel;

class AnimationDialog : public QDialog {
    Q_OBJECT
public:
    // The lesson an animation moves, ready to compute (the app shows it in the main window).
    using LessonProvider = std::function<Lesson*(const QString& lessonId)>;

    // The current lesson's animations come first. The remembered animation is chosen when it
    // belongs to the current lesson (or that lesson has none); otherwise the lesson's first.
    AnimationDialog(LessonProvider lessons, ParameterModel& parameters,
                    const QString& currentLessonId, QWidget* parent = nullptr);

    // The current lesson's first animation that paints this figure, if any.
    void chooseAnimationFor(const QString& figureName);
    void setAnimation(const QString& id);
    QString animationId() const;
    void setSettings(const AnimationSettings& settings);
    // Bounce is off for a periodic animation: it already loops.
    AnimationSettings settings() const;
    void setPath(const QString& path);
    QString path() const;

    // Empty when Export may proceed; otherwise the one line shown in the dialog.
    QString problem() const;
    // What the dialog says below the choices (the problem, the frame count, or "Cancelled…").
    QString message() const;
    // The first frame as shown (null until rendered).
    QImage preview() const { return preview_; }
    // The file written by the last successful export (the dialog is then accepted).
    QString writtenPath() const { return writtenPath_; }

    // Renders the first frame now instead of after the short delay that collects edits.
    void updatePreview();
    // Runs the export (the Export button). Success accepts the dialog; failure shows a message
    // box and the dialog stays; Cancel (or closing) stops it and nothing is written.
    void startExport();

    void reject() override;

signals:
    // Before each frame, with the progress bar updated (frames done, total).
    void progressed(int done, int total);

protected:
    void changeEvent(QEvent* event) override;

private:
    const Animation* chosen() const;
    void fillAnimations();
    void onAnimationOrFormatChanged();
    void updateSummary();
    void fitDescription();
    void schedulePreview();
    void chooseFile();
    void setExporting(bool exporting);
    void retranslate();
    void loadSettings();
    void saveSettings() const;

    LessonProvider lessons_;
    ParameterModel& parameters_;
    QString currentLessonId_;
    QLabel* animationLabel_;
    QComboBox* animation_;
    QLabel* description_;
    QLabel* formatLabel_;
    QComboBox* format_;
    QLabel* sizeLabel_;
    QSpinBox* width_;
    QSpinBox* height_;
    QLabel* pixels_;
    QLabel* evenHint_;
    QLabel* fpsLabel_;
    QSpinBox* fps_;
    QLabel* secondsLabel_;
    QDoubleSpinBox* seconds_;
    QCheckBox* bounce_;
    QLabel* fileLabel_;
    QLineEdit* file_;
    QPushButton* browse_;
    QLabel* previewLabel_;
    QLabel* previewImage_;
    QLabel* summary_;
    QProgressBar* progress_;
    QDialogButtonBox* buttons_;
    QWidget* choices_;
    QTimer* previewTimer_;
    QImage preview_;
    QString shownDefaultName_;  // the file name that followed the last animation and format
    QString writtenPath_;
    bool bounceWanted_ = false;
    bool exporting_ = false;
    bool cancelRequested_ = false;
};

}  // namespace ropelab::ui
