// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/animation_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "lessons/lesson.h"
#include "widgets/choice_box.h"

namespace ropelab::ui {

namespace {
constexpr auto kAnimationKey = "animationExport/animation";
constexpr auto kFormatKey = "animationExport/format";
constexpr auto kWidthKey = "animationExport/width";
constexpr auto kHeightKey = "animationExport/height";
constexpr auto kFpsKey = "animationExport/fps";
constexpr auto kSecondsKey = "animationExport/seconds";
constexpr auto kBounceKey = "animationExport/bounce";
constexpr auto kFolderKey = "animationExport/folder";
// The preview's box; the first frame is scaled into it, keeping its proportions.
const QSize kPreviewBox(256, 144);
// The description's width, in average characters.
constexpr int kDescriptionChars = 44;
// Edits closer together than this render one preview.
constexpr int kPreviewDelayMs = 150;

QString defaultFolder() {
    const QString movies = QStandardPaths::writableLocation(QStandardPaths::MoviesLocation);
    return QDir::toNativeSeparators(
        QDir(movies.isEmpty() ? QDir::homePath() : movies).filePath(QStringLiteral("RoPE Lab")));
}

// The file name after the animation or format changed: the default name follows the choice; a
// name of the user's own keeps its stem and takes the new format's suffix.
QString followingName(const QString& name, const QString& oldDefault, const QString& newDefault,
                      AnimationFormat format) {
    if (name.isEmpty() || name == oldDefault) return newDefault;
    const QFileInfo info(name);
    if (!parseAnimationFormat(info.suffix())) return name;
    return info.completeBaseName() + QLatin1Char('.') + animationFormatSuffix(format);
}
}  // namespace

AnimationDialog::AnimationDialog(LessonProvider lessons, ParameterModel& parameters,
                                 const QString& currentLessonId, QWidget* parent)
    : QDialog(parent),
      lessons_(std::move(lessons)),
      parameters_(parameters),
      currentLessonId_(currentLessonId),
      animationLabel_(new QLabel(this)),
      animation_(new ChoiceBox(this)),
      description_(new QLabel(this)),
      formatLabel_(new QLabel(this)),
      format_(new ChoiceBox(this)),
      sizeLabel_(new QLabel(this)),
      width_(new QSpinBox(this)),
      height_(new QSpinBox(this)),
      pixels_(new QLabel(this)),
      evenHint_(new QLabel(this)),
      fpsLabel_(new QLabel(this)),
      fps_(new QSpinBox(this)),
      secondsLabel_(new QLabel(this)),
      seconds_(new QDoubleSpinBox(this)),
      bounce_(new QCheckBox(this)),
      fileLabel_(new QLabel(this)),
      file_(new QLineEdit(this)),
      browse_(new QPushButton(this)),
      previewLabel_(new QLabel(this)),
      previewImage_(new QLabel(this)),
      summary_(new QLabel(this)),
      progress_(new QProgressBar(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)),
      choices_(new QWidget(this)),
      previewTimer_(new QTimer(this)) {
    setObjectName(QStringLiteral("animationDialog"));
    animation_->setObjectName(QStringLiteral("animation"));
    format_->setObjectName(QStringLiteral("format"));
    width_->setObjectName(QStringLiteral("width"));
    height_->setObjectName(QStringLiteral("height"));
    fps_->setObjectName(QStringLiteral("fps"));
    seconds_->setObjectName(QStringLiteral("seconds"));
    bounce_->setObjectName(QStringLiteral("bounce"));
    file_->setObjectName(QStringLiteral("file"));
    summary_->setObjectName(QStringLiteral("animationSummary"));
    description_->setObjectName(QStringLiteral("description"));
    progress_->setObjectName(QStringLiteral("progress"));

    auto* form = new QFormLayout(choices_);
    form->setContentsMargins(0, 0, 0, 0);
    fillAnimations();
    animationLabel_->setBuddy(animation_);
    form->addRow(animationLabel_, animation_);
    description_->setWordWrap(true);
    form->addRow(QString(), description_);

    for (AnimationFormat format : allAnimationFormats()) {
        format_->addItem(animationFormatSuffix(format).toUpper(), animationFormatSuffix(format));
    }
    formatLabel_->setBuddy(format_);
    form->addRow(formatLabel_, format_);

    auto* size = new QHBoxLayout;
    width_->setRange(AnimationSettings::kMinSide, AnimationSettings::kMaxWidth);
    height_->setRange(AnimationSettings::kMinSide, AnimationSettings::kMaxHeight);
    size->addWidget(width_);
    size->addWidget(new QLabel(QStringLiteral("×"), this));
    size->addWidget(height_);
    size->addWidget(pixels_);
    size->addStretch(1);
    sizeLabel_->setBuddy(width_);
    form->addRow(sizeLabel_, size);
    evenHint_->setWordWrap(true);
    evenHint_->setEnabled(false);  // greyed: a hint, not a message
    form->addRow(QString(), evenHint_);

    fps_->setRange(1, AnimationSettings::kMaxFps);
    fpsLabel_->setBuddy(fps_);
    form->addRow(fpsLabel_, fps_);
    seconds_->setRange(0.1, AnimationSettings::kMaxSeconds);
    seconds_->setDecimals(1);
    seconds_->setSingleStep(0.5);
    secondsLabel_->setBuddy(seconds_);
    form->addRow(secondsLabel_, seconds_);
    form->addRow(QString(), bounce_);

    auto* previewColumn = new QVBoxLayout;
    previewImage_->setFixedSize(kPreviewBox);
    previewImage_->setAlignment(Qt::AlignCenter);
    previewImage_->setFrameShape(QFrame::StyledPanel);
    previewColumn->addWidget(previewLabel_);
    previewColumn->addWidget(previewImage_);
    previewColumn->addStretch(1);

    auto* top = new QHBoxLayout;
    top->addWidget(choices_, 1);
    top->addLayout(previewColumn);

    // Under the choices and the preview, so a whole path shows.
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(fileLabel_);
    fileRow->addWidget(file_, 1);
    fileRow->addWidget(browse_);
    fileLabel_->setBuddy(file_);

    summary_->setWordWrap(true);
    // Its room is kept while hidden, so starting an export squeezes nothing.
    QSizePolicy keepRoom = progress_->sizePolicy();
    keepRoom.setRetainSizeWhenHidden(true);
    progress_->setSizePolicy(keepRoom);
    progress_->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(fileRow);
    layout->addWidget(summary_);
    layout->addWidget(progress_);
    layout->addWidget(buttons_);

    previewTimer_->setSingleShot(true);
    previewTimer_->setInterval(kPreviewDelayMs);
    connect(previewTimer_, &QTimer::timeout, this, &AnimationDialog::updatePreview);

    loadSettings();
    connect(animation_, &QComboBox::currentIndexChanged, this, [this] {
        onAnimationOrFormatChanged();
        schedulePreview();
    });
    connect(format_, &QComboBox::currentIndexChanged, this,
            &AnimationDialog::onAnimationOrFormatChanged);
    for (QSpinBox* spin : {width_, height_}) {
        connect(spin, &QSpinBox::valueChanged, this, [this] {
            updateSummary();
            schedulePreview();
        });
    }
    connect(fps_, &QSpinBox::valueChanged, this, &AnimationDialog::updateSummary);
    connect(seconds_, &QDoubleSpinBox::valueChanged, this, &AnimationDialog::updateSummary);
    connect(bounce_, &QCheckBox::toggled, this, [this](bool checked) {
        if (bounce_->isEnabled()) bounceWanted_ = checked;
        updateSummary();
    });
    connect(file_, &QLineEdit::textChanged, this, &AnimationDialog::updateSummary);
    connect(browse_, &QPushButton::clicked, this, &AnimationDialog::chooseFile);
    connect(buttons_, &QDialogButtonBox::accepted, this, &AnimationDialog::startExport);
    connect(buttons_, &QDialogButtonBox::rejected, this, &AnimationDialog::reject);
    retranslate();
    onAnimationOrFormatChanged();
    schedulePreview();
}

void AnimationDialog::fillAnimations() {
    const QList<const Animation*> own = lessonAnimations(currentLessonId_);
    for (const Animation* animation : own) animation_->addItem(QString(), animation->id);
    if (!own.isEmpty() && own.size() < animationCatalog().size())
        animation_->insertSeparator(animation_->count());
    for (const Animation& animation : animationCatalog()) {
        if (animation.lessonId != currentLessonId_) animation_->addItem(QString(), animation.id);
    }
}

const Animation* AnimationDialog::chosen() const {
    return findAnimation(animation_->currentData().toString());
}

void AnimationDialog::chooseAnimationFor(const QString& figureName) {
    for (const Animation* animation : lessonAnimations(currentLessonId_)) {
        if (animation->figures.contains(figureName)) {
            setAnimation(animation->id);
            return;
        }
    }
}

void AnimationDialog::setAnimation(const QString& id) {
    if (const int index = animation_->findData(id); index >= 0) animation_->setCurrentIndex(index);
}

QString AnimationDialog::animationId() const {
    return animation_->currentData().toString();
}

void AnimationDialog::setSettings(const AnimationSettings& settings) {
    format_->setCurrentIndex(format_->findData(animationFormatSuffix(settings.format)));
    width_->setValue(settings.size.width());
    height_->setValue(settings.size.height());
    fps_->setValue(settings.fps);
    seconds_->setValue(settings.seconds);
    bounceWanted_ = settings.bounce;
    if (bounce_->isEnabled()) bounce_->setChecked(settings.bounce);
    updateSummary();
}

AnimationSettings AnimationDialog::settings() const {
    AnimationSettings settings;
    settings.format =
        parseAnimationFormat(format_->currentData().toString()).value_or(AnimationFormat::Gif);
    settings.size = QSize(width_->value(), height_->value());
    settings.fps = fps_->value();
    settings.seconds = seconds_->value();
    const Animation* animation = chosen();
    settings.bounce = animation != nullptr && !animation->periodic && bounce_->isChecked();
    return settings;
}

void AnimationDialog::setPath(const QString& path) {
    file_->setText(path);
}

QString AnimationDialog::path() const {
    return file_->text().trimmed();
}

QString AnimationDialog::problem() const {
    if (!animationEncodingAvailable()) return animationUnavailableReason();
    if (const QString problem = settings().problem(); !problem.isEmpty()) return problem;
    if (path().isEmpty()) return tr("Choose a file to write.");
    return {};
}

QString AnimationDialog::message() const {
    return summary_->text();
}

void AnimationDialog::onAnimationOrFormatChanged() {
    const Animation* animation = chosen();
    const AnimationSettings chosenSettings = settings();
    description_->setText(animation != nullptr ? animation->describe() : QString());
    const bool periodic = animation != nullptr && animation->periodic;
    if (periodic) {
        bounce_->setEnabled(false);
        bounce_->setChecked(false);
    } else {
        bounce_->setEnabled(true);
        bounce_->setChecked(bounceWanted_);
    }
    if (animation != nullptr) {
        const QString newDefault = animationFileName(animation->id, chosenSettings.format);
        const QString current = path();
        const QFileInfo info(current);
        const QString folder = current.isEmpty() ? defaultFolder() : info.path();
        const QString name = followingName(current.isEmpty() ? QString() : info.fileName(),
                                           shownDefaultName_, newDefault, chosenSettings.format);
        shownDefaultName_ = newDefault;
        file_->setText(QDir::toNativeSeparators(QDir(folder).filePath(name)));
    }
    updateSummary();
}

void AnimationDialog::updateSummary() {
    if (exporting_) return;
    const QString issue = problem();
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(issue.isEmpty());
    if (!issue.isEmpty()) {
        summary_->setText(issue);
        return;
    }
    const AnimationSettings chosenSettings = settings();
    // Never fewer than two frames here (problem() says so), so the plural is plain.
    const QString loop =
        loopsWithoutJump(*chosen(), chosenSettings.bounce)
            ? tr("it loops without a jump.")
            : tr("it plays forward once; when it loops, it jumps back to the start.");
    summary_->setText(tr("%1 frames of %2×%3 pixels; %4")
                          .arg(chosenSettings.frameCount())
                          .arg(chosenSettings.size.width())
                          .arg(chosenSettings.size.height())
                          .arg(loop));
}

void AnimationDialog::fitDescription() {
    // A fixed width and room for the longest description: switching animations never clips
    // the text nor makes the dialog jump.
    const int width = description_->fontMetrics().averageCharWidth() * kDescriptionChars;
    description_->setFixedWidth(width);
    int tallest = 0;
    for (const Animation& animation : animationCatalog()) {
        description_->setText(animation.describe());
        tallest = std::max(tallest, description_->heightForWidth(width));
    }
    description_->setMinimumHeight(tallest);
    const Animation* animation = chosen();
    description_->setText(animation != nullptr ? animation->describe() : QString());
}

void AnimationDialog::schedulePreview() {
    if (!exporting_) previewTimer_->start();
}

void AnimationDialog::updatePreview() {
    previewTimer_->stop();
    const Animation* animation = chosen();
    Lesson* lesson = animation != nullptr ? lessons_(animation->lessonId) : nullptr;
    if (lesson == nullptr) return;
    {
        // Puts the lesson and the parameters back when it goes out of scope.
        AnimationRenderer renderer(*animation, *lesson, parameters_);
        preview_ = renderer.frame(0.0, settings().size);
    }
    if (preview_.isNull()) {
        previewImage_->setPixmap(QPixmap());
        return;
    }
    const qreal ratio = devicePixelRatioF();
    QPixmap pixmap = QPixmap::fromImage(
        preview_.scaled(kPreviewBox * ratio, Qt::KeepAspectRatio, Qt::SmoothTransformation));
    pixmap.setDevicePixelRatio(ratio);
    previewImage_->setPixmap(pixmap);
}

void AnimationDialog::chooseFile() {
    const QString suffix = animationFormatSuffix(settings().format);
    QString chosenPath =
        QFileDialog::getSaveFileName(this, tr("Save the animation as"), path(),
                                     tr("%1 files (*.%2)").arg(suffix.toUpper(), suffix));
    if (chosenPath.isEmpty()) return;
    const QFileInfo info(chosenPath);
    if (info.suffix().isEmpty()) chosenPath += QLatin1Char('.') + suffix;
    file_->setText(QDir::toNativeSeparators(chosenPath));
    // A name ending in another format's suffix asks for that format.
    if (const auto format = parseAnimationFormat(info.suffix())) {
        format_->setCurrentIndex(format_->findData(animationFormatSuffix(*format)));
    }
}

void AnimationDialog::setExporting(bool exporting) {
    exporting_ = exporting;
    for (QWidget* widget : std::initializer_list<QWidget*>{choices_, file_, browse_}) {
        widget->setEnabled(!exporting);
    }
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(!exporting);
    progress_->setVisible(exporting);
}

void AnimationDialog::startExport() {
    if (exporting_ || !problem().isEmpty()) return;
    previewTimer_->stop();
    saveSettings();
    const Animation& animation = *chosen();
    const AnimationSettings chosenSettings = settings();
    const QString target = path();
    const QString folder = QFileInfo(target).absolutePath();
    if (!QDir().mkpath(folder)) {
        QMessageBox::warning(
            this, tr("Export failed"),
            tr("Could not create the folder %1.").arg(QDir::toNativeSeparators(folder)));
        return;
    }
    Lesson* lesson = lessons_(animation.lessonId);
    if (lesson == nullptr) return;

    cancelRequested_ = false;
    progress_->setRange(0, chosenSettings.frameCount());
    progress_->setValue(0);
    summary_->setText(tr("Exporting %1…").arg(QDir::toNativeSeparators(target)));
    setExporting(true);
    const std::optional<WriteResult> result = exportAnimation(
        animation, *lesson, parameters_, chosenSettings, target, [this](int done, int total) {
            progress_->setRange(0, total);
            progress_->setValue(done);
            emit progressed(done, total);
            // Lets Cancel (and the progress bar) through between frames.
            QCoreApplication::processEvents();
            return !cancelRequested_;
        });
    setExporting(false);
    if (!result) {
        updateSummary();
        summary_->setText(tr("Cancelled; nothing was written."));
        return;
    }
    if (!result->ok()) {
        updateSummary();
        QMessageBox::warning(this, tr("Export failed"), result->error);
        return;
    }
    writtenPath_ = result->path;
    QDialog::accept();
}

void AnimationDialog::reject() {
    if (exporting_) {
        cancelRequested_ = true;
        return;
    }
    QDialog::reject();
}

void AnimationDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    if (event->type() == QEvent::FontChange) fitDescription();
    QDialog::changeEvent(event);
}

void AnimationDialog::retranslate() {
    setWindowTitle(tr("Export animation"));
    animationLabel_->setText(tr("&Animation"));
    for (int i = 0; i < animation_->count(); ++i) {
        if (const Animation* animation = findAnimation(animation_->itemData(i).toString())) {
            animation_->setItemText(i, animation->displayTitle());
        }
    }
    fitDescription();
    formatLabel_->setText(tr("&Format"));
    format_->setItemData(0, tr("Loops forever; plays everywhere, in slides and web pages"),
                         Qt::ToolTipRole);
    format_->setItemData(1, tr("H.264 video for PowerPoint, Keynote and Google Slides"),
                         Qt::ToolTipRole);
    format_->setItemData(2, tr("VP9 video for web pages"), Qt::ToolTipRole);
    sizeLabel_->setText(tr("&Size"));
    width_->setAccessibleName(tr("Width in pixels"));
    height_->setAccessibleName(tr("Height in pixels"));
    pixels_->setText(tr("pixels"));
    evenHint_->setText(tr("MP4 and WebM need an even width and height."));
    fpsLabel_->setText(tr("F&rame rate"));
    fps_->setSuffix(tr(" frames per second"));
    secondsLabel_->setText(tr("&Duration"));
    seconds_->setSuffix(tr(" s"));
    bounce_->setText(tr("Forward and &back"));
    bounce_->setToolTip(
        tr("A sweep plays to its end and back again, so it loops without a jump. A periodic "
           "animation already loops."));
    fileLabel_->setText(tr("F&ile"));
    browse_->setText(tr("Browse…"));
    browse_->setAccessibleName(tr("Choose the file"));
    previewLabel_->setText(tr("First frame"));
    previewImage_->setAccessibleName(tr("Preview of the first frame"));
    progress_->setFormat(tr("%v of %m frames"));
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    buttons_->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    updateSummary();
}

void AnimationDialog::loadSettings() {
    const QSettings store;
    const QString remembered = store.value(kAnimationKey).toString();
    const Animation* animation = findAnimation(remembered);
    if (animation != nullptr &&
        (animation->lessonId == currentLessonId_ || lessonAnimations(currentLessonId_).isEmpty())) {
        setAnimation(remembered);
    }
    const AnimationSettings defaults;
    AnimationSettings restored;
    restored.format =
        parseAnimationFormat(store.value(kFormatKey).toString()).value_or(defaults.format);
    restored.size = QSize(store.value(kWidthKey, defaults.size.width()).toInt(),
                          store.value(kHeightKey, defaults.size.height()).toInt());
    restored.fps = store.value(kFpsKey, defaults.fps).toInt();
    restored.seconds = store.value(kSecondsKey, defaults.seconds).toDouble();
    restored.bounce = store.value(kBounceKey, defaults.bounce).toBool();
    setSettings(restored);
    const QString folder = store.value(kFolderKey, defaultFolder()).toString();
    if (const Animation* current = chosen()) {
        shownDefaultName_ = animationFileName(current->id, restored.format);
        setPath(QDir::toNativeSeparators(QDir(folder).filePath(shownDefaultName_)));
    }
}

void AnimationDialog::saveSettings() const {
    QSettings store;
    const AnimationSettings chosenSettings = settings();
    store.setValue(kAnimationKey, animationId());
    store.setValue(kFormatKey, animationFormatSuffix(chosenSettings.format));
    store.setValue(kWidthKey, chosenSettings.size.width());
    store.setValue(kHeightKey, chosenSettings.size.height());
    store.setValue(kFpsKey, chosenSettings.fps);
    store.setValue(kSecondsKey, chosenSettings.seconds);
    store.setValue(kBounceKey, bounceWanted_);
    store.setValue(kFolderKey, QDir::toNativeSeparators(QFileInfo(path()).absolutePath()));
}

}  // namespace ropelab::ui
