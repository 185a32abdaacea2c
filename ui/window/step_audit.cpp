// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/step_audit.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QScrollArea>
#include <QTabWidget>
#include <functional>
#include <optional>

#include "activities/activity.h"
#include "activities/activity_controller.h"
#include "activities/activity_panel.h"
#include "activities/activity_runner.h"
#include "widgets/tab_pages.h"
#include "window/app_controller.h"
#include "window/main_window.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {

namespace {

// The innermost tab page that holds `widget`; no tab widget when none does.
TabPage tabOf(const QWidget& widget) {
    return tabPagesOf(widget).value(0);
}

// What keeps `widget` from being seen as the window shows it now; empty when it is seen.
QString whyNotSeen(const QWidget& widget, const QWidget& card, const QWidget& window,
                   const QRect& screen) {
    const auto [tabs, page] = tabOf(widget);
    const auto [cardTabs, cardPage] = tabOf(card);
    if (tabs != nullptr && tabs == cardTabs && page != cardPage) {
        return QStringLiteral("in the tab \"%1\", the card in \"%2\"")
            .arg(tabs->tabText(page), tabs->tabText(cardPage));
    }
    if (!widget.isVisible()) return QStringLiteral("hidden");
    // Scrolled out of view in any scroll area around it (the top rows of a tall widget suffice).
    for (const QWidget* w = widget.parentWidget(); w != nullptr; w = w->parentWidget()) {
        const auto* area = qobject_cast<const QAbstractScrollArea*>(w);
        if (area == nullptr) continue;
        const QWidget* viewport = area->viewport();
        const QRect shown = viewport->rect();
        const QRect rect(widget.mapTo(viewport, QPoint()), widget.size());
        const int needed = std::min(rect.height(), shown.height());
        const int seen =
            QRect(rect.topLeft(), QSize(rect.width(), needed)).intersected(shown).height();
        if (seen < needed) {
            return QStringLiteral("scrolled out of view in %1 (%2 px from its top, %3 px shown)")
                .arg(describeWidget(*area))
                .arg(rect.top())
                .arg(shown.height());
        }
    }
    const QRect global(widget.mapToGlobal(QPoint()), widget.size());
    const QRect inWindow(window.mapToGlobal(QPoint()), window.size());
    if (!screen.contains(global)) return QStringLiteral("off the screen");
    if (!inWindow.contains(global)) return QStringLiteral("outside the window");
    return {};
}

// Until `done` holds or the time is up, the event loop running.
bool waitFor(const std::function<bool()>& done, int timeoutMs) {
    QElapsedTimer total;
    total.start();
    while (!done()) {
        if (total.elapsed() > timeoutMs) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    }
    return true;
}

}  // namespace

QList<LayoutFinding> auditActivityStep(MainWindow& window, const QRect& screen, bool answered) {
    QList<LayoutFinding> findings;
    ActivityController& activities = window.app().activities();
    const ActivityRunner& runner = activities.runner();
    Lesson* lesson = runner.lesson();
    if (!runner.running() || lesson == nullptr) return findings;
    const ActivityStep& step = runner.step();
    const QWidget& card = *activities.panel();
    if (const QString why = whyNotSeen(card, card, window, screen); !why.isEmpty()) {
        findings.append({QStringLiteral("the activity card"), why});
    }
    for (const QString& name : step.namedControls()) {
        QWidget* control = lesson->findChild<QWidget*>(name);
        if (control == nullptr) control = window.parameterPanel()->findChild<QWidget*>(name);
        if (control == nullptr) {
            findings.append({QStringLiteral("control %1").arg(name), QStringLiteral("not found")});
        } else if (const QString why = whyNotSeen(*control, card, window, screen); !why.isEmpty()) {
            findings.append(
                {QStringLiteral("control %1: %2").arg(name, describeWidget(*control)), why});
        }
    }
    // The named readouts are shown live in the card; concealed ones say so there until the check.
    for (const QString& id : step.namedReadouts()) {
        const QString named = QStringLiteral("readout %1").arg(id);
        const auto* value = card.findChild<QLabel*>(QStringLiteral("stepReadout:%1").arg(id));
        if (value == nullptr) {
            findings.append({named, QStringLiteral("not shown in the activity card")});
        } else if (const QString why = whyNotSeen(*value, card, window, screen); !why.isEmpty()) {
            findings.append({named, why});
        } else if (answered && runner.readoutConcealed(id)) {
            findings.append({named, QStringLiteral("still hidden after the check")});
        }
    }
    return findings;
}

bool completeStepAsStudent(ActivityRunner& runner, int timeoutMs) {
    const ActivityStep& step = runner.step();
    switch (step.kind) {
        case ActivityStep::Kind::Predict:
            if (!waitFor([&] { return runner.readyToCheck(); }, timeoutMs)) return false;
            if (step.predictsNumber()) {
                const std::optional<double> value = runner.liveNumber();
                return value && runner.submitNumber(*value);
            }
            if (const std::optional<int> right = runner.correctChoice()) {
                return runner.submitChoice(*right);
            }
            return false;
        case ActivityStep::Kind::Explore:
            return runner.showSolution() && waitFor([&] { return runner.goalHolds(); }, timeoutMs);
        case ActivityStep::Kind::Explain:
            return true;
    }
    return false;
}

}  // namespace ropelab::ui
