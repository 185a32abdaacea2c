// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 11, the confusion clinic: what practitioners get wrong about RoPE, computed. One model
// in each tool's words (conventions), the two pair layouts as one rotation (the Meta-to-HF
// weight permutation), keys cached with the RoPE of their time (dynamic NTK), and positions
// rounded to bfloat16 / float16.

#include "analysis/kv_cache_drift.h"
#include "analysis/phase_precision.h"
#include "encodings/conventions.h"
#include "encodings/layout_permutation.h"
#include "lessons/lesson_page.h"
#include "widgets/text_table.h"

class QComboBox;

namespace ropelab::ui {

class ClinicLesson : public LessonPage {
    Q_OBJECT
public:
    explicit ClinicLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("clinic"); }
    QString title() const override { return tr("The confusion clinic"); }
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Base | SharedParameter::Layout;
    }

    // The dynamic-NTK example of the KV-cache plot: max_position_embeddings, the prompt and the
    // generated tokens, the scaling factor.
    static constexpr int kMaxPosition = 256;
    static constexpr int kPrompt = 192;
    static constexpr int kGenerate = 192;
    static constexpr double kDynamicFactor = 2.0;
    static constexpr int kLayoutDistances = 200;         // Δ = 0 … 199
    static constexpr int kLowPrecisionPositions = 4097;  // 0 … 4096

    // The scalings the conventions table shows on top of the shared head dim and base.
    enum class Example { Default, Linear, Dynamic, Yarn, Llama3 };
    void setExample(Example example);

    // What the views show, for tests.
    const Conventions& conventions() const { return conventions_; }
    const LayoutScores& layoutScores() const { return layoutScores_; }
    const KvCacheDrift& dynamicDrift() const { return dynamicDrift_; }
    const KvCacheDrift& defaultDrift() const { return defaultDrift_; }
    const PhaseErrors& lowPrecision() const { return lowPrecision_; }
    QTableWidget* conventionsTable() const { return table_; }

private:
    void refresh();
    void updateReadout();
    void fillTable();
    RopeParams exampleParams() const;
    QString limitationText(const ToolWords& tool, const ToolLimit& limit) const;

    TextTable* table_ = nullptr;
    QComboBox* exampleBox_;
    Example example_ = Example::Llama3;
    Conventions conventions_;
    LayoutScores layoutScores_;
    KvCacheDrift dynamicDrift_;
    KvCacheDrift defaultDrift_;
    PhaseErrors lowPrecision_;
};

}  // namespace ropelab::ui
