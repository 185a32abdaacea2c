// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mnemonics.h"

#include <QAbstractButton>
#include <QAction>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QTabBar>

namespace ropelab::ui {

namespace {

QList<MnemonicClash> clashes(const QList<QString>& texts) {
    QMap<QString, QStringList> byKey;
    for (const QString& text : texts) {
        const QString key = mnemonicOf(text);
        if (!key.isEmpty()) byKey[key].append(text);
    }
    QList<MnemonicClash> found;
    for (auto it = byKey.constBegin(); it != byKey.constEnd(); ++it) {
        if (it.value().size() > 1) found.append({it.key(), it.value()});
    }
    return found;
}

}  // namespace

QString mnemonicOf(const QString& text) {
    return QKeySequence::mnemonic(text).toString(QKeySequence::PortableText);
}

QList<MnemonicClash> windowMnemonicClashes(const QWidget& window) {
    QList<QString> texts;
    if (const QMenuBar* bar = window.findChild<QMenuBar*>(QString(), Qt::FindDirectChildrenOnly)) {
        for (const QAction* action : bar->actions()) {
            if (action->isVisible()) texts.append(action->text());
        }
    }
    for (const QWidget* widget : window.findChildren<QWidget*>()) {
        if (widget->window() != &window || !widget->isVisible()) continue;
        if (const auto* button = qobject_cast<const QAbstractButton*>(widget)) {
            texts.append(button->text());
        } else if (const auto* label = qobject_cast<const QLabel*>(widget);
                   label != nullptr && label->buddy() != nullptr) {
            texts.append(label->text());
        } else if (const auto* group = qobject_cast<const QGroupBox*>(widget)) {
            texts.append(group->title());
        } else if (const auto* tabs = qobject_cast<const QTabBar*>(widget)) {
            for (int i = 0; i < tabs->count(); ++i) {
                if (tabs->isTabVisible(i)) texts.append(tabs->tabText(i));
            }
        }
    }
    return clashes(texts);
}

QList<MnemonicClash> menuMnemonicClashes(const QMenu& menu) {
    QList<QString> texts;
    for (const QAction* action : menu.actions()) {
        if (action->isVisible() && !action->isSeparator()) texts.append(action->text());
    }
    return clashes(texts);
}

}  // namespace ropelab::ui
