// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/parameter_history.h"

#include <QCoreApplication>
#include <QTimer>
#include <QUndoCommand>
#include <QUndoStack>
#include <bit>

#include "model/parameter_model.h"

namespace ropelab::ui {

namespace {

// The translation context of the undo steps' names.
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::ParameterHistory)
};

QString stepText(ParameterModel::Parameters changed) {
    using P = ParameterModel::Parameter;
    if (changed == P::HeadDim) return Tr::tr("Change head dimension");
    if (changed == P::RopeTheta) return Tr::tr("Change base");
    if (changed == P::RopeScaling) return Tr::tr("Change RoPE scaling");
    if (changed == P::Layout) return Tr::tr("Change pair layout");
    if (changed == P::Positions) return Tr::tr("Move positions");
    if (changed == P::SequenceLength) return Tr::tr("Change sequence length");
    if (changed == P::Seed) return Tr::tr("Change random vectors");
    return Tr::tr("Change parameters");
}

}  // namespace

class ParameterChangeCommand : public QUndoCommand {
public:
    ParameterChangeCommand(ParameterHistory& history, ParameterSnapshot before,
                           ParameterSnapshot after, qint64 time)
        : history_(history),
          before_(std::move(before)),
          after_(std::move(after)),
          changed_(differingParameters(before_, after_)),
          time_(time) {
        setText(stepText(changed_));
    }

    int id() const override { return 0x524c; }

    void undo() override { history_.restore(before_); }
    void redo() override {
        // Pushed after the change happened: the first redo has nothing to do.
        if (firstRedo_) {
            firstRedo_ = false;
            return;
        }
        history_.restore(after_);
    }

    bool mergeWith(const QUndoCommand* other) override {
        const auto* next = static_cast<const ParameterChangeCommand*>(other);
        if (next->changed_ != changed_ ||
            !std::has_single_bit(static_cast<unsigned>(changed_.toInt())) ||
            next->time_ - time_ > history_.mergeWindow()) {
            return false;
        }
        after_ = next->after_;
        time_ = next->time_;
        // A drag that ends where it started leaves nothing to undo.
        setObsolete(after_ == before_);
        return true;
    }

private:
    ParameterHistory& history_;
    ParameterSnapshot before_;
    ParameterSnapshot after_;
    ParameterModel::Parameters changed_;
    qint64 time_;
    bool firstRedo_ = true;
};

ParameterHistory::ParameterHistory(ParameterModel& model, QObject* parent)
    : QObject(parent),
      model_(model),
      stack_(new QUndoStack(this)),
      recorded_(ParameterSnapshot::of(model)) {
    clock_.start();
    connect(&model_, &ParameterModel::changed, this, &ParameterHistory::onModelChanged);
}

void ParameterHistory::onModelChanged() {
    if (restoring_) return;
    if (pending_) return;
    pending_ = true;
    QTimer::singleShot(0, this, &ParameterHistory::flush);
}

void ParameterHistory::flush() {
    if (!pending_) return;
    pending_ = false;
    const ParameterSnapshot now = ParameterSnapshot::of(model_);
    if (now == recorded_) return;
    stack_->push(new ParameterChangeCommand(*this, recorded_, now, clock_.elapsed()));
    recorded_ = now;
}

void ParameterHistory::resetBaseline() {
    pending_ = false;
    stack_->clear();
    recorded_ = ParameterSnapshot::of(model_);
}

void ParameterHistory::restore(const ParameterSnapshot& snapshot) {
    restoring_ = true;
    model_.setAll(snapshot);
    restoring_ = false;
    recorded_ = ParameterSnapshot::of(model_);
}

}  // namespace ropelab::ui
