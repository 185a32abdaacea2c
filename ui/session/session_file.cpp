// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/session_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>

#include <cmath>
#include <limits>
#include <type_traits>

#include "common/build_info.h"
#include "common/errors.h"
#include "lessons/lesson.h"
#include "model/app_limits.h"
#include "model/parameter_model.h"

namespace ropelab::ui {

namespace {

constexpr auto kFormatName = "ropelab-session";

// The translation context of this file's messages (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::SessionFile)
};

// Whether a whole number converts to T: a cast outside T's range is undefined behaviour.
template <class T>
bool fitsIn(double value) {
    if constexpr (std::is_integral_v<T>) {
        return value >= static_cast<double>(std::numeric_limits<T>::min()) &&
               value <= static_cast<double>(std::numeric_limits<T>::max());
    }
    return true;
}

// Reads one JSON object field by field, noting what was missing or unknown; the first value of
// the wrong type becomes the error and stops the load.
class ObjectReader {
public:
    ObjectReader(const QJsonObject& object, QString path, SessionReport& report, QString& error)
        : object_(object), path_(std::move(path)), report_(report), error_(error) {}

    // A number within the app's limit for `key` (model/app_limits.h), or else within T.
    template <class T>
    void number(const char* key, T& out) {
        const QJsonValue value = take(key, true);
        if (value.isUndefined() || failed()) return;
        numberFrom(key, value, out);
    }

    // Absent or null means "not set" (the file omits unset optionals), so it is not reported.
    template <class T>
    void optionalNumber(const char* key, std::optional<T>& out) {
        const QJsonValue value = take(key, false);
        if (failed()) return;
        if (value.isUndefined() || value.isNull()) {
            out.reset();
            return;
        }
        T number{};
        numberFrom(key, value, number);
        if (!failed()) out = number;
    }

    void boolean(const char* key, bool& out) {
        const QJsonValue value = take(key, true);
        if (value.isUndefined() || failed()) return;
        if (!value.isBool()) {
            fail(key, Tr::tr("true or false"));
            return;
        }
        out = value.toBool();
    }

    void numberList(const char* key, std::vector<double>& out) {
        const QJsonValue value = take(key, false);
        if (failed()) return;
        if (value.isUndefined() || value.isNull()) {
            out.clear();
            return;
        }
        if (!value.isArray()) {
            fail(key, Tr::tr("a list of numbers"));
            return;
        }
        std::vector<double> numbers;
        for (const QJsonValue& item : value.toArray()) {
            if (!item.isDouble()) {
                fail(key, Tr::tr("a list of numbers"));
                return;
            }
            numbers.push_back(item.toDouble());
        }
        out = std::move(numbers);
    }

    // A name parsed by `parse`, which throws InputError for names it does not know.
    template <class T, class Parse>
    void name(const char* key, T& out, Parse parse) {
        const QJsonValue value = take(key, true);
        if (value.isUndefined() || failed()) return;
        if (!value.isString()) {
            fail(key, Tr::tr("a name"));
            return;
        }
        try {
            out = parse(value.toString().toStdString());
        } catch (const InputError& e) {
            error_ =
                Tr::tr("%1 is not usable: %2").arg(qualified(key), QString::fromUtf8(e.what()));
        }
    }

    QJsonValue text(const char* key) {
        const QJsonValue value = take(key, true);
        if (!value.isUndefined() && !value.isString() && !failed()) fail(key, Tr::tr("text"));
        return value;
    }

    QJsonValue object(const char* key) {
        const QJsonValue value = take(key, true);
        if (!value.isUndefined() && !value.isObject() && !failed()) fail(key, Tr::tr("an object"));
        return value;
    }

    // Everything not read is unknown to this version.
    void finish() {
        for (auto it = object_.constBegin(); it != object_.constEnd(); ++it) {
            if (!seen_.contains(it.key())) {
                report_.ignored.append(
                    Tr::tr("%1 (unknown to this version)").arg(qualified(it.key())));
            }
        }
    }

    bool failed() const { return !error_.isEmpty(); }

private:
    QJsonValue take(const char* key, bool reportMissing) {
        const QString name = QString::fromLatin1(key);
        seen_.insert(name);
        const QJsonValue value = object_.value(name);
        if (value.isUndefined() && reportMissing) {
            report_.missing.append(qualified(name));
        }
        return value;
    }

    template <class T>
    void numberFrom(const char* key, const QJsonValue& value, T& out) {
        const double number = value.toDouble();
        if (!value.isDouble() || !std::isfinite(number) ||
            (std::is_integral_v<T> && number != std::floor(number))) {
            fail(key, std::is_integral_v<T> ? Tr::tr("a whole number") : Tr::tr("a number"));
            return;
        }
        const QString field = qualified(QString::fromLatin1(key));
        if (const AppLimit* limit = appLimit(key)) {
            if (!limit->contains(number)) {
                error_ = appLimitMessage(*limit, field, number);
                return;
            }
        } else if (!fitsIn<T>(number)) {
            error_ = Tr::tr("%1 must be between %2 and %3; got %4")
                         .arg(field, QString::number(std::numeric_limits<T>::min()),
                              QString::number(std::numeric_limits<T>::max()),
                              QString::number(number, 'g', 15));
            return;
        }
        out = static_cast<T>(number);
    }

    void fail(const char* key, const QString& expected) {
        error_ = Tr::tr("%1 must be %2.").arg(qualified(QString::fromLatin1(key)), expected);
    }

    QString qualified(const QString& key) const {
        return path_.isEmpty() ? key : path_ + QLatin1Char('.') + key;
    }

    const QJsonObject& object_;
    QString path_;
    SessionReport& report_;
    QString& error_;
    QSet<QString> seen_;
};

QJsonArray toArray(const std::vector<double>& values) {
    QJsonArray array;
    for (double v : values) array.append(v);
    return array;
}

QJsonObject parametersToJson(const ParameterSnapshot& p) {
    const RopeParams& r = p.rope;
    QJsonObject json{
        {QStringLiteral("head_dim"), r.headDim},
        {QStringLiteral("partial_rotary_factor"), r.partialRotaryFactor},
        {QStringLiteral("rope_theta"), r.ropeTheta},
        {QStringLiteral("rope_type"),
         QString::fromUtf8(toString(r.ropeType).data(),
                           static_cast<qsizetype>(toString(r.ropeType).size()))},
        {QStringLiteral("max_position_embeddings"), r.maxPositionEmbeddings},
        {QStringLiteral("beta_fast"), r.betaFast},
        {QStringLiteral("beta_slow"), r.betaSlow},
        {QStringLiteral("truncate"), r.truncate},
        {QStringLiteral("low_freq_factor"), r.lowFreqFactor},
        {QStringLiteral("high_freq_factor"), r.highFreqFactor},
        {QStringLiteral("layout"),
         QString::fromUtf8(toString(p.layout).data(),
                           static_cast<qsizetype>(toString(p.layout).size()))},
        {QStringLiteral("query_position"), p.queryPosition},
        {QStringLiteral("key_position"), p.keyPosition},
        {QStringLiteral("sequence_length"), p.sequenceLength},
        {QStringLiteral("seed"), static_cast<double>(p.seed)},
    };
    if (r.factor) json.insert(QStringLiteral("factor"), *r.factor);
    if (r.originalMaxPositionEmbeddings) {
        json.insert(QStringLiteral("original_max_position_embeddings"),
                    *r.originalMaxPositionEmbeddings);
    }
    if (r.seqLen) json.insert(QStringLiteral("seq_len"), *r.seqLen);
    if (r.mscale) json.insert(QStringLiteral("mscale"), *r.mscale);
    if (r.mscaleAllDim) json.insert(QStringLiteral("mscale_all_dim"), *r.mscaleAllDim);
    if (r.attentionFactor) json.insert(QStringLiteral("attention_factor"), *r.attentionFactor);
    if (!r.shortFactor.empty()) json.insert(QStringLiteral("short_factor"), toArray(r.shortFactor));
    if (!r.longFactor.empty()) json.insert(QStringLiteral("long_factor"), toArray(r.longFactor));
    return json;
}

void readParameters(const QJsonObject& json, ParameterSnapshot& p, SessionReport& report,
                    QString& error) {
    ObjectReader in(json, QStringLiteral("parameters"), report, error);
    RopeParams& r = p.rope;
    in.number("head_dim", r.headDim);
    in.number("partial_rotary_factor", r.partialRotaryFactor);
    in.number("rope_theta", r.ropeTheta);
    in.name("rope_type", r.ropeType, [](const std::string& s) { return parseRopeType(s); });
    in.optionalNumber("factor", r.factor);
    in.number("max_position_embeddings", r.maxPositionEmbeddings);
    in.optionalNumber("original_max_position_embeddings", r.originalMaxPositionEmbeddings);
    in.optionalNumber("seq_len", r.seqLen);
    in.number("beta_fast", r.betaFast);
    in.number("beta_slow", r.betaSlow);
    in.optionalNumber("mscale", r.mscale);
    in.optionalNumber("mscale_all_dim", r.mscaleAllDim);
    in.optionalNumber("attention_factor", r.attentionFactor);
    in.boolean("truncate", r.truncate);
    in.number("low_freq_factor", r.lowFreqFactor);
    in.number("high_freq_factor", r.highFreqFactor);
    in.numberList("short_factor", r.shortFactor);
    in.numberList("long_factor", r.longFactor);
    in.name("layout", p.layout, [](const std::string& s) { return parseRopeLayout(s); });
    in.number("query_position", p.queryPosition);
    in.number("key_position", p.keyPosition);
    in.number("sequence_length", p.sequenceLength);
    in.number("seed", p.seed);
    if (!in.failed()) in.finish();
}

}  // namespace

bool SessionReport::hasNotes() const {
    return fileVersion != kSessionFormatVersion || !ignored.isEmpty() || !missing.isEmpty();
}

QString SessionReport::summary() const {
    QStringList lines;
    const QString by = savedBy.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(savedBy);
    if (fileVersion > kSessionFormatVersion) {
        lines << Tr::tr(
                     "This session was saved by a newer RoPE Lab%1 in format %2; this version "
                     "reads format %3 and loaded what it understands.")
                     .arg(by)
                     .arg(fileVersion)
                     .arg(kSessionFormatVersion);
    } else if (fileVersion < kSessionFormatVersion) {
        lines << Tr::tr("This session was saved by an older RoPE Lab%1 in format %2.")
                     .arg(by)
                     .arg(fileVersion);
    }
    if (!ignored.isEmpty()) {
        lines << Tr::tr("Ignored: %1.").arg(ignored.join(QStringLiteral("; ")));
    }
    if (!missing.isEmpty()) {
        // Said in words, not as the file's keys ("parameters", "lessons").
        QStringList named;
        for (const QString& key : missing) {
            if (key == QLatin1String("lesson")) {
                named << Tr::tr("which lesson is open");
            } else if (key == QLatin1String("parameters")) {
                named << Tr::tr("all shared parameters");
            } else if (key == QLatin1String("lessons")) {
                named << Tr::tr("every lesson's own settings");
            } else if (key.startsWith(QLatin1String("parameters."))) {
                named << Tr::tr("the parameter %1").arg(key.mid(11));
            } else {
                named << key;
            }
        }
        lines << Tr::tr("Not in the file, so the current values were kept: %1.")
                     .arg(named.join(QStringLiteral("; ")));
    }
    if (lines.isEmpty()) return Tr::tr("Everything in the session was loaded.");
    lines << Tr::tr("Everything else was loaded.");
    return lines.join(QLatin1Char('\n'));
}

QByteArray sessionToJson(const SessionState& state) {
    QJsonObject lessons;
    for (auto it = state.lessonStates.constBegin(); it != state.lessonStates.constEnd(); ++it) {
        lessons.insert(it.key(), it.value());
    }
    const QJsonObject root{
        {QStringLiteral("format"), QString::fromLatin1(kFormatName)},
        {QStringLiteral("version"), kSessionFormatVersion},
        {QStringLiteral("savedBy"), QString::fromStdString(versionLine())},
        {QStringLiteral("lesson"), state.lessonId},
        {QStringLiteral("parameters"), parametersToJson(state.parameters)},
        {QStringLiteral("lessons"), lessons},
    };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

SessionLoad sessionFromJson(const QByteArray& json, const SessionState& current,
                            const QStringList& knownLessons) {
    SessionLoad load;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        load.error = Tr::tr("The file is not valid JSON (%1 at byte %2); it may be damaged.")
                         .arg(parseError.errorString())
                         .arg(parseError.offset);
        return load;
    }
    if (!document.isObject() || document.object().value(QStringLiteral("format")).toString() !=
                                    QLatin1String(kFormatName)) {
        load.error = Tr::tr("The file is not a RoPE Lab session (it lacks \"format\": \"%1\").")
                         .arg(QLatin1String(kFormatName));
        return load;
    }
    const QJsonObject root = document.object();
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() < 1 ||
        version.toDouble() != std::floor(version.toDouble())) {
        load.error = Tr::tr("The session's \"version\" must be a whole number from 1 up.");
        return load;
    }

    SessionReport& report = load.report;
    report.fileVersion = version.toInt();
    report.savedBy = root.value(QStringLiteral("savedBy")).toString();
    SessionState state = current;
    QString error;
    ObjectReader in(root, QString(), report, error);
    in.text("format");
    in.number("version", report.fileVersion);
    in.text("savedBy");
    const QJsonValue lesson = in.text("lesson");
    const QJsonValue parameters = in.object("parameters");
    const QJsonValue lessons = in.object("lessons");
    if (!in.failed()) in.finish();
    // savedBy is informational: a file without it is still complete.
    report.missing.removeAll(QStringLiteral("savedBy"));

    if (!in.failed() && lesson.isString()) {
        if (knownLessons.contains(lesson.toString())) {
            state.lessonId = lesson.toString();
        } else {
            report.ignored.append(
                Tr::tr("lesson \"%1\" (no such lesson in this version)").arg(lesson.toString()));
        }
    }
    if (!in.failed() && parameters.isObject()) {
        readParameters(parameters.toObject(), state.parameters, report, error);
    }
    if (!error.isEmpty()) {
        load.error = Tr::tr("The session cannot be used: %1").arg(error);
        return load;
    }
    if (lessons.isObject()) {
        const QJsonObject byId = lessons.toObject();
        for (auto it = byId.constBegin(); it != byId.constEnd(); ++it) {
            if (!knownLessons.contains(it.key())) {
                report.ignored.append(
                    Tr::tr("lessons.%1 (no such lesson in this version)").arg(it.key()));
            } else if (!it.value().isObject()) {
                load.error = Tr::tr("The session cannot be used: lessons.%1 must be an object.")
                                 .arg(it.key());
                return load;
            } else {
                state.lessonStates.insert(it.key(), it.value().toObject());
            }
        }
    }
    if (const QString problem = state.parameters.problem(); !problem.isEmpty()) {
        load.error = Tr::tr("The session's parameters are not valid: %1").arg(problem);
        return load;
    }
    load.state = std::move(state);
    return load;
}

QJsonObject sessionParametersToJson(const ParameterSnapshot& parameters) {
    return parametersToJson(parameters);
}

QString readSessionParameters(const QJsonObject& json, ParameterSnapshot& parameters) {
    ParameterSnapshot read = parameters;
    SessionReport report;
    QString error;
    readParameters(json, read, report, error);
    if (!error.isEmpty()) return error;
    if (!report.ignored.isEmpty()) return report.ignored.first();
    if (QString problem = read.problem(); !problem.isEmpty()) return problem;
    parameters = read;
    return {};
}

SessionLoad loadSessionFile(const QString& path, const SessionState& current,
                            const QStringList& knownLessons) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        SessionLoad load;
        load.error = Tr::tr("Could not open %1: %2.").arg(path, file.errorString());
        return load;
    }
    return sessionFromJson(file.readAll(), current, knownLessons);
}

WriteResult saveSessionFile(const QString& path, const SessionState& state) {
    return writeFileAtomically(path, sessionToJson(state));
}

SessionState captureSession(const ParameterModel& model, const std::vector<Lesson*>& lessons,
                            const Lesson* current) {
    SessionState state;
    state.lessonId = current != nullptr ? current->id() : QString();
    state.parameters = ParameterSnapshot::of(model);
    for (const Lesson* lesson : lessons) {
        const QJsonObject lessonState = lesson->saveState();
        if (!lessonState.isEmpty()) state.lessonStates.insert(lesson->id(), lessonState);
    }
    return state;
}

QString applySession(const SessionState& state, ParameterModel& model,
                     const std::vector<Lesson*>& lessons) {
    if (const QString error = state.parameters.applyTo(model); !error.isEmpty()) return error;
    for (Lesson* lesson : lessons) {
        const auto it = state.lessonStates.constFind(lesson->id());
        if (it != state.lessonStates.constEnd()) lesson->restoreState(it.value());
    }
    return {};
}

}  // namespace ropelab::ui
