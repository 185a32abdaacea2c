// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/parameter_text.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <iterator>

#include "encodings/gguf_fault.h"
#include "encodings/rope_fields.h"

namespace ropelab::ui {

namespace {

// The translation context of these texts (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::ParameterText)
};

QString text(std::string_view value) {
    return QString::fromUtf8(value.data(), static_cast<qsizetype>(value.size()));
}

QString number(double value) {
    return QString::number(value, 'g', 15);
}

// lupdate reads the texts from QT_TRANSLATE_NOOP, written out for it.
constexpr RopeFieldText kFieldTexts[] = {
    {RopeField::HeadDim, QT_TRANSLATE_NOOP("ropelab::RopeField", "Head dimension d"), ""},
    {RopeField::PartialRotaryFactor,
     QT_TRANSLATE_NOOP("ropelab::RopeField", "Rotated fraction (partial_rotary_factor)"), ""},
    {RopeField::RopeTheta, QT_TRANSLATE_NOOP("ropelab::RopeField", "Base (rope_theta)"), ""},
    {RopeField::Type, QT_TRANSLATE_NOOP("ropelab::RopeField", "Scaling type (rope_type)"), ""},
    {RopeField::Factor, QT_TRANSLATE_NOOP("ropelab::RopeField", "Scaling factor (factor)"), ""},
    {RopeField::MaxPositionEmbeddings,
     QT_TRANSLATE_NOOP("ropelab::RopeField", "Context (max_position_embeddings)"),
     QT_TRANSLATE_NOOP("ropelab::RopeField", "positions")},
    {RopeField::OriginalMaxPositionEmbeddings,
     QT_TRANSLATE_NOOP("ropelab::RopeField",
                       "Pre-training context (original_max_position_embeddings)"),
     QT_TRANSLATE_NOOP("ropelab::RopeField", "positions")},
    {RopeField::SeqLen,
     QT_TRANSLATE_NOOP("ropelab::RopeField", "Current sequence length (seq_len)"),
     QT_TRANSLATE_NOOP("ropelab::RopeField", "positions")},
    {RopeField::BetaFast, QT_TRANSLATE_NOOP("ropelab::RopeField", "YaRN beta_fast"),
     QT_TRANSLATE_NOOP("ropelab::RopeField", "rotations")},
    {RopeField::BetaSlow, QT_TRANSLATE_NOOP("ropelab::RopeField", "YaRN beta_slow"),
     QT_TRANSLATE_NOOP("ropelab::RopeField", "rotations")},
    {RopeField::Mscale, QT_TRANSLATE_NOOP("ropelab::RopeField", "YaRN mscale"), ""},
    {RopeField::MscaleAllDim, QT_TRANSLATE_NOOP("ropelab::RopeField", "YaRN mscale_all_dim"), ""},
    {RopeField::AttentionFactor,
     QT_TRANSLATE_NOOP("ropelab::RopeField", "Attention factor (attention_factor)"), ""},
    {RopeField::Truncate, QT_TRANSLATE_NOOP("ropelab::RopeField", "YaRN truncate"), ""},
    {RopeField::LowFreqFactor, QT_TRANSLATE_NOOP("ropelab::RopeField", "Llama 3 low_freq_factor"),
     ""},
    {RopeField::HighFreqFactor, QT_TRANSLATE_NOOP("ropelab::RopeField", "Llama 3 high_freq_factor"),
     ""},
    {RopeField::ShortFactor, QT_TRANSLATE_NOOP("ropelab::RopeField", "LongRoPE short_factor"), ""},
    {RopeField::LongFactor, QT_TRANSLATE_NOOP("ropelab::RopeField", "LongRoPE long_factor"), ""},
};

const RopeFieldText* fieldTextOf(std::string_view key) {
    const RopeFieldInfo* field = ropeFieldByKey(key);
    if (field == nullptr) return nullptr;
    const auto it =
        std::find_if(std::begin(kFieldTexts), std::end(kFieldTexts),
                     [field](const RopeFieldText& row) { return row.field == field->id; });
    return it == std::end(kFieldTexts) ? nullptr : &*it;
}

// A label or unit of the table, translated.
QString fieldText(const char* english) {
    return QCoreApplication::translate("ropelab::RopeField", english);
}

QString valueKindText(ValueKind kind) {
    switch (kind) {
        case ValueKind::Number:
            return Tr::tr("a number");
        case ValueKind::WholeNumber:
            return Tr::tr("a whole number");
        case ValueKind::NumberList:
            return Tr::tr("a list of numbers");
        case ValueKind::Text:
            return Tr::tr("text");
        case ValueKind::TrueFalse:
            return Tr::tr("true or false");
        case ValueKind::Object:
            return Tr::tr("an object");
        case ValueKind::Float:
            return Tr::tr("a floating-point number");
        case ValueKind::List:
            return Tr::tr("a list");
    }
    return {};
}

}  // namespace

QString parameterLabel(std::string_view p) {
    if (const RopeFieldText* field = fieldTextOf(p)) return fieldText(field->label);
    // The app's own shared values.
    if (p == "layout") return Tr::tr("Pair layout");
    if (p == "query_position") return Tr::tr("Query position m");
    if (p == "key_position") return Tr::tr("Key position n");
    if (p == "sequence_length") return Tr::tr("Sequence length N");
    if (p == "seed") return Tr::tr("Random seed");
    if (p == "backend") return Tr::tr("Compute backend");
    // The clinic's KV-cache figure.
    if (p == "prompt_length") return Tr::tr("Prompt length");
    if (p == "generate") return Tr::tr("Generated tokens");
    return text(p);
}

QString parameterUnit(std::string_view p) {
    const RopeFieldText* field = fieldTextOf(p);
    return field == nullptr || *field->unit == '\0' ? QString() : fieldText(field->unit);
}

std::span<const RopeFieldText> ropeFieldTexts() {
    return kFieldTexts;
}

QString parameterProblemText(const ParameterProblem& p, const ParameterNames& names) {
    const auto name = [&names](std::string_view id) {
        return names ? names(id) : parameterLabel(id);
    };
    const QString who = name(p.parameter);
    const QString value = number(p.value);
    const auto each = [&p](const QString& single, const QString& everyValue) {
        return p.eachValue ? everyValue : single;
    };
    switch (p.rule) {
        case Rule::Finite:
            return each(Tr::tr("%1 must be a finite number; got %2"),
                        Tr::tr("every value of %1 must be a finite number; got %2"))
                .arg(who, value);
        case Rule::Even:
            return Tr::tr("%1 must be even; got %2").arg(who, value);
        case Rule::GreaterThan:
            return each(Tr::tr("%1 must be greater than %2; got %3"),
                        Tr::tr("every value of %1 must be greater than %2; got %3"))
                .arg(who, number(p.lower), value);
        case Rule::AtLeast:
            if (!p.ropeType.empty()) {
                return Tr::tr("%1 must be at least %2 for rope_type %3; got %4")
                    .arg(who, number(p.lower), text(p.ropeType), value);
            }
            return Tr::tr("%1 must be at least %2; got %3").arg(who, number(p.lower), value);
        case Rule::AtMost:
            return Tr::tr("%1 must be at most %2; got %3").arg(who, number(p.upper), value);
        case Rule::Between:
            return each(Tr::tr("%1 must be between %2 and %3; got %4"),
                        Tr::tr("every value of %1 must be between %2 and %3; got %4"))
                .arg(who, number(p.lower), number(p.upper), value);
        case Rule::AboveAtMost:
            return Tr::tr("%1 must be greater than %2 and at most %3; got %4")
                .arg(who, number(p.lower), number(p.upper), value);
        case Rule::OneOf:
            return Tr::tr("%1 must be one of %2; got \"%3\"")
                .arg(who, text(p.allowed), text(p.valueText));
        case Rule::NotEmpty:
            return Tr::tr("%1 must not be empty").arg(who);
        case Rule::Count:
            return Tr::tr("%1 must have %2 values; got %3").arg(who, number(p.lower), value);
        case Rule::GreaterThanOther:
            return Tr::tr("%1 must be greater than %2 (%3); got %4")
                .arg(who, name(p.other), number(p.lower), value);
        case Rule::RequiredFor:
            if (!p.other.empty()) {
                return Tr::tr("%1 is needed for rope_type %2 when %3 (%4) exceeds %5")
                    .arg(who, text(p.ropeType), name(p.other), value, number(p.lower));
            }
            return Tr::tr("%1 is needed for rope_type %2").arg(who, text(p.ropeType));
        case Rule::RotaryDimEven:
            return Tr::tr(
                       "%1 gives a rotary dimension of int(%2 × %3) = %4; it must be an even "
                       "number of at least 2")
                .arg(who, number(p.lower), value, number(p.upper));
        case Rule::RotaryDimAtLeast:
            return Tr::tr("rope_type %1 needs a rotary dimension of at least %2; got %3")
                .arg(text(p.valueText), number(p.lower), value);
        case Rule::Unavailable:
            return Tr::tr("%1 %2 is unavailable: %3").arg(who, text(p.valueText), text(p.reason));
        case Rule::SumAtMost:
            return Tr::tr("%1 + %2 must be at most %3; got %4")
                .arg(who, name(p.other), number(p.upper), value);
        case Rule::FrequencyOutOfRange:
            return Tr::tr(
                       "these RoPE parameters give inv_freq %1 for pair %2; use a smaller %3 "
                       "or %4")
                .arg(value, number(p.lower), name(p.other), who);
        case Rule::NonZero:
            return Tr::tr("%1 must not be 0").arg(who);
        case Rule::MultipleOf:
            return Tr::tr("%1 must be a multiple of %2 (%3); got %4")
                .arg(who, name(p.other), number(p.lower), value);
        case Rule::Distinct:
            return Tr::tr("%1 must list each value once; %2 appears twice").arg(who, value);
        case Rule::EqualTo:
            return Tr::tr("%1 must be %2; got %3").arg(who, number(p.lower), value);
    }
    return QString::fromUtf8(describe(p, [](std::string_view id) { return std::string(id); }));
}

// What exactly is wrong in a GGUF file's structure; "" for no GGUF fault (then `detail` says).
QString ggufFaultText(const FileProblem& p) {
    const QString name = text(p.name);
    const QString found = text(p.found);
    const QString count = QString::number(p.count);
    const QString limit = QString::number(p.limit);
    switch (p.fault) {
        case GgufFault::None:
            break;
        case GgufFault::CutShort:
            return Tr::tr("at byte %1, %2 bytes are needed but only %3 remain")
                .arg(QString::number(p.offset), count, limit);
        case GgufFault::TooManyEntries:
            return Tr::tr("the header claims %1 metadata entries, more than the file can hold")
                .arg(count);
        case GgufFault::TooManyTensors:
            return Tr::tr("the header claims %1 tensors, more than the file can hold").arg(count);
        case GgufFault::TooManyStrings:
            return Tr::tr("%1 claims %2 strings, more than the file can hold").arg(name, count);
        case GgufFault::TooManyElements:
            return Tr::tr("%1 claims %2 elements, more than the file can hold").arg(name, count);
        case GgufFault::KeyTooLong:
            return Tr::tr("metadata entry %1 has a key longer than %2 bytes")
                .arg(QString::number(p.index), limit);
        case GgufFault::UnknownArrayType:
            return Tr::tr("%1 is a list of the unknown type %2").arg(name, count);
        case GgufFault::UnknownValueType:
            return Tr::tr("%1 has the unknown value type %2").arg(name, count);
        case GgufFault::DuplicateKey:
            return Tr::tr("the key %1 appears twice").arg(name);
        case GgufFault::TooManyDims:
            return Tr::tr("tensor %1 has %2 dimensions; ggml allows at most %3")
                .arg(QString::number(p.index), count, limit);
        case GgufFault::DuplicateTensor:
            return Tr::tr("the tensor %1 appears twice").arg(name);
        case GgufFault::BadAlignment:
            return Tr::tr("general.alignment must be a power of two stored as uint32; got %1")
                .arg(found);
        case GgufFault::MisalignedTensor:
            return Tr::tr("the tensor %1 starts at offset %2, not a multiple of the alignment %3")
                .arg(name, QString::number(p.offset), limit);
        case GgufFault::HugeTensor:
            return Tr::tr("the tensor %1 has more elements than a 64-bit count holds").arg(name);
        case GgufFault::WrongFactorCount:
            return Tr::tr("the tensor %1 has %2 values; llama.cpp expects one per rotated pair, %3")
                .arg(name, count, limit);
        case GgufFault::BadFactor:
            return Tr::tr("the tensor %1 holds %2; factors must be positive and finite")
                .arg(name, found);
        case GgufFault::TensorBeyondEnd:
            return Tr::tr("the tensor %1 lies beyond the end of the file").arg(name);
        case GgufFault::FactorType:
            return Tr::tr(
                       "the tensor %1 has ggml type %2; RoPE Lab reads RoPE factors only as F32 "
                       "(type 0)")
                .arg(name, count);
        case GgufFault::StringTooLong:
            return Tr::tr("the text of %1 is longer than %2 bytes").arg(name, limit);
        case GgufFault::ArrayOfArrays:
            return Tr::tr("%1 is a list of lists").arg(name);
        case GgufFault::TooManyRopeKeys:
            return Tr::tr("more than %1 RoPE-related keys").arg(limit);
        case GgufFault::BigEndian:
            return Tr::tr("a big-endian GGUF file; only little-endian files can be read");
    }
    return {};
}

QString fileProblemText(const FileProblem& p) {
    const QString key = text(p.key);
    const QString found = text(p.found);
    const QString fault = ggufFaultText(p);
    const QString detail = fault.isEmpty() ? text(p.detail) : fault;
    switch (p.issue) {
        case FileIssue::CannotOpen:
            return Tr::tr("cannot be opened (%1)").arg(detail);
        case FileIssue::ReadFailed:
            return detail.isEmpty() ? Tr::tr("cannot be read")
                                    : Tr::tr("cannot be read (%1)").arg(detail);
        case FileIssue::IsDirectory:
            return Tr::tr("is a folder, not a file");
        case FileIssue::NotJson:
            return Tr::tr("is not valid JSON (%1)").arg(detail);
        case FileIssue::NumberTooLarge:
            return Tr::tr("holds a number too large for a double (%1)").arg(detail);
        case FileIssue::WrongType: {
            const QString kind = valueKindText(p.expected);
            if (key.isEmpty()) return Tr::tr("must hold %1; it holds %2").arg(kind, found);
            return found.isEmpty() ? Tr::tr("%1 must be %2").arg(key, kind)
                                   : Tr::tr("%1 must be %2; got %3").arg(key, kind, found);
        }
        case FileIssue::NotFinite:
            return Tr::tr("%1 must be a finite number").arg(key);
        case FileIssue::Missing:
            return detail.isEmpty() ? Tr::tr("has no %1").arg(key)
                                    : Tr::tr("needs %1, or %2").arg(key, detail);
        case FileIssue::NotGguf:
            return Tr::tr("is not a GGUF file (it starts with the bytes %1, not \"GGUF\")")
                .arg(found);
        case FileIssue::UnsupportedVersion:
            return Tr::tr("is GGUF version %1; RoPE Lab reads versions 2 and 3").arg(found);
        case FileIssue::Truncated:
            return Tr::tr("is cut short (%1)").arg(detail);
        case FileIssue::Damaged:
            return Tr::tr("is damaged (%1)").arg(detail);
        case FileIssue::Unsupported:
            return Tr::tr("holds something RoPE Lab cannot read (%1)").arg(detail);
        case FileIssue::NoRope:
            return Tr::tr("describes the architecture \"%1\", which uses no RoPE in llama.cpp")
                .arg(found);
        case FileIssue::NoEquivalent:
            return Tr::tr("describes RoPE that RoPE Lab cannot use (%1)").arg(detail);
        case FileIssue::Empty:
            return Tr::tr("is empty");
        case FileIssue::NotUtf8:
            return Tr::tr("is not UTF-8 text (byte %1 cannot start a character)")
                .arg(QString::number(p.offset));
        case FileIssue::TooShort: {
            const QString count = QString::number(p.count);
            const QString limit = QString::number(p.limit);
            if (p.key == "train") {
                return Tr::tr(
                           "has %1 characters for training (its first 90%); one training "
                           "sequence needs %2")
                    .arg(count, limit);
            }
            if (p.key == "held_out") {
                return Tr::tr(
                           "has %1 characters held out for testing (its last 10%); the test "
                           "length needs %2")
                    .arg(count, limit);
            }
            return Tr::tr("has %1 characters; at least %2 are needed").arg(count, limit);
        }
        case FileIssue::TooManySymbols:
            return Tr::tr("has %1 different characters; at most %2 are allowed")
                .arg(QString::number(p.count), QString::number(p.limit));
        case FileIssue::UnknownSymbol:
            return Tr::tr("holds the character \"%1\", which the model's vocabulary lacks")
                .arg(found);
        case FileIssue::Duplicate:
            return Tr::tr("%1 \"%2\" is used twice").arg(key, found);
        case FileIssue::WrongFormat:
            return Tr::tr("%1 is \"%2\"; RoPE Lab reads \"%3\"").arg(key, found, detail);
        case FileIssue::WrongShape:
            return Tr::tr("the tensor %1 is %2, not %3").arg(text(p.name), found, detail);
        case FileIssue::WrongTensorCount:
            return Tr::tr("has %1 tensors; the model needs %2")
                .arg(QString::number(p.count), QString::number(p.limit));
    }
    return QString::fromStdString(describe(p));
}

namespace {

QString demandText(const ResourceProblem& p) {
    const QString n = QString::number(p.count, 'f', 0);
    const QString m = QString::number(p.count2, 'f', 0);
    switch (p.what) {
        case Demand::ScoreCurve:
            return Tr::tr("a score curve over %1 distances").arg(n);
        case Demand::ScoreCurves:
            return Tr::tr("%1 score curves over %2 distances").arg(n, m);
        case Demand::MeanScore:
            return Tr::tr("a mean |score| over %1 distances").arg(n);
        case Demand::QueryKeyRows:
            return Tr::tr("the queries and keys of %1 positions").arg(n);
        case Demand::Heatmap:
            return Tr::tr("a heat map of %1 positions").arg(n);
        case Demand::Trajectory:
            return Tr::tr("a trajectory over %1 positions").arg(n);
        case Demand::Pca:
            return Tr::tr("PCA over %1 positions").arg(n);
        case Demand::Helix:
            return Tr::tr("a helix over %1 positions").arg(n);
        case Demand::HelixCurve:
            return Tr::tr("a helix of %1 points").arg(n);
        case Demand::LearnedTable:
            return Tr::tr("a learned position table of %1 × %2").arg(n, m);
        case Demand::SeedMatrix:
            return Tr::tr("the seed code's %1 × %1 matrix").arg(n);
        case Demand::RotationMatrix:
            return Tr::tr("the %1 × %1 RoPE rotation matrix").arg(n);
        case Demand::RandomDirections:
            return Tr::tr("%1 random directions in %2 dimensions").arg(n, m);
        case Demand::Invariance:
            return Tr::tr("invariance over %1 positions").arg(n);
        case Demand::PhaseErrors:
            return Tr::tr("phase errors for %1 positions × %2 pairs").arg(n, m);
        case Demand::OutputTable:
            return Tr::tr("an output table of %1 numbers").arg(n);
        case Demand::SinusoidalTable:
            return Tr::tr("a sinusoidal table of %1 × %2").arg(n, m);
        case Demand::T5BiasMatrix:
            return Tr::tr("a %1 × %1 T5 bias matrix").arg(n);
        case Demand::AlibiMatrix:
            return Tr::tr("a %1 × %1 ALiBi bias matrix").arg(n);
        case Demand::KvCacheScoring:
            return Tr::tr("scoring every cached key at every step");
        case Demand::Training:
            return Tr::tr("training this model");
        case Demand::Evaluation:
            return Tr::tr("evaluating a length of %1").arg(n);
        case Demand::TrainingDiverged:
        case Demand::TrainingEngine:
            break;
    }
    return QString::fromStdString(describe(p));
}

// A size past its budget: "a heat map of 100000 positions would need 80 GiB of memory, …".
QString sizedProblemText(const ResourceProblem& p) {
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    constexpr double kMiB = 1024.0 * 1024.0;
    const QString what = demandText(p);
    switch (p.budget) {
        case Budget::Memory:
            return Tr::tr(
                       "%1 would need %2 GiB of memory, more than the %3 GiB allowed (half of "
                       "this computer's memory)")
                .arg(what, QString::number(p.needed / kGiB, 'g', 3),
                     QString::number(p.limit / kGiB, 'g', 3));
        case Budget::TrainingMemory:
            return Tr::tr(
                       "%1 would need about %2 MiB, more than the %3 MiB allowed; use a smaller "
                       "model, batch or length")
                .arg(what, QString::number(p.needed / kMiB, 'f', 0),
                     QString::number(p.limit / kMiB, 'f', 0));
        case Budget::Numbers:
            return Tr::tr("%1 would need %2 MB; at most %3 MB (%4 numbers) is allowed")
                .arg(what, QString::number(p.needed * 8 / 1e6, 'f', 0),
                     QString::number(p.limit * 8 / 1e6, 'f', 0), QString::number(p.limit, 'g', 6));
        case Budget::PairTerms:
            return Tr::tr("%1 would take %2 pair terms; at most %3 are allowed")
                .arg(what, QString::number(p.needed, 'g', 6), QString::number(p.limit, 'g', 6));
        case Budget::Length:
            return Tr::tr(
                       "%1 compares every pair of positions: at most %2 positions are allowed; "
                       "got %3")
                .arg(what, QString::number(p.limit, 'f', 0), QString::number(p.needed, 'f', 0));
        case Budget::None:
            break;
    }
    return QString::fromStdString(describe(p));
}

}  // namespace

QString resourceProblemText(const ResourceProblem& p) {
    if (p.what == Demand::TrainingDiverged) {
        return Tr::tr(
                   "the training loss became NaN at step %1; the model is lost (try a learning "
                   "rate below %2)")
            .arg(QString::number(p.count, 'f', 0), QString::number(p.rate, 'g', 6));
    }
    if (p.what == Demand::TrainingEngine) {
        return Tr::tr(
                   "the training engine %1 cannot be loaded (%2); it needs Debian's libtorch1.13")
            .arg(text(p.path), text(p.detail));
    }
    QString sized = sizedProblemText(p);
    // What to ask less of, by the controls' labels.
    if (!p.fewer.empty()) {
        QString controls = parameterLabel(p.fewer.front());
        for (std::size_t i = 1; i < p.fewer.size(); ++i) {
            controls = Tr::tr("%1 or %2").arg(controls, parameterLabel(p.fewer[i]));
        }
        sized = Tr::tr("%1; lower %2").arg(sized, controls);
    }
    return sized;
}

QString deviceProblemText(const DeviceProblem& p) {
    const QString api =
        p.backend == BackendKind::Cuda ? QStringLiteral("CUDA") : QStringLiteral("OpenCL");
    const QString device = text(p.device);
    const QString detail = text(p.detail);
    const auto said = [&detail](const QString& bare, const QString& withDetail) {
        return detail.isEmpty() ? bare : withDetail.arg(detail);
    };
    switch (p.issue) {
        case DeviceIssue::NotBuilt:
            if (p.switchedOff) {
                return Tr::tr("built without %1 (switched off with %2=OFF)")
                    .arg(api, p.backend == BackendKind::Cuda
                                  ? QStringLiteral("ROPELAB_WITH_CUDA")
                                  : QStringLiteral("ROPELAB_WITH_OPENCL"));
            }
            return p.backend == BackendKind::Cuda
                       ? Tr::tr("built without CUDA (CMake found no nvcc)")
                       : Tr::tr("built without OpenCL (CMake found no OpenCL loader or headers)");
        case DeviceIssue::NoDevice:
            return said(Tr::tr("no CUDA device"), Tr::tr("no CUDA device (%1)"));
        case DeviceIssue::DeviceUnreadable:
            return Tr::tr("CUDA device 0 cannot be read (%1)").arg(detail);
        case DeviceIssue::NoKernelImage:
            return Tr::tr(
                       "%1 cannot run this build's kernels (%2); rebuild with "
                       "CMAKE_CUDA_ARCHITECTURES=%3")
                .arg(device, detail, text(p.architecture));
        case DeviceIssue::NoPlatform:
            return said(Tr::tr("no OpenCL platform"), Tr::tr("no OpenCL platform (%1)"));
        case DeviceIssue::NoOpenClDevice:
            return Tr::tr("an OpenCL platform but no OpenCL device");
        case DeviceIssue::NoUsableDevice: {
            const QString limit = QString::number(p.limit, 'f', 0);
            QString why;
            switch (p.unsuitable) {
                case Unsuitable::NotAvailable:
                    why = Tr::tr("the device is not available");
                    break;
                case Unsuitable::EmbeddedProfile:
                    why = Tr::tr("embedded profile (no 64-bit integers)");
                    break;
                case Unsuitable::SmallWorkGroups:
                    why = Tr::tr("work groups smaller than %1").arg(limit);
                    break;
                case Unsuitable::SmallLocalMemory:
                    why = Tr::tr("less than %1 bytes of local memory").arg(limit);
                    break;
            }
            return Tr::tr("no usable OpenCL device (%1: %2)").arg(device, why);
        }
        case DeviceIssue::QueryFailed:
            return Tr::tr("%1 query failed: %2").arg(api, detail);
        case DeviceIssue::BuildFailed:
            return Tr::tr("the OpenCL program did not build on %1: %2").arg(device, detail);
        case DeviceIssue::CallFailed:
            switch (p.step) {
                case DeviceStep::Setup:
                    return Tr::tr("%1 could not set up %2: %3").arg(api, device, detail);
                case DeviceStep::Allocate:
                    return Tr::tr("%1 could not allocate %2 bytes on %3: %4")
                        .arg(api, QString::number(p.bytes, 'f', 0), device, detail);
                case DeviceStep::Upload:
                    return Tr::tr("%1 could not upload to %2: %3").arg(api, device, detail);
                case DeviceStep::Download:
                    return Tr::tr("%1 could not download from %2: %3").arg(api, device, detail);
                case DeviceStep::Launch:
                    return Tr::tr("%1 could not launch %2 on %3: %4")
                        .arg(api, text(p.kernel), device, detail);
                case DeviceStep::Finish:
                    return Tr::tr("%1 kernels failed on %2: %3").arg(api, device, detail);
            }
            break;
        case DeviceIssue::BufferTooLarge: {
            const QString use = p.buffer == BufferUse::RopeRows  ? Tr::tr("applying RoPE")
                                : p.buffer == BufferUse::Heatmap ? Tr::tr("a heat map")
                                                                 : Tr::tr("a pooled grid");
            return Tr::tr("%1 needs a %2 MiB device buffer, more than the %3 MiB allowed")
                .arg(use, QString::number(std::floor(p.bytes / (1 << 20)), 'f', 0),
                     QString::number(std::floor(p.limit / (1 << 20)), 'f', 0));
        }
    }
    return QString::fromStdString(describe(p));
}

QString backendFallbackText(const BackendFallback& fallback) {
    const auto api = [](const DeviceProblem& p) {
        return p.backend == BackendKind::Cuda ? QStringLiteral("CUDA") : QStringLiteral("OpenCL");
    };
    switch (fallback.reason) {
        case FallbackReason::AddressSpace:
            return Tr::tr(
                       "The address space is limited to %1 MiB, too little for a GPU driver, so "
                       "the CPU computed it.")
                .arg(fallback.addressSpace >> 20);
        case FallbackReason::DeviceUnavailable:
            return Tr::tr("The %1 backend could not be used (%2), so the CPU computed it instead.")
                .arg(api(fallback.problem.value()), deviceProblemText(*fallback.problem));
        case FallbackReason::DeviceFailed:
            return Tr::tr("The %1 backend failed (%2), so the CPU computed it instead.")
                .arg(api(fallback.problem.value()), deviceProblemText(*fallback.problem));
    }
    return {};
}

bool isTooLarge(const std::exception& error) {
    const auto* resource = dynamic_cast<const ResourceError*>(&error);
    return resource != nullptr &&
           (!resource->problem() || resource->problem()->budget != Budget::None);
}

QString errorText(const std::exception& error) {
    if (const auto* backend = dynamic_cast<const BackendUnavailable*>(&error)) {
        ParameterProblem problem = backend->problem();
        problem.reason = deviceProblemText(backend->device()).toStdString();
        return parameterProblemText(problem);
    }
    if (const auto* resource = dynamic_cast<const ResourceError*>(&error)) {
        if (resource->problem()) return resourceProblemText(*resource->problem());
    }
    if (const auto* device = dynamic_cast<const DeviceError*>(&error)) {
        return deviceProblemText(device->problem());
    }
    if (const auto* parameter = dynamic_cast<const ParameterError*>(&error)) {
        return parameterProblemText(parameter->problem());
    }
    if (const auto* file = dynamic_cast<const FileError*>(&error)) {
        const auto key = [file](std::string_view id) {
            return QString::fromStdString(file->keyOf(id));
        };
        const auto& parameter = file->parameterProblem();
        const auto& structure = file->fileProblem();
        QString problem = QString::fromStdString(file->problemText());
        if (parameter) problem = parameterProblemText(*parameter, key);
        if (structure) problem = fileProblemText(*structure);
        return Tr::tr("%1: %2").arg(QString::fromStdString(file->source()), problem);
    }
    return QString::fromUtf8(error.what());
}

}  // namespace ropelab::ui
