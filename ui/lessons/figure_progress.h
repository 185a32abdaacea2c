// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The bar over a lesson's plots while a figure computes in the background: it shows up only
// for a job that takes long (a short one finishes without a bar flashing up), follows the job's
// fraction and has a Cancel button.

#include <QWidget>
#include <functional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace ropelab::ui {

class VerticalScroll;

class FigureProgress : public QWidget {
    Q_OBJECT
public:
    // Lies over the top of `plots`, so showing or hiding it resizes no plot; shows up only while
    // `wanted` says so when a job has run for a while.
    FigureProgress(VerticalScroll* plots, std::function<bool()> wanted);

    // A job started: busy until it reports a fraction.
    void started();
    void setFraction(double fraction);
    // Every job ended.
    void ended();
    // Its words, in the language shown now (its page calls it).
    void retranslate();

signals:
    void cancelClicked();

private:
    VerticalScroll* plots_;
    std::function<bool()> wanted_;
    QLabel* label_;
    QProgressBar* bar_;
    QPushButton* cancel_;
    QTimer* delay_;
};

}  // namespace ropelab::ui
