// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/layout_audit.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QProgressBar>
#include <QScrollBar>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTextDocumentFragment>

#include <climits>

#include "widgets/library_internals.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {

namespace {

QString visibleText(const QWidget& widget) {
    QString text;
    if (const auto* button = qobject_cast<const QAbstractButton*>(&widget)) {
        text = button->text();
    } else if (const auto* label = qobject_cast<const QLabel*>(&widget)) {
        text = QTextDocumentFragment::fromHtml(label->text()).toPlainText();
    } else if (const auto* combo = qobject_cast<const QComboBox*>(&widget)) {
        text = combo->currentText();
    }
    return text.simplified();
}

}  // namespace

QString describeWidget(const QWidget& widget) {
    QString text = visibleText(widget);
    if (text.isEmpty()) text = widget.accessibleName();
    if (text.size() > 48) text = text.left(47) + QChar(0x2026);
    QString name = QString::fromLatin1(widget.metaObject()->className());
    if (!widget.objectName().isEmpty()) name += QLatin1Char('#') + widget.objectName();
    return text.isEmpty() ? name : name + QStringLiteral(" \"") + text + QLatin1Char('"');
}

namespace {

QString sizeText(QSize size) {
    return QStringLiteral("%1 × %2").arg(size.width()).arg(size.height());
}

// Line edits inside spin and combo boxes belong to them; scroll bars to their area.
bool isAudited(const QWidget& widget) {
    const QWidget* parent = widget.parentWidget();
    if (qobject_cast<const QLineEdit*>(&widget) != nullptr) {
        return qobject_cast<const QAbstractSpinBox*>(parent) == nullptr &&
               qobject_cast<const QComboBox*>(parent) == nullptr;
    }
    if (const auto* label = qobject_cast<const QLabel*>(&widget)) {
        return !label->text().isEmpty() || !label->pixmap().isNull();
    }
    // Scroll bars belong to their area; a dock's title buttons are icons Qt sizes to the title.
    if (qobject_cast<const QScrollBar*>(&widget) != nullptr ||
        widget.inherits("QDockWidgetTitleButton")) {
        return false;
    }
    return qobject_cast<const QAbstractButton*>(&widget) != nullptr ||
           qobject_cast<const QAbstractSlider*>(&widget) != nullptr ||
           qobject_cast<const QAbstractSpinBox*>(&widget) != nullptr ||
           qobject_cast<const QComboBox*>(&widget) != nullptr ||
           qobject_cast<const QTabBar*>(&widget) != nullptr ||
           qobject_cast<const QProgressBar*>(&widget) != nullptr ||
           qobject_cast<const QAbstractScrollArea*>(&widget) != nullptr ||
           qobject_cast<const QMenuBar*>(&widget) != nullptr ||
           qobject_cast<const QCustomPlot*>(&widget) != nullptr;
}

// A plot's titles wrap and its legend re-flows to its width, so its size hint says little; what
// counts is that every line of text fits and that each data area keeps a readable size.
QString plotShortfall(const QCustomPlot& plot) {
    if (plot.width() < kPlotMinimumSize.width() || plot.height() < kPlotMinimumSize.height()) {
        return QStringLiteral("squeezed to %1, less than the readable %2")
            .arg(sizeText(plot.size()), sizeText(kPlotMinimumSize));
    }
    for (QCPLayoutElement* element : plot.plotLayout()->elements(true)) {
        if (const auto* text = qobject_cast<const QCPTextElement*>(element)) {
            const QFontMetrics metrics(text->font());
            for (const QString& line : text->text().split(QLatin1Char('\n'))) {
                const int needed = metrics.horizontalAdvance(line);
                if (needed > plot.width() && line.contains(QLatin1Char(' '))) {
                    return QStringLiteral("%1 px wide, its text \"%2\" needs %3")
                        .arg(plot.width())
                        .arg(line)
                        .arg(needed);
                }
            }
        }
    }
    for (const QCPAxisRect* rect : plot.axisRects()) {
        if (!rect->visible()) continue;
        if (rect->width() < kPlotMinimumDataArea.width() ||
            rect->height() < kPlotMinimumDataArea.height()) {
            return QStringLiteral("its data area is %1, less than the readable %2")
                .arg(sizeText(rect->rect().size()), sizeText(kPlotMinimumDataArea));
        }
    }
    return {};
}

// Less room than the widget needs, as a sentence; empty when it has enough.
QString shortfall(const QWidget& widget) {
    const QSize got = widget.size();
    if (got.width() < widget.minimumWidth() || got.height() < widget.minimumHeight()) {
        return QStringLiteral("squeezed to %1 below its minimum %2")
            .arg(sizeText(got), sizeText(widget.minimumSize()));
    }
    if (const auto* plot = qobject_cast<const QCustomPlot*>(&widget)) return plotShortfall(*plot);
    if (const auto* label = qobject_cast<const QLabel*>(&widget)) {
        if (label->wordWrap()) {
            const int widest = label->minimumSizeHint().width();  // its longest word
            const int tall = label->heightForWidth(got.width());
            if (got.width() < widest) {
                return QStringLiteral("%1 px wide, its longest word needs %2")
                    .arg(got.width())
                    .arg(widest);
            }
            if (got.height() < tall) {
                return QStringLiteral("%1 px tall, its wrapped text needs %2")
                    .arg(got.height())
                    .arg(tall);
            }
            return {};
        }
    }
    if (const auto* combo = qobject_cast<const QComboBox*>(&widget)) {
        QStyleOptionComboBox option;
        option.initFrom(combo);
        option.editable = combo->isEditable();
        option.currentText = combo->currentText();
        const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                           QStyle::SC_ComboBoxEditField, combo);
        // The ink of the text: Qt sizes a combo box to it, not to the advance after the last glyph.
        const int text = combo->fontMetrics().boundingRect(combo->currentText()).width();
        if (text > field.width()) {
            return QStringLiteral("shows its choice in %1 px, the text needs %2")
                .arg(field.width())
                .arg(text);
        }
    }
    if (const auto* tabs = qobject_cast<const QTabBar*>(&widget)) {
        const bool across =
            tabs->shape() == QTabBar::RoundedNorth || tabs->shape() == QTabBar::RoundedSouth ||
            tabs->shape() == QTabBar::TriangularNorth || tabs->shape() == QTabBar::TriangularSouth;
        const int needed = across ? tabs->sizeHint().width() : tabs->sizeHint().height();
        const int length = across ? got.width() : got.height();
        if (length < needed) {
            return QStringLiteral("%1 px for tabs that need %2").arg(length).arg(needed);
        }
        return {};
    }
    if (isMenuBarExtension(widget)) {
        return QStringLiteral("the menu bar has no room for every menu");
    }
    if (const auto* area = qobject_cast<const QAbstractScrollArea*>(&widget)) {
        if (area->horizontalScrollBar()->isVisible()) {
            return QStringLiteral("scrolls sideways");
        }
        return {};
    }
    // Buttons and labels need what their text needs; other controls their minimum.
    const bool textual = qobject_cast<const QAbstractButton*>(&widget) != nullptr ||
                         qobject_cast<const QLabel*>(&widget) != nullptr;
    const QSize needed = textual ? widget.sizeHint() : widget.minimumSizeHint();
    if (needed.isValid() && (got.width() < needed.width() || got.height() < needed.height())) {
        return QStringLiteral("got %1, needs %2").arg(sizeText(got), sizeText(needed));
    }
    return {};
}

// The part of the window through which `widget` can be seen. Inside an area that scrolls up and
// down, only the sides clip: the rest is reachable by scrolling.
QRect viewRect(const QWidget& widget, const QWidget& window, bool* scrolls) {
    int left = 0;
    int right = window.width() - 1;
    int top = 0;
    int bottom = window.height() - 1;
    *scrolls = false;
    for (const QWidget* a = widget.parentWidget(); a != nullptr && a != &window;
         a = a->parentWidget()) {
        const QRect r(a->mapTo(&window, QPoint(0, 0)), a->size());
        left = std::max(left, r.left());
        right = std::min(right, r.right());
        const auto* area = qobject_cast<const QAbstractScrollArea*>(a->parentWidget());
        if (area != nullptr && area->viewport() == a &&
            area->verticalScrollBarPolicy() != Qt::ScrollBarAlwaysOff) {
            *scrolls = true;
        }
        if (!*scrolls) {
            top = std::max(top, r.top());
            bottom = std::min(bottom, r.bottom());
        }
    }
    if (*scrolls) {
        top = INT_MIN / 4;
        bottom = INT_MAX / 4;
    }
    return QRect(QPoint(left, top), QPoint(right, bottom));
}

}  // namespace

QList<LayoutFinding> auditLayout(const QWidget& window, const QRect& frame, const QRect& screen) {
    QList<LayoutFinding> findings;
    const QString windowName = QStringLiteral("window");
    // The window manager's frame is in device pixels: above 1x it may round up by one logical one.
    const int slack = window.devicePixelRatioF() > 1.0 ? 1 : 0;
    if (!screen.adjusted(-slack, -slack, slack, slack).contains(frame)) {
        findings.append({windowName, QStringLiteral("its frame %1 at (%2, %3) is not inside the "
                                                    "screen %4")
                                         .arg(sizeText(frame.size()))
                                         .arg(frame.x())
                                         .arg(frame.y())
                                         .arg(sizeText(screen.size()))});
    }
    const QRect client(window.mapToGlobal(QPoint(0, 0)), window.size());
    const QRect shown = screen & client;
    for (const QWidget* widget : window.findChildren<QWidget*>()) {
        if (widget->window() != &window || !widget->isVisible() || !isAudited(*widget)) continue;
        bool scrolls = false;
        const QRect view = viewRect(*widget, window, &scrolls);
        const QRect rect(widget->mapTo(&window, QPoint(0, 0)), widget->size());
        const QRect global(widget->mapToGlobal(QPoint(0, 0)), widget->size());
        const bool insideView = view.contains(rect);
        const bool onScreen =
            global.left() >= shown.left() && global.right() <= shown.right() &&
            (scrolls || (global.top() >= shown.top() && global.bottom() <= shown.bottom()));
        if (!insideView || !onScreen) {
            findings.append({describeWidget(*widget),
                             QStringLiteral("%1 at (%2, %3) is cut off by %4")
                                 .arg(sizeText(rect.size()))
                                 .arg(rect.x())
                                 .arg(rect.y())
                                 .arg(onScreen ? QStringLiteral("its container")
                                               : QStringLiteral("the window or screen edge"))});
            continue;
        }
        if (const QString problem = shortfall(*widget); !problem.isEmpty()) {
            findings.append({describeWidget(*widget), problem});
        }
    }
    return findings;
}

}  // namespace ropelab::ui
