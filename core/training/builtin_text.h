// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The text the text task trains on when the user opens none: RoPE Lab's LICENSE file, the GNU
// General Public License version 3 (verbatim copies are allowed), compiled in at build time.

#include <string_view>

namespace ropelab::training {

std::string_view builtinText();

}  // namespace ropelab::training
