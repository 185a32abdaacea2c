// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/export_dialog.h"
#include "widgets/choice_box.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace ropelab::ui {

namespace {
constexpr double kCentimetresPerInch = 2.54;
constexpr auto kFormatsKey = "export/formats";
constexpr auto kWidthKey = "export/width";
constexpr auto kHeightKey = "export/height";
constexpr auto kUnitKey = "export/unit";
constexpr auto kDpiKey = "export/dpi";
constexpr auto kBackgroundKey = "export/background";
constexpr auto kFolderKey = "export/folder";
}  // namespace

ExportDialog::ExportDialog(const QString& figureName, const QString& lessonTitle, QWidget* parent)
    : QDialog(parent),
      figureName_(figureName),
      lessonTitle_(lessonTitle),
      scopeLabel_(new QLabel(this)),
      figureScope_(new QRadioButton(this)),
      lessonScope_(new QRadioButton(this)),
      allScope_(new QRadioButton(this)),
      scopeGroup_(new QButtonGroup(this)),
      formatLabel_(new QLabel(this)),
      sizeLabel_(new QLabel(this)),
      width_(new QDoubleSpinBox(this)),
      height_(new QDoubleSpinBox(this)),
      unit_(new ChoiceBox(this)),
      dpiLabel_(new QLabel(this)),
      dpi_(new QSpinBox(this)),
      backgroundLabel_(new QLabel(this)),
      background_(new ChoiceBox(this)),
      folderLabel_(new QLabel(this)),
      folder_(new QLineEdit(this)),
      browse_(new QPushButton(this)),
      summary_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("exportDialog"));
    auto* form = new QFormLayout;

    auto* scopes = new QVBoxLayout;
    for (QRadioButton* button : {figureScope_, lessonScope_, allScope_}) scopes->addWidget(button);
    scopeGroup_->addButton(figureScope_, static_cast<int>(Scope::Figure));
    scopeGroup_->addButton(lessonScope_, static_cast<int>(Scope::Lesson));
    scopeGroup_->addButton(allScope_, static_cast<int>(Scope::AllLessons));
    figureScope_->setEnabled(!figureName_.isEmpty());
    (figureName_.isEmpty() ? lessonScope_ : figureScope_)->setChecked(true);
    form->addRow(scopeLabel_, scopes);

    auto* formats = new QHBoxLayout;
    for (ExportFormat format : allExportFormats()) {
        auto* box = new QCheckBox(formatSuffix(format).toUpper(), this);
        box->setObjectName(QStringLiteral("format-%1").arg(formatSuffix(format)));
        formatBoxes_.append(box);
        formats->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &ExportDialog::updateSummary);
    }
    formats->addStretch(1);
    form->addRow(formatLabel_, formats);

    auto* size = new QHBoxLayout;
    for (QDoubleSpinBox* spin : {width_, height_}) {
        spin->setRange(0.1, ExportOptions::kMaxPixels);
        spin->setKeyboardTracking(false);
        connect(spin, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updateSummary);
    }
    size->addWidget(width_, 1);
    size->addWidget(new QLabel(QStringLiteral("×"), this));
    size->addWidget(height_, 1);
    size->addWidget(unit_);
    unit_->addItem(QString(), static_cast<int>(SizeUnit::Pixels));
    unit_->addItem(QString(), static_cast<int>(SizeUnit::Centimetres));
    sizeLabel_->setBuddy(width_);
    form->addRow(sizeLabel_, size);

    dpi_->setRange(static_cast<int>(ExportOptions::kMinDpi),
                   static_cast<int>(ExportOptions::kMaxDpi));
    dpi_->setObjectName(QStringLiteral("dpi"));
    dpiLabel_->setBuddy(dpi_);
    connect(dpi_, &QSpinBox::valueChanged, this, &ExportDialog::updateSummary);
    form->addRow(dpiLabel_, dpi_);

    background_->addItem(QString(), static_cast<int>(ExportBackground::Theme));
    background_->addItem(QString(), static_cast<int>(ExportBackground::White));
    background_->addItem(QString(), static_cast<int>(ExportBackground::Transparent));
    backgroundLabel_->setBuddy(background_);
    form->addRow(backgroundLabel_, background_);

    auto* folderRow = new QHBoxLayout;
    folder_->setObjectName(QStringLiteral("folder"));
    folderRow->addWidget(folder_, 1);
    folderRow->addWidget(browse_);
    folderLabel_->setBuddy(folder_);
    connect(folder_, &QLineEdit::textChanged, this, &ExportDialog::updateSummary);
    connect(browse_, &QPushButton::clicked, this, &ExportDialog::chooseFolder);
    form->addRow(folderLabel_, folderRow);

    summary_->setWordWrap(true);
    summary_->setObjectName(QStringLiteral("exportSummary"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(summary_);
    layout->addWidget(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &ExportDialog::reject);

    loadSettings();
    connect(unit_, &QComboBox::currentIndexChanged, this, &ExportDialog::onUnitChanged);
    retranslate();
    updateSummary();
}

ExportDialog::Scope ExportDialog::scope() const {
    return static_cast<Scope>(scopeGroup_->checkedId());
}

QList<ExportFormat> ExportDialog::formats() const {
    QList<ExportFormat> chosen;
    const QList<ExportFormat> all = allExportFormats();
    for (qsizetype i = 0; i < all.size(); ++i) {
        if (formatBoxes_[i]->isChecked()) chosen.append(all[i]);
    }
    return chosen;
}

ExportOptions ExportDialog::options() const {
    ExportOptions options;
    options.size = QSizeF(width_->value(), height_->value());
    options.unit = static_cast<SizeUnit>(unit_->currentData().toInt());
    options.dpi = dpi_->value();
    options.background = static_cast<ExportBackground>(background_->currentData().toInt());
    return options;
}

QString ExportDialog::folder() const {
    return folder_->text().trimmed();
}

void ExportDialog::setScope(Scope scope) {
    if (scope == Scope::Figure && figureName_.isEmpty()) scope = Scope::Lesson;
    scopeGroup_->button(static_cast<int>(scope))->setChecked(true);
}

void ExportDialog::setFormats(const QList<ExportFormat>& formats) {
    const QList<ExportFormat> all = allExportFormats();
    for (qsizetype i = 0; i < all.size(); ++i)
        formatBoxes_[i]->setChecked(formats.contains(all[i]));
}

void ExportDialog::setOptions(const ExportOptions& options) {
    shownUnit_ = options.unit;
    unit_->blockSignals(true);
    unit_->setCurrentIndex(unit_->findData(static_cast<int>(options.unit)));
    unit_->blockSignals(false);
    const int decimals = options.unit == SizeUnit::Pixels ? 0 : 2;
    width_->setDecimals(decimals);
    height_->setDecimals(decimals);
    width_->setValue(options.size.width());
    height_->setValue(options.size.height());
    dpi_->setValue(static_cast<int>(options.dpi));
    background_->setCurrentIndex(background_->findData(static_cast<int>(options.background)));
    updateSummary();
}

void ExportDialog::setFolder(const QString& folder) {
    folder_->setText(folder);
}

QString ExportDialog::problem() const {
    if (formats().isEmpty()) return tr("Choose at least one format.");
    if (const QString problem = options().problem(); !problem.isEmpty()) return problem;
    if (folder().isEmpty()) return tr("Choose a folder for the files.");
    return {};
}

void ExportDialog::accept() {
    if (!problem().isEmpty()) {
        updateSummary();
        return;
    }
    saveSettings();
    QDialog::accept();
}

void ExportDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QDialog::changeEvent(event);
}

void ExportDialog::retranslate() {
    setWindowTitle(tr("Export figures"));
    scopeLabel_->setText(tr("Export"));
    figureScope_->setText(figureName_.isEmpty() ? tr("This figure")
                                                : tr("This figure (%1)").arg(figureName_));
    lessonScope_->setText(tr("All figures of this lesson (%1)").arg(lessonTitle_));
    allScope_->setText(tr("Every figure of every lesson"));
    formatLabel_->setText(tr("Formats"));
    formatBoxes_[0]->setToolTip(tr("Raster image at the chosen size and DPI"));
    formatBoxes_[1]->setToolTip(tr("Vector drawing for slides and web pages"));
    formatBoxes_[2]->setToolTip(tr("Vector page for print and LaTeX"));
    formatBoxes_[3]->setToolTip(tr("The plotted numbers, one row per point"));
    for (QCheckBox* box : formatBoxes_) box->setAccessibleDescription(box->toolTip());
    sizeLabel_->setText(tr("&Size"));
    width_->setAccessibleName(tr("Width"));
    height_->setAccessibleName(tr("Height"));
    unit_->setItemText(0, tr("pixels"));
    unit_->setItemText(1, tr("cm"));
    unit_->setAccessibleName(tr("Size unit"));
    dpiLabel_->setText(tr("&DPI"));
    dpi_->setToolTip(
        tr("Dots per inch: text keeps its point size, so a higher DPI is sharper, "
           "not smaller."));
    backgroundLabel_->setText(tr("&Background"));
    background_->setItemText(0, tr("As on screen"));
    background_->setItemText(1, tr("White (light colours)"));
    background_->setItemText(2, tr("Transparent"));
    folderLabel_->setText(tr("&Folder"));
    browse_->setText(tr("Browse…"));
    browse_->setAccessibleName(tr("Choose the folder"));
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    buttons_->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    updateSummary();
}

void ExportDialog::onUnitChanged() {
    const auto unit = static_cast<SizeUnit>(unit_->currentData().toInt());
    if (unit == shownUnit_) return;
    // Keep the physical figure: convert the numbers at the current DPI.
    const double factor = unit == SizeUnit::Centimetres ? kCentimetresPerInch / dpi_->value()
                                                        : dpi_->value() / kCentimetresPerInch;
    ExportOptions converted = options();
    converted.size = QSizeF(width_->value() * factor, height_->value() * factor);
    setOptions(converted);
}

void ExportDialog::updateSummary() {
    const QString issue = problem();
    QPushButton* exportButton = buttons_->button(QDialogButtonBox::Ok);
    exportButton->setEnabled(issue.isEmpty());
    if (!issue.isEmpty()) {
        summary_->setText(issue);
        return;
    }
    const ExportOptions chosen = options();
    const QSize pixels = chosen.outputPixels();
    summary_->setText(tr("Each figure: %1 × %2 pixels, %3 × %4 cm at %5 DPI.")
                          .arg(pixels.width())
                          .arg(pixels.height())
                          .arg(pixels.width() / chosen.dpi * kCentimetresPerInch, 0, 'f', 1)
                          .arg(pixels.height() / chosen.dpi * kCentimetresPerInch, 0, 'f', 1)
                          .arg(chosen.dpi));
}

void ExportDialog::chooseFolder() {
    const QString chosen =
        QFileDialog::getExistingDirectory(this, tr("Folder for the exported figures"), folder());
    if (!chosen.isEmpty()) folder_->setText(QDir::toNativeSeparators(chosen));
}

void ExportDialog::loadSettings() {
    const QSettings settings;
    QList<ExportFormat> remembered;
    for (const QString& name : settings.value(kFormatsKey, QStringLiteral("png,svg,pdf,csv"))
                                   .toString()
                                   .split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (const auto format = parseExportFormat(name)) remembered.append(*format);
    }
    setFormats(remembered);
    const ExportOptions defaults;
    ExportOptions options;
    options.unit = settings.value(kUnitKey).toString() == QLatin1String("cm")
                       ? SizeUnit::Centimetres
                       : SizeUnit::Pixels;
    options.size = QSizeF(settings.value(kWidthKey, defaults.size.width()).toDouble(),
                          settings.value(kHeightKey, defaults.size.height()).toDouble());
    options.dpi = settings.value(kDpiKey, defaults.dpi).toDouble();
    options.background = static_cast<ExportBackground>(
        settings.value(kBackgroundKey, static_cast<int>(defaults.background)).toInt());
    setOptions(options);
    const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    setFolder(settings
                  .value(kFolderKey, QDir::toNativeSeparators(
                                         QDir(pictures.isEmpty() ? QDir::homePath() : pictures)
                                             .filePath(QStringLiteral("RoPE Lab"))))
                  .toString());
}

void ExportDialog::saveSettings() const {
    QSettings settings;
    QStringList names;
    for (ExportFormat format : formats()) names.append(formatSuffix(format));
    settings.setValue(kFormatsKey, names.join(QLatin1Char(',')));
    const ExportOptions chosen = options();
    settings.setValue(kUnitKey, chosen.unit == SizeUnit::Centimetres ? QStringLiteral("cm")
                                                                     : QStringLiteral("px"));
    settings.setValue(kWidthKey, chosen.size.width());
    settings.setValue(kHeightKey, chosen.size.height());
    settings.setValue(kDpiKey, chosen.dpi);
    settings.setValue(kBackgroundKey, static_cast<int>(chosen.background));
    settings.setValue(kFolderKey, folder());
}

}  // namespace ropelab::ui
