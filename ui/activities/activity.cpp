// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <utility>

#include "activities/activity_catalog.h"
#include "activities/activity_reference.h"
#include "lessons/session_file.h"
#include "model/parameter_model.h"
#include "model/parameter_snapshot.h"

namespace ropelab::ui {

namespace {

// The translation context of this file's messages (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::ActivityFile)
};

// Files larger than this are not activities (the built-ins are a few kB each).
constexpr qint64 kMaxFileBytes = 4 * 1024 * 1024;
constexpr int kMaxSteps = 200;
constexpr int kMaxChoices = 12;
constexpr int kMaxRetries = 20;

// A problem found, with the field's path.
struct ParseProblem {
    QString field;
    QString message;
};

// Thrown out of the parser: a part that cannot be read throws its first problem; a list (steps,
// conditions, control names) reads every item and throws all their problems together, so a
// teacher sees every problem of a file at once.
struct ParseProblems {
    QList<ParseProblem> list;
};

[[noreturn]] void fail(const QString& field, const QString& message) {
    throw ParseProblems{{ParseProblem{field, message}}};
}

// Runs `read`; its problems join `found` instead of ending the parse.
template <class Read>
void collect(ParseProblems& found, Read&& read) {
    try {
        read();
    } catch (const ParseProblems& problems) {
        found.list += problems.list;
    }
}

void throwIfAny(const ParseProblems& found) {
    if (!found.list.isEmpty()) throw found;
}

ActivityLoad failedLoad(const QString& line) {
    return {{}, line, {line}};
}

// " (did you mean "x"?)" when `name` is a near miss of a known id, else empty.
QString suggestion(const QString& name, const QStringList& known) {
    const QString closest = closestId(name, known);
    return closest.isEmpty() ? QString() : Tr::tr(" (did you mean \"%1\"?)").arg(closest);
}

// Keys and values of a hostile file may hold line breaks; a message stays one line.
QString oneLine(const QString& text) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c == QLatin1Char('\n')) {
            out += QLatin1String("\\n");
        } else if (c.unicode() < 0x20 || c.unicode() == 0x7f ||
                   c.category() == QChar::Separator_Line ||
                   c.category() == QChar::Separator_Paragraph) {
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

QString join(const QString& path, const QString& key) {
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

// One JSON object read key by key; keys nobody read are an error (typos must not pass silently).
class Fields {
public:
    Fields(const QJsonValue& value, QString path) : path_(std::move(path)) {
        if (!value.isObject()) fail(path_, Tr::tr("must be an object"));
        object_ = value.toObject();
    }

    QString path(const QString& key) const { return join(path_, key); }
    bool has(const char* key) const { return object_.contains(QLatin1String(key)); }

    QJsonValue take(const char* key) {
        const QString name = QString::fromLatin1(key);
        seen_.insert(name);
        return object_.value(name);
    }
    QJsonValue require(const char* key) {
        const QJsonValue value = take(key);
        if (value.isUndefined()) fail(path(QString::fromLatin1(key)), Tr::tr("is missing"));
        return value;
    }
    QString text(const char* key, bool required) {
        const QJsonValue value = required ? require(key) : take(key);
        if (value.isUndefined()) return {};
        if (!value.isString() || value.toString().isEmpty()) {
            fail(path(QString::fromLatin1(key)), Tr::tr("must be non-empty text"));
        }
        return value.toString();
    }
    double number(const QJsonValue& value, const QString& field) const {
        if (!value.isDouble() || !std::isfinite(value.toDouble())) {
            fail(field, Tr::tr("must be a number"));
        }
        return value.toDouble();
    }
    QJsonArray array(const char* key, bool required) {
        const QJsonValue value = required ? require(key) : take(key);
        if (value.isUndefined()) return {};
        if (!value.isArray()) fail(path(QString::fromLatin1(key)), Tr::tr("must be a list"));
        return value.toArray();
    }
    QJsonObject object(const char* key) {
        const QJsonValue value = take(key);
        if (value.isUndefined()) return {};
        if (!value.isObject()) fail(path(QString::fromLatin1(key)), Tr::tr("must be an object"));
        return value.toObject();
    }
    void finish() const {
        ParseProblems found;
        for (auto it = object_.constBegin(); it != object_.constEnd(); ++it) {
            if (!seen_.contains(it.key())) {
                found.list.append({path(it.key()), Tr::tr("is not a known field")});
            }
        }
        throwIfAny(found);
    }
    // The keys nobody has read yet.
    QStringList unread() const {
        QStringList keys;
        for (auto it = object_.constBegin(); it != object_.constEnd(); ++it) {
            if (!seen_.contains(it.key())) keys.append(it.key());
        }
        return keys;
    }

private:
    QJsonObject object_;
    QString path_;
    QSet<QString> seen_;
};

const QStringList& knownLanguages() {
    static const QStringList languages{QStringLiteral("en"), QStringLiteral("zh_CN")};
    return languages;
}

LocalText readText(const QJsonValue& value, const QString& field, bool required) {
    if (value.isUndefined()) {
        if (required) fail(field, Tr::tr("is missing"));
        return {};
    }
    Fields in(value, field);
    // en and zh_CN are the interface's; a teacher may add others ("fr", "pt_BR"), shown where the
    // interface language has no text (activity check warns).
    static const QRegularExpression languageCode(QStringLiteral("^[a-z]{2,3}(_[A-Z]{2})?$"));
    QStringList keys = knownLanguages();
    ParseProblems found;
    for (const QString& key : in.unread()) {
        if (keys.contains(key)) continue;
        if (languageCode.match(key).hasMatch()) {
            keys.append(key);
        } else {
            found.list.append(
                {in.path(key),
                 Tr::tr("is not a language code (en, zh_CN, or one like fr, pt_BR)")});
        }
    }
    LocalText text;
    for (const QString& language : keys) {
        const QJsonValue item = in.take(language.toLatin1().constData());
        if (item.isUndefined()) continue;
        if (!item.isString() || item.toString().trimmed().isEmpty()) {
            found.list.append({in.path(language), Tr::tr("must be non-empty text")});
            continue;
        }
        text.byLanguage.insert(language, item.toString());
    }
    throwIfAny(found);
    if (text.byLanguage.isEmpty()) fail(field, Tr::tr("needs a text in en or zh_CN"));
    return text;
}

QString readReadoutId(const QJsonValue& value, const QString& field, const QString& lesson,
                      const ActivityCatalog& catalog) {
    if (!value.isString()) fail(field, Tr::tr("must be a readout id"));
    const QString id = value.toString();
    if (!catalog.readout(id)) {
        QStringList known;
        for (const ReadoutSpec& spec : catalog.readouts(lesson)) known.append(spec.id);
        fail(field, Tr::tr("names no readout (\"%1\" is unknown)").arg(id) + suggestion(id, known));
    }
    if (!id.startsWith(lesson + QLatin1Char('.'))) {
        fail(field, Tr::tr("names a readout of another lesson (\"%1\")").arg(id));
    }
    return id;
}

// Whether a constant bound can ever be met by a readout's range.
void checkReachable(const Condition& c, const ReadoutSpec& spec, const QString& field) {
    if (!c.valueReadout.isEmpty()) return;
    bool possible = true;
    switch (c.op) {
        case Condition::Op::Near:
            possible =
                c.value + c.tolerance >= spec.minimum && c.value - c.tolerance <= spec.maximum;
            if (spec.whole && possible) {
                possible = std::floor(c.value + c.tolerance) >= std::ceil(c.value - c.tolerance);
            }
            break;
        case Condition::Op::Below:
            possible = c.value > spec.minimum;
            break;
        case Condition::Op::Above:
            possible = c.value < spec.maximum;
            break;
    }
    if (!possible) {
        fail(field,
             Tr::tr("can never hold: %1 only takes values from %2 to %3")
                 .arg(spec.id, QString::number(spec.minimum), QString::number(spec.maximum)));
    }
}

Condition readCondition(const QJsonValue& value, const QString& field, const QString& lesson,
                        const ActivityCatalog& catalog) {
    Fields in(value, field);
    Condition c;
    c.readout =
        readReadoutId(in.require("readout"), in.path(QStringLiteral("readout")), lesson, catalog);
    int ops = 0;
    for (const auto& [key, op] :
         {std::pair{"near", Condition::Op::Near}, std::pair{"below", Condition::Op::Below},
          std::pair{"above", Condition::Op::Above}}) {
        const QJsonValue target = in.take(key);
        if (target.isUndefined()) continue;
        ++ops;
        c.op = op;
        const QString targetField = in.path(QString::fromLatin1(key));
        if (target.isObject()) {
            Fields ref(target, targetField);
            c.valueReadout = readReadoutId(ref.require("readout"),
                                           ref.path(QStringLiteral("readout")), lesson, catalog);
            ref.finish();
        } else {
            c.value = in.number(target, targetField);
        }
    }
    if (ops != 1) fail(field, Tr::tr("needs exactly one of near, below or above"));
    const QJsonValue tolerance = in.take("tolerance");
    if (!tolerance.isUndefined()) {
        c.tolerance = in.number(tolerance, in.path(QStringLiteral("tolerance")));
        if (c.tolerance < 0) fail(in.path(QStringLiteral("tolerance")), Tr::tr("must be ≥ 0"));
        if (c.op != Condition::Op::Near) {
            fail(in.path(QStringLiteral("tolerance")), Tr::tr("applies to near only"));
        }
    }
    in.finish();
    checkReachable(c, *catalog.readout(c.readout), field);
    return c;
}

QList<Condition> readConditions(const QJsonArray& array, const QString& field,
                                const QString& lesson, const ActivityCatalog& catalog) {
    if (array.isEmpty()) fail(field, Tr::tr("needs at least one condition"));
    QList<Condition> conditions;
    ParseProblems found;
    for (qsizetype i = 0; i < array.size(); ++i) {
        collect(found, [&] {
            conditions.append(readCondition(array[i], QStringLiteral("%1[%2]").arg(field).arg(i),
                                            lesson, catalog));
        });
    }
    throwIfAny(found);
    // Constant bounds on one readout must leave some value that meets them all.
    QMap<QString, std::pair<double, double>> window;
    for (const Condition& c : conditions) {
        if (!c.valueReadout.isEmpty()) continue;
        auto [low, high] = window.value(c.readout, {-std::numeric_limits<double>::infinity(),
                                                    std::numeric_limits<double>::infinity()});
        if (c.op == Condition::Op::Near) {
            low = std::max(low, c.value - c.tolerance);
            high = std::min(high, c.value + c.tolerance);
        } else if (c.op == Condition::Op::Below) {
            high =
                std::min(high, std::nextafter(c.value, -std::numeric_limits<double>::infinity()));
        } else {
            low = std::max(low, std::nextafter(c.value, std::numeric_limits<double>::infinity()));
        }
        if (low > high) {
            fail(field, Tr::tr("can never hold: its conditions on %1 contradict each other")
                            .arg(c.readout));
        }
        window.insert(c.readout, {low, high});
    }
    return conditions;
}

void readControlNames(const QJsonArray& array, const QString& field, const QString& lesson,
                      const ActivityCatalog& catalog, QStringList& out) {
    const QStringList known = catalog.controls(lesson);
    ParseProblems found;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString itemField = QStringLiteral("%1[%2]").arg(field).arg(i);
        if (!array[i].isString()) {
            found.list.append({itemField, Tr::tr("must be a control name")});
            continue;
        }
        const QString name = array[i].toString();
        if (name != QLatin1String("*") && !known.contains(name)) {
            found.list.append(
                {itemField, Tr::tr("names no control of this lesson (\"%1\")").arg(name) +
                                suggestion(name, known)});
            continue;
        }
        out.append(name);
    }
    throwIfAny(found);
}

// What a step conceals until checked; every name must exist in the lesson.
Concealment readConceal(const QJsonValue& value, const QString& field, const QString& lesson,
                        const ActivityCatalog& catalog) {
    Fields in(value, field);
    Concealment conceal;
    const QList<FigureSpec> figures = catalog.figures(lesson);
    const auto figureNamed = [&](const QString& id) -> const FigureSpec* {
        for (const FigureSpec& figure : figures) {
            if (figure.id == id) return &figure;
        }
        return nullptr;
    };
    const auto figureId = [&](const QJsonValue& name, const QString& nameField) {
        if (!name.isString() || figureNamed(name.toString()) == nullptr) {
            fail(
                nameField,
                Tr::tr("names no figure of this lesson (\"%1\")").arg(name.toVariant().toString()));
        }
        return name.toString();
    };
    const QJsonArray names = in.array("figures", false);
    for (qsizetype i = 0; i < names.size(); ++i) {
        conceal.figures.append(figureId(
            names[i], QStringLiteral("%1[%2]").arg(in.path(QStringLiteral("figures"))).arg(i)));
    }
    const QJsonArray annotations = in.array("annotations", false);
    for (qsizetype i = 0; i < annotations.size(); ++i) {
        const QString itemField =
            QStringLiteral("%1[%2]").arg(in.path(QStringLiteral("annotations"))).arg(i);
        Fields item(annotations[i], itemField);
        AnnotationId a;
        a.figure = figureId(item.require("figure"), item.path(QStringLiteral("figure")));
        a.id = item.text("id", true);
        if (!figureNamed(a.figure)->annotations.contains(a.id)) {
            fail(item.path(QStringLiteral("id")),
                 Tr::tr("names no annotation of figure %1 (\"%2\")").arg(a.figure, a.id));
        }
        item.finish();
        conceal.annotations.append(a);
    }
    const QJsonValue readouts = in.take("readouts");
    const QString readoutsField = in.path(QStringLiteral("readouts"));
    if (readouts.isString() && readouts.toString() == QLatin1String("all")) {
        conceal.allReadouts = true;
    } else if (readouts.isArray()) {
        const QJsonArray ids = readouts.toArray();
        for (qsizetype i = 0; i < ids.size(); ++i) {
            conceal.readouts.append(readReadoutId(
                ids[i], QStringLiteral("%1[%2]").arg(readoutsField).arg(i), lesson, catalog));
        }
    } else if (!readouts.isUndefined()) {
        fail(readoutsField, Tr::tr("must be \"all\" or a list of readout ids"));
    }
    in.finish();
    if (conceal.isEmpty()) fail(field, Tr::tr("conceals nothing"));
    return conceal;
}

ActivityOptions readOptions(const QJsonValue& value, const QString& field) {
    Fields in(value, field);
    ActivityOptions options;
    const QJsonValue retries = in.take("retries");
    if (!retries.isUndefined()) {
        const QString retriesField = in.path(QStringLiteral("retries"));
        const double count = in.number(retries, retriesField);
        if (count < 0 || count > kMaxRetries || count != std::floor(count)) {
            fail(retriesField, Tr::tr("must be a whole number from 0 to %1").arg(kMaxRetries));
        }
        options.retries = static_cast<int>(count);
    }
    for (const auto& [key, target] : {std::pair{"show_solution", &options.showSolution},
                                      std::pair{"keep_inside", &options.keepInside}}) {
        const QJsonValue flag = in.take(key);
        if (flag.isUndefined()) continue;
        if (!flag.isBool())
            fail(in.path(QString::fromLatin1(key)), Tr::tr("must be true or false"));
        *target = flag.toBool();
    }
    in.finish();
    return options;
}

QJsonObject optionsToJson(const ActivityOptions& options) {
    QJsonObject json;
    if (options.retries) json.insert(QStringLiteral("retries"), *options.retries);
    if (options.showSolution) json.insert(QStringLiteral("show_solution"), *options.showSolution);
    if (options.keepInside) json.insert(QStringLiteral("keep_inside"), *options.keepInside);
    return json;
}

QJsonObject concealToJson(const Concealment& conceal) {
    QJsonObject json;
    if (!conceal.figures.isEmpty()) {
        json.insert(QStringLiteral("figures"), QJsonArray::fromStringList(conceal.figures));
    }
    if (!conceal.annotations.isEmpty()) {
        QJsonArray annotations;
        for (const AnnotationId& a : conceal.annotations) {
            annotations.append(
                QJsonObject{{QStringLiteral("figure"), a.figure}, {QStringLiteral("id"), a.id}});
        }
        json.insert(QStringLiteral("annotations"), annotations);
    }
    if (conceal.allReadouts) {
        json.insert(QStringLiteral("readouts"), QStringLiteral("all"));
    } else if (!conceal.readouts.isEmpty()) {
        json.insert(QStringLiteral("readouts"), QJsonArray::fromStringList(conceal.readouts));
    }
    return json;
}

ActivityStep readStep(const QJsonValue& value, const QString& field, const QString& lesson,
                      const ActivityCatalog& catalog) {
    Fields in(value, field);
    ActivityStep step;
    step.prompt = readText(in.take("prompt"), in.path(QStringLiteral("prompt")), true);
    if (in.has("setup")) {
        Fields setup(in.take("setup"), in.path(QStringLiteral("setup")));
        step.parameters = setup.object("parameters");
        ParameterSnapshot defaults = ParameterSnapshot::of(ParameterModel());
        if (const QString problem = readSessionParameters(step.parameters, defaults);
            !problem.isEmpty()) {
            fail(setup.path(QStringLiteral("parameters")), problem);
        }
        step.view = setup.object("view");
        readControlNames(setup.array("lock", false), setup.path(QStringLiteral("lock")), lesson,
                         catalog, step.locked);
        readControlNames(setup.array("hide", false), setup.path(QStringLiteral("hide")), lesson,
                         catalog, step.hidden);
        setup.finish();
    }

    Fields task(in.require("task"), in.path(QStringLiteral("task")));
    const QString kind = task.text("kind", true);
    if (kind == QLatin1String("predict")) {
        step.kind = ActivityStep::Kind::Predict;
        const bool hasChoices = task.has("choices");
        const bool hasNumber = task.has("number");
        if (hasChoices == hasNumber) {
            fail(task.path(QStringLiteral("kind")),
                 Tr::tr("a prediction needs either choices or a number"));
        }
        if (hasChoices) {
            const QJsonArray choices = task.array("choices", true);
            const QString choicesField = task.path(QStringLiteral("choices"));
            if (choices.size() < 2 || choices.size() > kMaxChoices) {
                fail(choicesField, Tr::tr("needs 2 to %1 choices").arg(kMaxChoices));
            }
            for (qsizetype i = 0; i < choices.size(); ++i) {
                const QString choiceField = QStringLiteral("%1[%2]").arg(choicesField).arg(i);
                Fields choice(choices[i], choiceField);
                Choice c;
                c.text = readText(choice.take("text"), choice.path(QStringLiteral("text")), true);
                const QJsonValue when = choice.take("correct_when");
                if (!when.isUndefined()) {
                    if (!when.isArray()) {
                        fail(choice.path(QStringLiteral("correct_when")), Tr::tr("must be a list"));
                    }
                    c.correctWhen =
                        readConditions(when.toArray(), choice.path(QStringLiteral("correct_when")),
                                       lesson, catalog);
                }
                const QJsonValue correct = choice.take("correct");
                if (!correct.isUndefined() && correct != QJsonValue(true)) {
                    fail(choice.path(QStringLiteral("correct")), Tr::tr("can only be true"));
                }
                c.correct = correct.toBool();
                c.feedback = readText(choice.take("feedback"),
                                      choice.path(QStringLiteral("feedback")), false);
                choice.finish();
                step.choices.append(c);
            }
            const auto count = [&](auto test) {
                return std::count_if(step.choices.begin(), step.choices.end(), test);
            };
            const auto byWord = count([](const Choice& c) { return c.correct; });
            const auto byReadout = count([](const Choice& c) { return !c.correctWhen.isEmpty(); });
            if (byWord == 0 && byReadout == 0) {
                fail(choicesField, Tr::tr("no choice has correct_when, so none can be right"));
            }
            if (byWord > 1 || (byWord == 1 && byReadout > 0)) {
                fail(choicesField, Tr::tr("needs exactly one choice marked \"correct\": true, "
                                          "and then no correct_when"));
            }
        } else {
            Fields number(task.take("number"), task.path(QStringLiteral("number")));
            step.numberReadout = readReadoutId(
                number.require("readout"), number.path(QStringLiteral("readout")), lesson, catalog);
            const QString toleranceField = number.path(QStringLiteral("tolerance"));
            step.tolerance = number.number(number.require("tolerance"), toleranceField);
            if (step.tolerance < 0) fail(toleranceField, Tr::tr("must be ≥ 0"));
            number.finish();
        }
    } else if (kind == QLatin1String("explore")) {
        step.kind = ActivityStep::Kind::Explore;
        step.goal = readConditions(task.array("goal", true), task.path(QStringLiteral("goal")),
                                   lesson, catalog);
    } else if (kind == QLatin1String("explain")) {
        step.kind = ActivityStep::Kind::Explain;
    } else {
        fail(task.path(QStringLiteral("kind")),
             Tr::tr("must be predict, explore or explain (got \"%1\")").arg(kind));
    }
    task.finish();

    if (in.has("conceal")) {
        if (step.kind == ActivityStep::Kind::Explain) {
            fail(in.path(QStringLiteral("conceal")),
                 Tr::tr("applies to predict and explore steps only"));
        }
        step.conceal =
            readConceal(in.take("conceal"), in.path(QStringLiteral("conceal")), lesson, catalog);
    }
    if (in.has("options")) {
        step.options = readOptions(in.take("options"), in.path(QStringLiteral("options")));
    }
    step.hint = readText(in.take("hint"), in.path(QStringLiteral("hint")), false);
    step.correct = readText(in.take("correct"), in.path(QStringLiteral("correct")), false);
    step.wrong = readText(in.take("wrong"), in.path(QStringLiteral("wrong")), false);
    step.reveal = readText(in.take("reveal"), in.path(QStringLiteral("reveal")), false);
    const QJsonArray solution = in.array("solution", false);
    const QStringList known = catalog.controls(lesson);
    for (qsizetype i = 0; i < solution.size(); ++i) {
        const QString moveField =
            QStringLiteral("%1[%2]").arg(in.path(QStringLiteral("solution"))).arg(i);
        Fields move(solution[i], moveField);
        ControlValue cv;
        cv.control = move.text("control", true);
        if (!known.contains(cv.control)) {
            fail(move.path(QStringLiteral("control")),
                 Tr::tr("names no control of this lesson (\"%1\")").arg(cv.control));
        }
        cv.value = move.require("value");
        if (!cv.value.isDouble() && !cv.value.isBool() && !cv.value.isString()) {
            fail(move.path(QStringLiteral("value")),
                 Tr::tr("must be a number, true/false or text"));
        }
        move.finish();
        step.solution.append(cv);
    }
    in.finish();
    return step;
}

Activity readActivity(const QJsonValue& value, const QString& field,
                      const ActivityCatalog& catalog) {
    Fields in(value, field);
    Activity activity;
    activity.id = in.text("id", true);
    activity.lesson = in.text("lesson", true);
    if (!catalog.hasLesson(activity.lesson)) {
        fail(in.path(QStringLiteral("lesson")),
             Tr::tr("names no lesson (\"%1\" is unknown)").arg(activity.lesson));
    }
    activity.title = readText(in.take("title"), in.path(QStringLiteral("title")), true);
    activity.summary = readText(in.take("summary"), in.path(QStringLiteral("summary")), false);
    if (in.has("options")) {
        activity.options = readOptions(in.take("options"), in.path(QStringLiteral("options")));
    }
    const QJsonArray steps = in.array("steps", true);
    if (steps.isEmpty() || steps.size() > kMaxSteps) {
        fail(in.path(QStringLiteral("steps")), Tr::tr("needs 1 to %1 steps").arg(kMaxSteps));
    }
    ParseProblems found;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        // Steps are numbered from 1 for people; the path says "step N".
        collect(found, [&] {
            activity.steps.append(
                readStep(steps[i], Tr::tr("step %1").arg(i + 1), activity.lesson, catalog));
        });
    }
    collect(found, [&] { in.finish(); });
    throwIfAny(found);
    return activity;
}

QJsonValue textToJson(const LocalText& text) {
    QJsonObject json;
    for (auto it = text.byLanguage.constBegin(); it != text.byLanguage.constEnd(); ++it) {
        json.insert(it.key(), it.value());
    }
    return json;
}

QJsonObject conditionToJson(const Condition& c) {
    QJsonObject json{{QStringLiteral("readout"), c.readout}};
    const QString op = c.op == Condition::Op::Near    ? QStringLiteral("near")
                       : c.op == Condition::Op::Below ? QStringLiteral("below")
                                                      : QStringLiteral("above");
    if (c.valueReadout.isEmpty()) {
        json.insert(op, c.value);
    } else {
        json.insert(op, QJsonObject{{QStringLiteral("readout"), c.valueReadout}});
    }
    if (c.op == Condition::Op::Near && c.tolerance != 0.0) {
        json.insert(QStringLiteral("tolerance"), c.tolerance);
    }
    return json;
}

QJsonArray conditionsToJson(const QList<Condition>& conditions) {
    QJsonArray array;
    for (const Condition& c : conditions) array.append(conditionToJson(c));
    return array;
}

void insertText(QJsonObject& json, const char* key, const LocalText& text) {
    if (!text.isEmpty()) json.insert(QString::fromLatin1(key), textToJson(text));
}

}  // namespace

QString LocalText::in(const QString& language) const {
    if (const auto it = byLanguage.constFind(language); it != byLanguage.constEnd()) return *it;
    if (language.startsWith(QLatin1String("zh"))) {
        if (const auto it = byLanguage.constFind(QStringLiteral("zh_CN"));
            it != byLanguage.constEnd()) {
            return *it;
        }
    }
    if (const auto it = byLanguage.constFind(QStringLiteral("en")); it != byLanguage.constEnd()) {
        return *it;
    }
    return byLanguage.isEmpty() ? QString() : byLanguage.first();
}

bool Condition::holds(const ReadoutLookup& readouts) const {
    const std::optional<double> actual = readouts(readout);
    if (!actual || !std::isfinite(*actual)) return false;
    double target = value;
    if (!valueReadout.isEmpty()) {
        const std::optional<double> other = readouts(valueReadout);
        if (!other || !std::isfinite(*other)) return false;
        target = *other;
    }
    switch (op) {
        case Op::Near:
            // A hair of relative slack, so a value shown as 90.0 meets "near 90" whatever its last
            // bit.
            return std::abs(*actual - target) <= tolerance + 1e-9 * std::max(1.0, std::abs(target));
        case Op::Below:
            return *actual < target;
        case Op::Above:
            return *actual > target;
    }
    return false;
}

bool allHold(const QList<Condition>& conditions, const ReadoutLookup& readouts) {
    return std::all_of(conditions.begin(), conditions.end(),
                       [&](const Condition& c) { return c.holds(readouts); });
}

int Activity::retries(int index) const {
    return steps[index].options.over(options).retries.value_or(0);
}

bool Activity::showsSolution(int index) const {
    return steps[index].options.over(options).showSolution.value_or(true);
}

bool Activity::keepsInside(int index) const {
    return steps[index].options.over(options).keepInside.value_or(false);
}

namespace {

void addReadouts(const QList<Condition>& conditions, QStringList& ids) {
    for (const Condition& condition : conditions) {
        ids.append(condition.readout);
        if (!condition.valueReadout.isEmpty()) ids.append(condition.valueReadout);
    }
}

}  // namespace

QStringList ActivityStep::namedReadouts() const {
    QStringList ids;
    for (const Choice& choice : choices) addReadouts(choice.correctWhen, ids);
    if (!numberReadout.isEmpty()) ids.append(numberReadout);
    addReadouts(goal, ids);
    ids.removeDuplicates();
    return ids;
}

QStringList ActivityStep::namedControls() const {
    QStringList names;
    for (const ControlValue& move : solution) names.append(move.control);
    names.removeDuplicates();
    return names;
}

QStringList Activity::languages() const {
    QStringList common;
    for (const QString& language : knownLanguages()) {
        const auto has = [&](const LocalText& t) {
            return t.isEmpty() || t.byLanguage.contains(language);
        };
        bool all = has(title) && has(summary);
        for (const ActivityStep& step : steps) {
            all = all && has(step.prompt) && has(step.hint) && has(step.correct) &&
                  has(step.wrong) && has(step.reveal);
            for (const Choice& choice : step.choices) {
                all = all && has(choice.text) && has(choice.feedback);
            }
        }
        if (all) common.append(language);
    }
    return common;
}

ActivityLoad activitiesFromJson(const QByteArray& json, const ActivityCatalog& catalog,
                                const QString& source) {
    ActivityLoad load;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Line and column (from 1, in characters) as editors count them; Qt's offset lies just
        // past the character it could not read.
        const QByteArray before = json.left(std::max(0, parseError.offset - 1));
        const qsizetype line = before.count('\n') + 1;
        const qsizetype column =
            QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size() + 1;
        return failedLoad(oneLine(Tr::tr("%1:%2:%3: not valid JSON (%4)")
                                      .arg(source)
                                      .arg(line)
                                      .arg(column)
                                      .arg(parseError.errorString())));
    }
    try {
        Fields root(document.isObject() ? QJsonValue(document.object()) : QJsonValue(), QString());
        if (root.take("format").toString() != QLatin1String(kActivityFormat)) {
            fail(QStringLiteral("format"),
                 Tr::tr("must be \"%1\"").arg(QLatin1String(kActivityFormat)));
        }
        const QJsonValue version = root.require("version");
        if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble()) ||
            version.toDouble() < 1) {
            fail(QStringLiteral("version"), Tr::tr("must be a whole number from 1 up"));
        }
        if (version.toDouble() > kActivityFormatVersion) {
            fail(QStringLiteral("version"),
                 Tr::tr("is %1; this RoPE Lab reads version %2 (update RoPE Lab)")
                     .arg(version.toDouble())
                     .arg(kActivityFormatVersion));
        }
        const QJsonArray activities = root.array("activities", true);
        if (activities.isEmpty()) {
            fail(QStringLiteral("activities"), Tr::tr("needs at least one activity"));
        }
        QSet<QString> ids;
        QList<Activity> read;
        ParseProblems found;
        for (qsizetype i = 0; i < activities.size(); ++i) {
            const QString field = QStringLiteral("activities[%1]").arg(i);
            collect(found, [&] {
                Activity activity = readActivity(activities[i], field, catalog);
                if (ids.contains(activity.id)) {
                    fail(join(field, QStringLiteral("id")),
                         Tr::tr("repeats the id \"%1\"").arg(activity.id));
                }
                ids.insert(activity.id);
                read.append(std::move(activity));
            });
        }
        collect(found, [&] { root.finish(); });
        throwIfAny(found);
        load.activities = std::move(read);
    } catch (const ParseProblems& problems) {
        for (const ParseProblem& problem : problems.list) {
            load.problems.append(
                oneLine(Tr::tr("%1: %2 %3").arg(source, problem.field, problem.message)));
        }
        load.error = load.problems.value(0);
    }
    return load;
}

ActivityLoad loadActivityFile(const QString& path, const ActivityCatalog& catalog) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return failedLoad(
            oneLine(Tr::tr("%1: cannot be opened (%2)").arg(path, file.errorString())));
    }
    if (file.size() > kMaxFileBytes) {
        return failedLoad(
            oneLine(Tr::tr("%1: too large for an activity file (%2 bytes; at most %3)")
                        .arg(path)
                        .arg(file.size())
                        .arg(kMaxFileBytes)));
    }
    return activitiesFromJson(file.readAll(), catalog, path);
}

QJsonObject activityToJson(const Activity& activity) {
    QJsonArray steps;
    for (const ActivityStep& step : activity.steps) {
        QJsonObject json;
        insertText(json, "prompt", step.prompt);
        QJsonObject setup;
        if (!step.parameters.isEmpty()) setup.insert(QStringLiteral("parameters"), step.parameters);
        if (!step.view.isEmpty()) setup.insert(QStringLiteral("view"), step.view);
        if (!step.locked.isEmpty())
            setup.insert(QStringLiteral("lock"), QJsonArray::fromStringList(step.locked));
        if (!step.hidden.isEmpty())
            setup.insert(QStringLiteral("hide"), QJsonArray::fromStringList(step.hidden));
        if (!setup.isEmpty()) json.insert(QStringLiteral("setup"), setup);
        QJsonObject task;
        switch (step.kind) {
            case ActivityStep::Kind::Predict:
                task.insert(QStringLiteral("kind"), QStringLiteral("predict"));
                if (step.predictsNumber()) {
                    task.insert(QStringLiteral("number"),
                                QJsonObject{{QStringLiteral("readout"), step.numberReadout},
                                            {QStringLiteral("tolerance"), step.tolerance}});
                } else {
                    QJsonArray choices;
                    for (const Choice& choice : step.choices) {
                        QJsonObject c{{QStringLiteral("text"), textToJson(choice.text)}};
                        if (!choice.correctWhen.isEmpty()) {
                            c.insert(QStringLiteral("correct_when"),
                                     conditionsToJson(choice.correctWhen));
                        }
                        if (choice.correct) c.insert(QStringLiteral("correct"), true);
                        insertText(c, "feedback", choice.feedback);
                        choices.append(c);
                    }
                    task.insert(QStringLiteral("choices"), choices);
                }
                break;
            case ActivityStep::Kind::Explore:
                task.insert(QStringLiteral("kind"), QStringLiteral("explore"));
                task.insert(QStringLiteral("goal"), conditionsToJson(step.goal));
                break;
            case ActivityStep::Kind::Explain:
                task.insert(QStringLiteral("kind"), QStringLiteral("explain"));
                break;
        }
        json.insert(QStringLiteral("task"), task);
        if (!step.conceal.isEmpty()) {
            json.insert(QStringLiteral("conceal"), concealToJson(step.conceal));
        }
        if (!step.options.isEmpty()) {
            json.insert(QStringLiteral("options"), optionsToJson(step.options));
        }
        insertText(json, "hint", step.hint);
        insertText(json, "correct", step.correct);
        insertText(json, "wrong", step.wrong);
        insertText(json, "reveal", step.reveal);
        if (!step.solution.isEmpty()) {
            QJsonArray moves;
            for (const ControlValue& move : step.solution) {
                moves.append(QJsonObject{{QStringLiteral("control"), move.control},
                                         {QStringLiteral("value"), move.value}});
            }
            json.insert(QStringLiteral("solution"), moves);
        }
        steps.append(json);
    }
    QJsonObject json{{QStringLiteral("id"), activity.id},
                     {QStringLiteral("lesson"), activity.lesson}};
    insertText(json, "title", activity.title);
    insertText(json, "summary", activity.summary);
    if (!activity.options.isEmpty()) {
        json.insert(QStringLiteral("options"), optionsToJson(activity.options));
    }
    json.insert(QStringLiteral("steps"), steps);
    return json;
}

QByteArray activitiesToJson(const QList<Activity>& activities) {
    QJsonArray array;
    for (const Activity& activity : activities) array.append(activityToJson(activity));
    const QJsonObject root{{QStringLiteral("format"), QLatin1String(kActivityFormat)},
                           {QStringLiteral("version"), kActivityFormatVersion},
                           {QStringLiteral("activities"), array}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

}  // namespace ropelab::ui
