// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/backend_picker.h"

#include <QLabel>
#include <QStandardItemModel>

#include "compute/backend_registry.h"
#include "model/latest_job.h"
#include "model/parameter_text.h"
#include "widgets/choice_box.h"
#include "widgets/wrapped_label.h"

namespace ropelab::ui {

namespace {

QString kindName(BackendKind kind) {
    return QString::fromUtf8(toString(kind).data());
}

}  // namespace

BackendPicker::BackendPicker(QWidget* parent)
    : QObject(parent), box_(new ChoiceBox(parent)), info_(new WrappedLabel(parent)) {
    info_->setTextFormat(Qt::RichText);
}

void BackendPicker::setTexts(const Texts& texts) {
    texts_ = texts;
    fill();
}

void BackendPicker::probe() {
    if (!backends_.empty() || probe_ != nullptr) return;
    probe_ = new LatestJob(this);
    probe_->start(
        [this](const Execution&) -> LatestJob::Apply {
            return [this, found = probeBackends()] {
                backends_ = found;
                fill();
            };
        },
        1);
}

BackendChoice BackendPicker::choice() const {
    return parseBackendChoice(box_->currentData().toString().toStdString());
}

void BackendPicker::setChoice(BackendChoice choice) {
    const int index = box_->findData(QString::fromUtf8(toString(choice).data()));
    if (index >= 0) box_->setCurrentIndex(index);
}

void BackendPicker::fill() {
    const QString current = box_->currentData().toString();
    box_->clear();
    box_->addItem(texts_.automatic, QStringLiteral("auto"));
    if (backends_.empty()) {
        // Not probed yet (probing maps the OpenCL driver, LLVM included): every kind is listed.
        for (BackendKind kind : {BackendKind::Cpu, BackendKind::OpenCl, BackendKind::Cuda})
            box_->addItem(kindName(kind), kindName(kind));
        info_->setText(texts_.probing);
    }
    QString info;
    for (const BackendInfo& b : backends_) {
        const QString name = kindName(b.kind);
        box_->addItem(name, name);
        const int index = box_->count() - 1;
        if (!b.available) {
            // Greyed out, with the reason as its tooltip.
            if (auto* model = qobject_cast<QStandardItemModel*>(box_->model())) {
                model->item(index)->setEnabled(false);
            }
            const QString reason = b.problem ? deviceProblemText(*b.problem) : QString();
            box_->setItemData(index, reason, Qt::ToolTipRole);
            info += texts_.unavailable.arg(name, reason.toHtmlEscaped());
        } else {
            box_->setItemData(index, QString::fromStdString(b.device), Qt::ToolTipRole);
            info += texts_.available.arg(name, QString::fromStdString(b.device).toHtmlEscaped());
        }
    }
    if (!backends_.empty()) info_->setText(info);
    const int index = box_->findData(current);
    box_->setCurrentIndex(index >= 0 ? index : 0);
}

QString backendText(BackendKind kind, const std::string& device) {
    return device.empty()
               ? kindName(kind)
               : QStringLiteral("%1 (%2)").arg(kindName(kind), QString::fromStdString(device));
}

}  // namespace ropelab::ui
