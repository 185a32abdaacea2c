// SPDX-License-Identifier: GPL-3.0-or-later
// tests ui/model/parameter_model.*: one changed() per change, naming what changed; the model (not
// the panel) pulls m and n into a shorter sequence; Ctrl+Z undoes such a change in one step.
#include <gtest/gtest.h>

#include <QApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "model/parameter_history.h"
#include "model/parameter_model.h"
#include "session/session_controller.h"
#include "widgets/labeled_slider.h"
#include "window/app_controller.h"
#include "window/main_window.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {
namespace {

using P = ParameterModel::Parameter;
using Parameters = ParameterModel::Parameters;

Parameters takeOnly(QSignalSpy& spy) {
    EXPECT_EQ(spy.size(), 1);
    return spy.isEmpty() ? Parameters() : spy.takeFirst().at(0).value<Parameters>();
}

TEST(ParameterModel, EachChangeEmitsOnceNamingWhatChanged) {
    ParameterModel model;
    QSignalSpy changed(&model, &ParameterModel::changed);
    ASSERT_TRUE(model.setHeadDim(32));
    EXPECT_EQ(takeOnly(changed), Parameters(P::HeadDim));
    ASSERT_TRUE(model.setRopeTheta(500.0));
    EXPECT_EQ(takeOnly(changed), Parameters(P::RopeTheta));
    RopeParams linear = model.rope();
    linear.ropeType = RopeType::Linear;
    linear.factor = 2.0;
    ASSERT_TRUE(model.setRope(linear));
    EXPECT_EQ(takeOnly(changed), Parameters(P::RopeScaling));
    model.setLayout(RopeLayout::Interleaved);
    EXPECT_EQ(takeOnly(changed), Parameters(P::Layout));
    ASSERT_TRUE(model.setPositions(7, 3));
    EXPECT_EQ(takeOnly(changed), Parameters(P::Positions));
    ASSERT_TRUE(model.setSequenceLength(100));
    EXPECT_EQ(takeOnly(changed), Parameters(P::SequenceLength));
    model.setSeed(9);
    EXPECT_EQ(takeOnly(changed), Parameters(P::Seed));

    // Setting what is there already, or a refused value, says nothing.
    model.setSeed(9);
    ASSERT_TRUE(model.setPositions(7, 3));
    EXPECT_FALSE(model.setSequenceLength(0));
    EXPECT_EQ(changed.size(), 0);

    ParameterSnapshot all = ParameterSnapshot::of(model);
    all.rope.headDim = 64;
    all.seed = 1;
    ASSERT_TRUE(model.setAll(all).isEmpty());
    EXPECT_EQ(takeOnly(changed), P::HeadDim | P::Seed);
}

TEST(ParameterModel, AShorterSequencePullsThePositionsInWithinTheSameChange) {
    ParameterModel model;
    ASSERT_TRUE(model.setPositions(200, 40));
    QSignalSpy changed(&model, &ParameterModel::changed);
    ASSERT_TRUE(model.setSequenceLength(64));
    EXPECT_EQ(takeOnly(changed), P::SequenceLength | P::Positions);
    EXPECT_EQ(model.queryPosition(), 63);
    EXPECT_EQ(model.keyPosition(), 40);
    ASSERT_TRUE(model.setSequenceLength(1));
    EXPECT_EQ(takeOnly(changed), P::SequenceLength | P::Positions);
    EXPECT_EQ(model.queryPosition(), 0);
    EXPECT_EQ(model.keyPosition(), 0);
    // Growing the sequence leaves them where they are.
    ASSERT_TRUE(model.setSequenceLength(512));
    EXPECT_EQ(takeOnly(changed), Parameters(P::SequenceLength));
    EXPECT_EQ(model.queryPosition(), 0);
}

TEST(ParameterModel, ASnapshotIsRestoredExactlyEvenPastTheSequence) {
    ParameterModel model;
    ParameterSnapshot past = ParameterSnapshot::of(model);
    past.sequenceLength = 16;
    past.queryPosition = 30;  // where lesson 4's shift buttons can leave it
    ASSERT_TRUE(model.setAll(past).isEmpty());
    EXPECT_EQ(ParameterSnapshot::of(model), past);
}

// What the student does: the shared parameters' panel inside the window, Ctrl+Z from its spin box.
struct App {
    MainWindow window;
    ParameterModel& model = window.parameterModel();
    ParameterPanel& panel = *window.parameterPanel();

    App() {
        window.showNormal();
        window.resize(1600, 900);  // the shared parameters docked, in view
        QApplication::setActiveWindow(&window);
        static_cast<void>(QTest::qWaitForWindowActive(&window));
        QApplication::processEvents();
    }
};

TEST(ParameterModel, ShrinkingTheSequenceInThePanelIsOneChangeAndOneUndoStep) {
    QSettings().clear();
    App app;
    ASSERT_TRUE(app.window.showLesson(QStringLiteral("rope-2d")));  // a lesson that reads N, m, n
    QApplication::processEvents();
    ASSERT_TRUE(app.model.setPositions(120, 90));
    app.window.app().sessions().history().flush();
    const ParameterSnapshot before = ParameterSnapshot::of(app.model);

    QSignalSpy changed(&app.model, &ParameterModel::changed);
    QSpinBox* length = app.panel.sequenceLengthSlider()->spinBox();
    length->setValue(50);
    EXPECT_EQ(takeOnly(changed), P::SequenceLength | P::Positions);
    EXPECT_EQ(app.model.sequenceLength(), 50);
    EXPECT_EQ(app.model.queryPosition(), 49);
    EXPECT_EQ(app.model.keyPosition(), 49);
    EXPECT_EQ(app.panel.queryPositionSlider()->value(), 49);
    EXPECT_EQ(app.panel.keyPositionSlider()->value(), 49);

    length->setFocus();
    ASSERT_TRUE(length->hasFocus());
    QTest::keyClick(length, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(ParameterSnapshot::of(app.model), before);
    EXPECT_EQ(takeOnly(changed), P::SequenceLength | P::Positions);
    EXPECT_EQ(length->value(), before.sequenceLength);
    EXPECT_EQ(app.panel.queryPositionSlider()->value(), 120);
}

}  // namespace
}  // namespace ropelab::ui
