// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzz_replay.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace ropelab::fuzz {

namespace {

namespace fs = std::filesystem;

struct InvariantBroken : std::logic_error {
    using std::logic_error::logic_error;
};

std::vector<fs::path> savedInputs(const std::string& target) {
    std::vector<fs::path> files;
    for (const char* kind : {"corpus", "regressions"}) {
        const fs::path dir = fs::path(ROPELAB_SOURCE_DIR) / "tests/fuzz" / kind / target;
        if (!fs::is_directory(dir)) continue;
        for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
            if (entry.is_regular_file()) files.push_back(entry.path());
        }
    }
    return files;
}

}  // namespace

void fuzzFail(std::string_view what, std::string_view detail) {
    throw InvariantBroken(std::string(what) + ": " + std::string(detail));
}

void replaySavedInputs(const std::string& target, Entry entry, std::size_t atLeast) {
    const std::vector<fs::path> files = savedInputs(target);
    EXPECT_GE(files.size(), atLeast) << "saved inputs of " << target << " went missing";
    for (const fs::path& file : files) {
        std::ifstream stream(file, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(stream)),
                                std::istreambuf_iterator<char>());
        // Named before the call: a real crash (a signal) leaves this as the last line.
        std::cerr << "replaying " << target << '/' << file.filename().string() << '\n';
        try {
            EXPECT_EQ(entry(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), 0)
                << file;
        } catch (const std::exception& error) {
            ADD_FAILURE() << file << ": " << error.what();
        }
    }
}

}  // namespace ropelab::fuzz
