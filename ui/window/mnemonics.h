// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Alt+letter accelerators ("&File", "&Next ▶") must be unique where they act: across a window's
// menu bar titles and its shown buttons, labels with buddies and tabs, and within each menu. Two
// with the same letter do not both work: Alt+F opened the File menu instead of pressing Finish.

#include <QList>
#include <QString>
#include <QStringList>

class QMenu;
class QWidget;

namespace ropelab::ui {

struct MnemonicClash {
    QString key;         // "Alt+F"
    QStringList owners;  // the texts that share it
};

// The accelerator of a text ("&Finish" → "Alt+F"), empty when it has none ("&&" is a literal &).
QString mnemonicOf(const QString& text);
// Clashes among the menu bar titles and every shown widget of `window` (not of other windows).
QList<MnemonicClash> windowMnemonicClashes(const QWidget& window);
// Clashes among the visible actions of `menu` (its submenus are menus of their own).
QList<MnemonicClash> menuMnemonicClashes(const QMenu& menu);

}  // namespace ropelab::ui
