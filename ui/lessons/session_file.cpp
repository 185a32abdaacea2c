// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/session_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>

#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

#include "common/build_info.h"
#include "common/errors.h"
#include "encodings/rope_fields.h"
#include "lessons/lesson.h"
#include "model/app_limits.h"
#include "model/parameter_model.h"
#include "model/parameter_text.h"

namespace ropelab::ui {

namespace {

constexpr auto kFormatName = "ropelab-session";
constexpr auto kParameters = "parameters";  // the object of shared parameters

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
            error_ = Tr::tr("%1 is not usable: %2").arg(named(key), errorText(e));
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
        const QString field = parameterLabel(key);
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
        error_ = Tr::tr("%1 must be %2.").arg(named(key), expected);
    }

    // A shared parameter by its control's label, anything else by its key path.
    QString named(const char* key) const {
        return path_ == QLatin1String(kParameters) ? parameterLabel(key)
                                                   : qualified(QString::fromLatin1(key));
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

QString keyText(std::string_view key) {
    return QString::fromUtf8(key.data(), static_cast<qsizetype>(key.size()));
}

// Every field of the RoPE table (encodings/rope_fields.h) under its key, then the app's own values.
QJsonObject parametersToJson(const ParameterSnapshot& p) {
    QJsonObject json;
    for (const RopeFieldInfo& field : ropeFields()) {
        const QString key = keyText(field.key);
        std::visit(
            [&](auto member) {
                const auto& value = p.rope.*member;
                using T = std::remove_cvref_t<decltype(value)>;
                if constexpr (std::is_same_v<T, RopeType>) {
                    json.insert(key, keyText(toString(value)));
                } else if constexpr (std::is_same_v<T, std::optional<int>> ||
                                     std::is_same_v<T, std::optional<double>>) {
                    if (value) json.insert(key, *value);  // unset optionals are left out
                } else if constexpr (std::is_same_v<T, std::vector<double>>) {
                    if (!value.empty()) json.insert(key, toArray(value));
                } else {
                    json.insert(key, value);
                }
            },
            field.member);
    }
    json.insert(QStringLiteral("layout"), keyText(toString(p.layout)));
    json.insert(QStringLiteral("query_position"), p.queryPosition);
    json.insert(QStringLiteral("key_position"), p.keyPosition);
    json.insert(QStringLiteral("sequence_length"), p.sequenceLength);
    json.insert(QStringLiteral("seed"), static_cast<double>(p.seed));
    return json;
}

void readParameters(const QJsonObject& json, ParameterSnapshot& p, SessionReport& report,
                    QString& error) {
    ObjectReader in(json, QLatin1String(kParameters), report, error);
    for (const RopeFieldInfo& field : ropeFields()) {
        const char* key = field.key.data();  // the table's keys are string literals
        std::visit(
            [&](auto member) {
                auto& out = p.rope.*member;
                using T = std::remove_cvref_t<decltype(out)>;
                if constexpr (std::is_same_v<T, RopeType>) {
                    in.name(key, out, [](const std::string& s) { return parseRopeType(s); });
                } else if constexpr (std::is_same_v<T, std::optional<int>> ||
                                     std::is_same_v<T, std::optional<double>>) {
                    in.optionalNumber(key, out);
                } else if constexpr (std::is_same_v<T, std::vector<double>>) {
                    in.numberList(key, out);
                } else if constexpr (std::is_same_v<T, bool>) {
                    in.boolean(key, out);
                } else {
                    in.number(key, out);
                }
            },
            field.member);
    }
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
    if (const QString error = model.setAll(state.parameters); !error.isEmpty()) return error;
    for (Lesson* lesson : lessons) {
        const auto it = state.lessonStates.constFind(lesson->id());
        if (it != state.lessonStates.constEnd()) lesson->restoreState(it.value());
    }
    return {};
}

}  // namespace ropelab::ui
