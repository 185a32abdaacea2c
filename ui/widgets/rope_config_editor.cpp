// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/rope_config_editor.h"
#include "widgets/choice_box.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <array>
#include <set>

#include "encodings/rope_fields.h"
#include "model/app_limits.h"
#include "model/parameter_text.h"

namespace ropelab::ui {

namespace {

constexpr std::array kTypes{RopeType::Default, RopeType::Linear,   RopeType::Dynamic,
                            RopeType::Yarn,    RopeType::LongRope, RopeType::Llama3};

// The editor's row for a field: its config.json key; both factor lists share one row.
QString rowKey(const RopeFieldInfo& field) {
    if (field.id == RopeField::ShortFactor || field.id == RopeField::LongFactor) {
        return QStringLiteral("short_factor / long_factor");
    }
    return QString::fromUtf8(field.key.data(), static_cast<qsizetype>(field.key.size()));
}

// The rows each rope_type reads besides the common ones (the table's rope types).
std::set<QString> keysOf(RopeType type) {
    std::set<QString> keys;
    for (const RopeFieldInfo& field : ropeFields()) {
        if (field.ropeTypes != everyRopeType && usedBy(field, type)) keys.insert(rowKey(field));
    }
    return keys;
}

bool factorRequired(RopeType type) {
    return type == RopeType::Linear || type == RopeType::Dynamic || type == RopeType::Yarn;
}

// The rows every rope_type reads.
const std::set<QString>& commonKeys() {
    static const std::set<QString> keys = [] {
        std::set<QString> common;
        for (const RopeFieldInfo& field : ropeFields()) {
            if (field.ropeTypes == everyRopeType) common.insert(rowKey(field));
        }
        return common;
    }();
    return keys;
}

// A field's largest value: the app's limit for its key (model/app_limits.h), stated only there.
double largest(const QString& key) {
    return appLimitOf(key.toStdString()).maximum;
}

}  // namespace

RopeConfigEditor::RopeConfigEditor(QWidget* parent)
    : QWidget(parent), form_(new QFormLayout(this)), type_(new ChoiceBox(this)) {
    form_->setContentsMargins(0, 0, 0, 0);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // Long HF keys (original_max_position_embeddings) go above their field in a narrow panel.
    form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
    for (RopeType type : kTypes) {
        type_->addItem(QString::fromUtf8(toString(type).data()), static_cast<int>(type));
    }
    addRow(QStringLiteral("rope_type"), type_);
    headDim_ = addInt(QStringLiteral("head_dim"), 2, 2);
    partial_ = addDouble(QStringLiteral("partial_rotary_factor"), 0.01, 3, 0.05);
    theta_ = addDouble(QStringLiteral("rope_theta"), 1.01, 1, 1000.0);
    maxPositions_ = addInt(QStringLiteral("max_position_embeddings"), 1, 1024);
    factorOpt_ = addOptionalDouble(QStringLiteral("factor"), 1.0, 3, 0.5);
    factor_ = factorOpt_.value;
    originalMax_ = addOptionalInt(QStringLiteral("original_max_position_embeddings"), 1);
    seqLen_ = addOptionalInt(QStringLiteral("seq_len"), 0);
    betaFast_ = addDouble(QStringLiteral("beta_fast"), 0.001, 3, 1.0);
    betaSlow_ = addDouble(QStringLiteral("beta_slow"), 0.001, 3, 0.5);
    mscale_ = addOptionalDouble(QStringLiteral("mscale"), 0.0, 3, 0.1);
    mscaleAllDim_ = addOptionalDouble(QStringLiteral("mscale_all_dim"), 0.0, 3, 0.1);
    attentionFactor_ = addOptionalDouble(QStringLiteral("attention_factor"), 0.001, 4, 0.05);
    truncate_ = new QCheckBox(this);
    addRow(QStringLiteral("truncate"), truncate_);
    lowFreq_ = addDouble(QStringLiteral("low_freq_factor"), 0.001, 3, 0.5);
    highFreq_ = addDouble(QStringLiteral("high_freq_factor"), 0.001, 3, 0.5);
    factorLists_ = new QLabel(this);
    factorLists_->setWordWrap(true);
    addRow(QStringLiteral("short_factor / long_factor"), factorLists_);

    connect(type_, &QComboBox::currentIndexChanged, this, [this] {
        updateRows();
        emitEdited();
    });
    connect(truncate_, &QCheckBox::toggled, this, &RopeConfigEditor::emitEdited);
    setParams(RopeParams{});
    retranslate();
}

void RopeConfigEditor::addRow(const QString& key, QWidget* field) {
    auto* label = new QLabel(key, this);
    label->setObjectName(key);
    label->setBuddy(field);
    field->setObjectName(key);
    field->setAccessibleName(key);
    form_->addRow(label, field);
}

QDoubleSpinBox* RopeConfigEditor::addDouble(const QString& key, double min, int decimals,
                                            double step) {
    auto* box = new QDoubleSpinBox(this);
    box->setRange(min, largest(key));
    box->setDecimals(decimals);
    box->setSingleStep(step);
    box->setKeyboardTracking(false);
    addRow(key, box);
    connect(box, &QDoubleSpinBox::valueChanged, this, &RopeConfigEditor::emitEdited);
    return box;
}

QSpinBox* RopeConfigEditor::addInt(const QString& key, int min, int step) {
    auto* box = new QSpinBox(this);
    box->setRange(min, static_cast<int>(largest(key)));
    box->setSingleStep(step);
    box->setKeyboardTracking(false);
    addRow(key, box);
    connect(box, &QSpinBox::valueChanged, this, &RopeConfigEditor::emitEdited);
    return box;
}

RopeConfigEditor::OptionalDouble RopeConfigEditor::addOptionalDouble(const QString& key, double min,
                                                                     int decimals, double step) {
    OptionalDouble optional{new QCheckBox(this), new QDoubleSpinBox(this)};
    optional.value->setRange(min, largest(key));
    optional.value->setDecimals(decimals);
    optional.value->setSingleStep(step);
    addOptionalRow(key, optional.set, optional.value);
    connect(optional.value, &QDoubleSpinBox::valueChanged, this, &RopeConfigEditor::emitEdited);
    return optional;
}

RopeConfigEditor::OptionalInt RopeConfigEditor::addOptionalInt(const QString& key, int min) {
    OptionalInt optional{new QCheckBox(this), new QSpinBox(this)};
    optional.value->setRange(min, static_cast<int>(largest(key)));
    optional.value->setSingleStep(1024);
    addOptionalRow(key, optional.set, optional.value);
    connect(optional.value, &QSpinBox::valueChanged, this, &RopeConfigEditor::emitEdited);
    return optional;
}

void RopeConfigEditor::addOptionalRow(const QString& key, QCheckBox* set, QAbstractSpinBox* value) {
    auto* field = new QWidget(this);
    auto* row = new QHBoxLayout(field);
    row->setContentsMargins(0, 0, 0, 0);
    value->setKeyboardTracking(false);
    value->setAccessibleName(key);
    row->addWidget(set);
    row->addWidget(value, 1);
    addRow(key, field);
    connect(set, &QCheckBox::toggled, value, &QWidget::setEnabled);
    connect(set, &QCheckBox::toggled, this, &RopeConfigEditor::emitEdited);
}

void RopeConfigEditor::retranslate() {
    const auto tip = [this](const QString& key, const QString& text) {
        for (QWidget* w : findChildren<QWidget*>(key)) w->setToolTip(text);
    };
    tip(QStringLiteral("rope_type"), tr("How the frequencies are scaled for a longer context."));
    tip(QStringLiteral("head_dim"), tr("Components per attention head."));
    tip(QStringLiteral("partial_rotary_factor"),
        tr("Fraction of the head that rotates (GPT-NeoX rotary_pct); the rest passes through."));
    tip(QStringLiteral("rope_theta"), tr("The base: θ_i = rope_theta^(−2i/d)."));
    tip(QStringLiteral("max_position_embeddings"), tr("The context length the model is used at."));
    tip(QStringLiteral("factor"), tr("How much longer the new context is than the trained one."));
    tip(QStringLiteral("original_max_position_embeddings"),
        tr("The context length the model was pre-trained at (unchecked: "
           "max_position_embeddings)."));
    tip(QStringLiteral("seq_len"),
        tr("The current sequence length at run time (dynamic: raises the base beyond the "
           "trained length; longrope: long factors beyond it)."));
    tip(QStringLiteral("beta_fast"),
        tr("YaRN: pairs turning more than beta_fast times in the trained context keep their "
           "frequency."));
    tip(QStringLiteral("beta_slow"),
        tr("YaRN: pairs turning fewer than beta_slow times are divided by factor."));
    tip(QStringLiteral("mscale"), tr("YaRN (DeepSeek): attention temperature numerator."));
    tip(QStringLiteral("mscale_all_dim"),
        tr("YaRN (DeepSeek): attention temperature denominator."));
    tip(QStringLiteral("attention_factor"),
        tr("Multiplies cos and sin (unchecked: the method's default)."));
    tip(QStringLiteral("truncate"), tr("YaRN: round the correction range to whole pairs."));
    tip(QStringLiteral("low_freq_factor"),
        tr("Llama 3: wavelengths above original / low_freq_factor are divided by factor."));
    tip(QStringLiteral("high_freq_factor"),
        tr("Llama 3: wavelengths below original / high_freq_factor are kept."));
    for (QCheckBox* set : {originalMax_.set, seqLen_.set, factorOpt_.set, mscale_.set,
                           mscaleAllDim_.set, attentionFactor_.set}) {
        set->setToolTip(tr("Set this key (unchecked: absent from the config)"));
        set->setAccessibleName(tr("Set this key"));
    }
    // A row's key, with the table's unit where the value counts something.
    for (const RopeFieldInfo& field : ropeFields()) {
        const QString key = rowKey(field);
        const QString unit = parameterUnit(field.key);
        if (unit.isEmpty()) continue;
        for (QLabel* label : findChildren<QLabel*>(key)) {
            if (label->buddy() != nullptr) label->setText(tr("%1 (%2)").arg(key, unit));
        }
    }
    truncate_->setText(tr("whole pairs"));
    factorLists_->setText(lists_.shortFactor.empty() && lists_.longFactor.empty()
                              ? tr("none: load a preset or a config.json")
                              : tr("%1 short + %2 long values (from a preset or config.json)")
                                    .arg(lists_.shortFactor.size())
                                    .arg(lists_.longFactor.size()));
}

RopeParams RopeConfigEditor::params() const {
    RopeParams p;
    p.ropeType = static_cast<RopeType>(type_->currentData().toInt());
    p.headDim = headDim_->value();
    p.partialRotaryFactor = partial_->value();
    p.ropeTheta = theta_->value();
    p.maxPositionEmbeddings = maxPositions_->value();
    if (factorOpt_.set->isChecked()) p.factor = factor_->value();
    if (originalMax_.set->isChecked())
        p.originalMaxPositionEmbeddings = originalMax_.value->value();
    if (seqLen_.set->isChecked()) p.seqLen = seqLen_.value->value();
    p.betaFast = betaFast_->value();
    p.betaSlow = betaSlow_->value();
    if (mscale_.set->isChecked()) p.mscale = mscale_.value->value();
    if (mscaleAllDim_.set->isChecked()) p.mscaleAllDim = mscaleAllDim_.value->value();
    if (attentionFactor_.set->isChecked()) p.attentionFactor = attentionFactor_.value->value();
    p.truncate = truncate_->isChecked();
    p.lowFreqFactor = lowFreq_->value();
    p.highFreqFactor = highFreq_->value();
    p.shortFactor = lists_.shortFactor;
    p.longFactor = lists_.longFactor;
    return p;
}

void RopeConfigEditor::setParams(const RopeParams& p) {
    // Widgets emit as they are set; updating_ keeps edited() quiet until all are.
    updating_ = true;
    type_->setCurrentIndex(type_->findData(static_cast<int>(p.ropeType)));
    headDim_->setValue(p.headDim);
    partial_->setValue(p.partialRotaryFactor);
    theta_->setValue(p.ropeTheta);
    maxPositions_->setValue(p.maxPositionEmbeddings);
    const auto showOptional = [](auto& optional, const auto& value, auto fallback) {
        optional.set->setChecked(value.has_value());
        optional.value->setEnabled(value.has_value());
        optional.value->setValue(value.value_or(fallback));
    };
    showOptional(factorOpt_, p.factor, 2.0);
    showOptional(originalMax_, p.originalMaxPositionEmbeddings, p.maxPositionEmbeddings);
    showOptional(seqLen_, p.seqLen, p.maxPositionEmbeddings);
    betaFast_->setValue(p.betaFast);
    betaSlow_->setValue(p.betaSlow);
    showOptional(mscale_, p.mscale, 1.0);
    showOptional(mscaleAllDim_, p.mscaleAllDim, 1.0);
    showOptional(attentionFactor_, p.attentionFactor, 1.0);
    truncate_->setChecked(p.truncate);
    lowFreq_->setValue(p.lowFreqFactor);
    highFreq_->setValue(p.highFreqFactor);
    lists_.shortFactor = p.shortFactor;
    lists_.longFactor = p.longFactor;
    updateRows();
    retranslate();
    updating_ = false;
}

void RopeConfigEditor::updateRows() {
    const RopeType type = static_cast<RopeType>(type_->currentData().toInt());
    if (type != rowsShownFor_) {
        rowsShownFor_ = type;
        showRowsOf(type);
    }
    // linear, dynamic and yarn need a factor: it is always set for them.
    const bool required = factorRequired(type);
    if (required && !factorOpt_.set->isChecked()) {
        const QSignalBlocker block(factorOpt_.set);
        factorOpt_.set->setChecked(true);
        factor_->setEnabled(true);
    }
    factorOpt_.set->setEnabled(!required);
}

void RopeConfigEditor::showRowsOf(RopeType type) {
    const std::set<QString> shown = keysOf(type);
    // Each row shown would lay out every ancestor at once (an activated layout tells its parent):
    // the form, disabled meanwhile, and the panel around it are laid out once afterwards.
    form_->setEnabled(false);
    for (int row = 0; row < form_->rowCount(); ++row) {
        QLayoutItem* label = form_->itemAt(row, QFormLayout::LabelRole);
        const QString key = label != nullptr && label->widget() != nullptr
                                ? label->widget()->objectName()
                                : QString();
        form_->setRowVisible(row, commonKeys().contains(key) || shown.contains(key));
    }
    form_->setEnabled(true);
    form_->invalidate();
    // Every ancestor asks for its layout now, before the first of them moves anything: all of
    // them are laid out before the window repaints, once, instead of once per level.
    for (QWidget* w = this; w != nullptr && !w->isWindow(); w = w->parentWidget())
        w->updateGeometry();
}

bool RopeConfigEditor::isKeyShown(const QString& key) const {
    const RopeType type = static_cast<RopeType>(type_->currentData().toInt());
    return commonKeys().contains(key) || keysOf(type).contains(key);
}

void RopeConfigEditor::emitEdited() {
    if (updating_) return;
    emit edited(params());
}

}  // namespace ropelab::ui
