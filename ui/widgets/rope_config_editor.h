// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Edits every RoPE parameter HuggingFace knows, labelled with its config.json key: rope_type and
// only the keys that type reads (linear, dynamic, yarn with beta_fast/beta_slow/mscale/
// mscale_all_dim/truncate/attention_factor, longrope, llama3 low/high freq factors). Optional keys
// have a check box: unchecked means "not in the config" (the method's default applies).

#include <QWidget>

#include <optional>

#include "encodings/rope_params.h"

class QAbstractSpinBox;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace ropelab::ui {

class RopeConfigEditor : public QWidget {
    Q_OBJECT
public:
    explicit RopeConfigEditor(QWidget* parent = nullptr);

    // The parameters as edited (not validated: core validates and reports).
    RopeParams params() const;
    // Shows params without emitting edited(); keys the widgets cannot show (factor lists) are
    // kept and handed back by params().
    void setParams(const RopeParams& params);
    void retranslate();

    QComboBox* typeBox() const { return type_; }
    QDoubleSpinBox* factorBox() const { return factor_; }
    QDoubleSpinBox* thetaBox() const { return theta_; }
    // True when the row of this config.json key is shown for the current rope_type.
    bool isKeyShown(const QString& key) const;

signals:
    void edited(const ropelab::RopeParams& params);

private:
    struct OptionalDouble {
        QCheckBox* set;
        QDoubleSpinBox* value;
    };
    struct OptionalInt {
        QCheckBox* set;
        QSpinBox* value;
    };

    QDoubleSpinBox* addDouble(const QString& key, double min, int decimals, double step);
    QSpinBox* addInt(const QString& key, int min, int step);
    OptionalDouble addOptionalDouble(const QString& key, double min, int decimals, double step);
    OptionalInt addOptionalInt(const QString& key, int min);
    // A checkbox ("set") beside its spin box, which is enabled only while the box is ticked.
    void addOptionalRow(const QString& key, QCheckBox* set, QAbstractSpinBox* value);
    void addRow(const QString& key, QWidget* field);
    void updateRows();
    void showRowsOf(RopeType type);
    void emitEdited();

    QFormLayout* form_;
    QComboBox* type_;
    QSpinBox* headDim_;
    QDoubleSpinBox* partial_;
    QDoubleSpinBox* theta_;
    QSpinBox* maxPositions_;
    OptionalInt originalMax_;
    OptionalDouble factorOpt_;
    QDoubleSpinBox* factor_;
    OptionalInt seqLen_;
    QDoubleSpinBox* betaFast_;
    QDoubleSpinBox* betaSlow_;
    OptionalDouble mscale_;
    OptionalDouble mscaleAllDim_;
    OptionalDouble attentionFactor_;
    QCheckBox* truncate_;
    QDoubleSpinBox* lowFreq_;
    QDoubleSpinBox* highFreq_;
    QLabel* factorLists_;
    RopeParams lists_;  // short/long factor lists, carried through unchanged
    bool updating_ = false;
    std::optional<RopeType> rowsShownFor_;  // the rope_type whose rows the form shows
};

}  // namespace ropelab::ui
