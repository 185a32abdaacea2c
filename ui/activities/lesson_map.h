// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The lesson map: the lessons as cards in teaching order, each with a line on what it shows, its
// activities and the student's progress in them; "Start here" opens lesson 1's first activity.

#include <QDialog>
#include <QList>
#include <QString>

#include "activities/activity.h"

class QFrame;
class QGridLayout;
class QPushButton;
class QScrollArea;

namespace ropelab::ui {

class Lesson;

class LessonMap : public QDialog {
    Q_OBJECT
public:
    LessonMap(const std::vector<Lesson*>& lessons, const QList<Activity>& activities,
              const QString& language, QWidget* parent = nullptr);

    // What a lesson shows, in one line (translated), by lesson id.
    static QString whatYouWillSee(const QString& lessonId);
    // "Done", "Step 2 of 4" or "Not started" for an activity.
    static QString progressText(const Activity& activity);

signals:
    void activityChosen(const QString& activityId);
    void lessonChosen(const QString& lessonId);

private:
    // Opens whole: as many card columns as it takes for every card to show without scrolling on
    // the screen's free area, at the size that needs (it scrolls only where no column count fits).
    void fitToScreen();
    void arrangeCards(int columns);
    // The dialog's size with every card shown unscrolled at `width`.
    QSize wholeSize(int width) const;

    QList<QFrame*> cards_;
    QWidget* cardArea_ = nullptr;
    QGridLayout* grid_ = nullptr;
    QScrollArea* scroll_ = nullptr;
};

}  // namespace ropelab::ui
