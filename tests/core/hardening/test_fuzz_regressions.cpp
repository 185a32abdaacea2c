// Replays every saved fuzz input (tests/fuzz/corpus/<target>/ and tests/fuzz/regressions/<target>/)
// through the same entry points libFuzzer drives (tests/fuzz/fuzz_entries.h), in the normal
// build: each input must be refused cleanly or accepted with sane results. The regressions are
// the inputs that once crashed (see tests/fuzz/regressions/README.md for what each one was).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz_entries.h"

namespace ropelab::fuzz {

namespace {

// Here a broken invariant fails the test with the reason instead of aborting the whole binary.
struct InvariantBroken : std::logic_error {
    using std::logic_error::logic_error;
};

}  // namespace

void fuzzFail(std::string_view what, std::string_view detail) {
    throw InvariantBroken(std::string(what) + ": " + std::string(detail));
}

}  // namespace ropelab::fuzz

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> savedInputs(const std::string& target) {
    std::vector<fs::path> files;
    for (const char* kind : {"corpus", "regressions"}) {
        const fs::path dir = fs::path(ROPELAB_SOURCE_DIR) / "tests/fuzz" / kind / target;
        if (!fs::is_directory(dir)) continue;
        for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
            if (entry.is_regular_file() && entry.path().filename() != "README.md") {
                files.push_back(entry.path());
            }
        }
    }
    return files;
}

using Entry = int (*)(const std::uint8_t*, std::size_t);

void replayAll(const std::string& target, Entry entry, std::size_t atLeast) {
    const std::vector<fs::path> files = savedInputs(target);
    EXPECT_GE(files.size(), atLeast) << "seed corpus of " << target << " went missing";
    for (const fs::path& file : files) {
        std::ifstream stream(file, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(stream)),
                                std::istreambuf_iterator<char>());
        // Named before the call: a real crash (signal) leaves this as the last line.
        std::cerr << "replaying " << file.filename().string() << '\n';
        try {
            EXPECT_EQ(entry(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), 0)
                << file;
        } catch (const std::exception& error) {
            ADD_FAILURE() << file << ": " << error.what();
        }
    }
}

TEST(FuzzRegressions, HfConfigInputsAreRefusedOrSane) {
    replayAll("hf_config", ropelab::fuzz::hfConfig, 10);
}

TEST(FuzzRegressions, RangeListInputsAreRefusedOrSane) {
    replayAll("range_list", ropelab::fuzz::rangeList, 10);
}

}  // namespace
