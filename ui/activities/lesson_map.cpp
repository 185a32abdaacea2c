// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/lesson_map.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>

#include "activities/activity_runner.h"
#include "lessons/lesson.h"

namespace ropelab::ui {

QString LessonMap::whatYouWillSee(const QString& id) {
    static const struct {
        const char* lesson;
        const char* text;
    } kLines[] = {
        {"order",
         QT_TR_NOOP("Without positions, 狗追猪 and 猪追狗 give the same attention outputs.")},
        {"absolute", QT_TR_NOOP("A vector per position: the learned table and the sinusoids.")},
        {"relative", QT_TR_NOOP("Bias by distance instead: T5 buckets and ALiBi slopes.")},
        {"rope-2d",
         QT_TR_NOOP(
             "One pair of q and k turning on a circle: the angle between them follows m − n.")},
        {"rope-nd",
         QT_TR_NOOP("Every pair as a clock hand, fast and slow, and the spiral they draw.")},
        {"invariance",
         QT_TR_NOOP("q·k depends on m − n only, for RoPE, and not for added encodings.")},
        {"frequencies",
         QT_TR_NOOP("Wavelengths against the context, and how real models stretch them.")},
        {"pitfall", QT_TR_NOOP("A widely copied wrong implementation beside correct RoPE.")},
        {"sweeps", QT_TR_NOOP("Scores over millions of distances, on the CPU or a GPU backend.")},
        {"precision", QT_TR_NOOP("How float32 loses the phase at large positions, and the fix.")},
        {"clinic", QT_TR_NOOP("What practitioners get wrong: tool conventions, weight layouts, "
                              "the KV cache, 16-bit positions.")},
        {"real-model", QT_TR_NOOP("Which RoPE pairs a real checkpoint's q and k weights use, "
                                  "layer by layer and head by head.")},
        {"training", QT_TR_NOOP("Small models trained with each encoding, tested on sequences "
                                "longer than they saw.")},
    };
    for (const auto& line : kLines) {
        if (id == QLatin1String(line.lesson)) return tr(line.text);
    }
    return {};
}

QString LessonMap::progressText(const Activity& activity) {
    if (ActivityRunner::finished(activity.id)) return tr("✓ Done");
    const int step = ActivityRunner::savedStep(activity.id);
    if (step > 0) return tr("Step %1 of %2").arg(step + 1).arg(activity.steps.size());
    return tr("Not started");
}

LessonMap::LessonMap(const std::vector<Lesson*>& lessons, const QList<Activity>& activities,
                     const QString& language, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("lessonMap"));
    setWindowTitle(tr("Lesson map"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("The lessons in teaching order: from why word order matters to RoPE, the numbers of "
           "real models, what practitioners get wrong, what a real model's weights do with RoPE "
           "and what small models learn with each encoding. Each activity asks you to predict, "
           "then try it."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* start = new QPushButton(tr("Start here: lesson 1, first activity"), this);
    start->setObjectName(QStringLiteral("startHere"));
    start->setDefault(true);
    layout->addWidget(start);
    const Activity* first = nullptr;
    for (const Activity& activity : activities) {
        if (!lessons.empty() && activity.lesson == lessons.front()->id()) {
            first = &activity;
            break;
        }
    }
    start->setEnabled(first != nullptr);
    if (first != nullptr) {
        const QString id = first->id;
        connect(start, &QPushButton::clicked, this, [this, id] {
            emit activityChosen(id);
            accept();
        });
    }

    auto* cards = new QWidget;
    auto* grid = new QGridLayout(cards);
    grid->setSpacing(8);
    for (std::size_t i = 0; i < lessons.size(); ++i) {
        const Lesson* lesson = lessons[i];
        auto* card = new QFrame(cards);
        card->setFrameShape(QFrame::StyledPanel);
        card->setObjectName(QStringLiteral("card-%1").arg(lesson->id()));
        auto* cardLayout = new QVBoxLayout(card);
        auto* open = new QPushButton(tr("%1. %2").arg(i + 1).arg(lesson->title()), card);
        open->setFlat(true);
        QFont bold = open->font();
        bold.setBold(true);
        open->setFont(bold);
        open->setStyleSheet(QStringLiteral("text-align: left;"));
        const QString lessonId = lesson->id();
        connect(open, &QPushButton::clicked, this, [this, lessonId] {
            emit lessonChosen(lessonId);
            accept();
        });
        cardLayout->addWidget(open);
        auto* what = new QLabel(whatYouWillSee(lessonId), card);
        what->setWordWrap(true);
        cardLayout->addWidget(what);
        for (const Activity& activity : activities) {
            if (activity.lesson != lessonId) continue;
            auto* row = new QPushButton(
                tr("▶ %1 — %2").arg(activity.title.in(language), progressText(activity)), card);
            row->setObjectName(QStringLiteral("activity-%1").arg(activity.id));
            row->setStyleSheet(QStringLiteral("text-align: left; padding: 3px 6px;"));
            const QString activityId = activity.id;
            connect(row, &QPushButton::clicked, this, [this, activityId] {
                emit activityChosen(activityId);
                accept();
            });
            cardLayout->addWidget(row);
        }
        cardLayout->addStretch(1);
        cards_.append(card);
    }
    cardArea_ = cards;
    grid_ = grid;
    auto* scroll = new QScrollArea(this);
    scroll_ = scroll;
    scroll->setWidget(cards);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(scroll, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    // Ours, not Qt's: Qt's own catalogue may be missing on the system.
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    fitToScreen();
}

void LessonMap::arrangeCards(int columns) {
    for (QFrame* card : std::as_const(cards_)) grid_->removeWidget(card);
    for (qsizetype i = 0; i < cards_.size(); ++i) {
        grid_->addWidget(cards_[i], static_cast<int>(i / columns), static_cast<int>(i % columns));
    }
    for (int column = 0; column < grid_->columnCount(); ++column) {
        grid_->setColumnStretch(column, column < columns ? 1 : 0);
    }
}

QSize LessonMap::wholeSize(int width) const {
    const int frame = 2 * scroll_->frameWidth();
    const QMargins margins = layout()->contentsMargins();
    const int inner = width - margins.left() - margins.right() - frame;
    const int cardsHeight = cardArea_->layout()->hasHeightForWidth()
                                ? cardArea_->layout()->totalHeightForWidth(inner)
                                : cardArea_->sizeHint().height();
    // Everything but the cards at their least, the cards whole.
    const int others = layout()->totalMinimumSize().height() - scroll_->minimumSizeHint().height();
    return {width, others + cardsHeight + frame};
}

void LessonMap::fitToScreen() {
    const QWidget* anchor = parentWidget() != nullptr ? parentWidget() : this;
    const QRect available = anchor->screen()->availableGeometry();
    // A window frame's title bar and borders, which the free area must hold too.
    const QSize room = available.size() - QSize(16, 48);
    // A card's comfortable width: its activity titles on one line in either language.
    constexpr int kCardChars = 54;
    const int cardWidth = kCardChars * std::max(1, fontMetrics().averageCharWidth());
    // The fewest columns that show every card whole; when none does, the most that fit the
    // screen's width, and the rest scrolls vertically (a card cut off at the side is never read).
    QSize best;
    int bestColumns = 1;
    const QMargins margins = layout()->contentsMargins();
    // Beside the cards: the dialog's margins, the scroll area's frame and its vertical scroll bar.
    const int besideCards = margins.left() + margins.right() + 2 * scroll_->frameWidth() +
                            scroll_->verticalScrollBar()->sizeHint().width();
    for (int columns = 1; columns <= 6; ++columns) {
        arrangeCards(columns);
        const int width = std::min(room.width(), columns * cardWidth);
        // The cards' own least width counts too: the scroll area's hint leaves it out, and a
        // squeezed card is cut off at the side (five columns on a 1024 × 768 screen).
        const int least = std::max({width, layout()->totalMinimumSize().width(),
                                    cardArea_->layout()->totalMinimumSize().width() + besideCards});
        const QSize size = wholeSize(least);
        if (size.width() > room.width() && best.isValid()) break;
        best = size;
        bestColumns = columns;
        if (size.height() <= room.height()) break;
    }
    arrangeCards(bestColumns);
    resize(best.boundedTo(room));
}

}  // namespace ropelab::ui
