// SPDX-License-Identifier: GPL-3.0-or-later
// The safetensors reader on headers written here as text (honest and lying), and the writer by a
// round trip. Expected floats are the IEEE formats' definitions: F16 0x3C00 = 1, 0xC000 = −2,
// 0x0001 = 2^−24 (the smallest subnormal); BF16 0x4049 = 3.140625 (the top half of a float).

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "safetensors_builder.h"
#include "temp_folder.h"
#include "weights/safetensors.h"
#include "weights/weights_error.h"

namespace ropelab {
namespace {

using test::put16;
using test::putF32;
using test::putF64;
using test::safetensorsBytes;
using test::TempFolder;

// The WeightsError a file's bytes give on opening (fault None and "" if none).
std::pair<WeightsFault, std::string> refusal(const std::vector<std::uint8_t>& bytes) {
    try {
        SafetensorsFile file(bytes, "m.safetensors");
    } catch (const WeightsError& error) {
        return {error.problem().fault, error.what()};
    }
    return {WeightsFault::None, ""};
}

TEST(Safetensors, ReadsEachFloatDtypeExactly) {
    std::vector<std::uint8_t> data;
    putF32(data, 1.5f);
    putF32(data, -0.25f);
    put16(data, 0x3C00);  // F16 1
    put16(data, 0xC000);  // F16 -2
    put16(data, 0x0001);  // F16 2^-24
    put16(data, 0x7BFF);  // F16 65504, the largest
    put16(data, 0x3F80);  // BF16 1
    put16(data, 0x4049);  // BF16 3.140625
    putF64(data, 0.1);
    const std::string header = R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                               R"("b":{"dtype":"F16","shape":[2,2],"data_offsets":[8,16]},)"
                               R"("c":{"dtype":"BF16","shape":[1,2],"data_offsets":[16,20]},)"
                               R"("d":{"dtype":"F64","shape":[],"data_offsets":[20,28]},)"
                               R"("__metadata__":{"format":"pt","step":"7"}})";
    const auto bytes = safetensorsBytes(header, data);
    const SafetensorsFile file(bytes, "m.safetensors");
    ASSERT_EQ(file.tensors().size(), 4u);
    EXPECT_EQ(file.read(file.tensor("a")), (std::vector<float>{1.5f, -0.25f}));
    EXPECT_EQ(file.read(file.tensor("b")), (std::vector<float>{1.0f, -2.0f, 0x1p-24f, 65504.0f}));
    EXPECT_EQ(file.read(file.tensor("c")), (std::vector<float>{1.0f, 3.140625f}));
    EXPECT_EQ(file.read(file.tensor("d")), (std::vector<float>{0.1f}));
    EXPECT_EQ(file.tensor("b").rows(), 2u);
    EXPECT_EQ(file.tensor("b").rowLength(), 2u);
    EXPECT_EQ(file.tensor("d").elements(), 1u);
    std::vector<float> row(2);
    file.readRows(file.tensor("b"), 1, 1, row);
    EXPECT_EQ(row, (std::vector<float>{0x1p-24f, 65504.0f}));
    ASSERT_NE(file.metadata("step"), nullptr);
    EXPECT_EQ(*file.metadata("step"), "7");
    EXPECT_EQ(file.metadata("absent"), nullptr);
}

TEST(Safetensors, RoundTripsF32TensorsAndMetadataThroughAFile) {
    const TempFolder folder;
    const std::filesystem::path path = folder.path() / "tiny.safetensors";
    std::vector<float> w(3 * 5), bias(5);
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = 0.5f * static_cast<float>(i) - 3.0f;
    for (std::size_t i = 0; i < bias.size(); ++i) bias[i] = std::ldexp(1.0f, -static_cast<int>(i));
    const std::vector<SafetensorsWriteTensor> tensors = {{"layer.w", {3, 5}, w},
                                                         {"layer.b", {5}, bias}};
    writeSafetensors(path, tensors, {{"step", "100"}, {"note", "tiny"}});
    EXPECT_EQ(folder.names(), std::vector<std::string>{"tiny.safetensors"});  // no temp file left
    EXPECT_EQ(std::filesystem::status(path).permissions() & std::filesystem::perms::others_read,
              std::filesystem::perms::others_read);

    const SafetensorsFile file(path);
    EXPECT_EQ(file.read(file.tensor("layer.w")), w);
    EXPECT_EQ(file.read(file.tensor("layer.b")), bias);
    EXPECT_EQ(file.tensor("layer.w").shape, (std::vector<std::uint64_t>{3, 5}));
    EXPECT_EQ(file.tensor("layer.w").dtype, "F32");
    std::vector<float> rows(2 * 5);
    file.readRows(file.tensor("layer.w"), 1, 2, rows);
    EXPECT_EQ(rows, std::vector<float>(w.begin() + 5, w.end()));
    EXPECT_EQ(file.metadata(),
              (std::map<std::string, std::string>{{"note", "tiny"}, {"step", "100"}}));
    // The data starts 8-byte aligned, as Hugging Face's writer pads the header with spaces.
    EXPECT_EQ(file.tensor("layer.w").offset % 8, 0u);

    // Writing again replaces the file whole.
    writeSafetensors(path, std::vector<SafetensorsWriteTensor>{{"x", {5}, bias}});
    const SafetensorsFile again(path);
    EXPECT_EQ(again.tensors().size(), 1u);
    EXPECT_TRUE(again.metadata().empty());
}

TEST(Safetensors, AFailedWriteLeavesNoFileAndSaysWhy) {
    const TempFolder folder;
    const std::vector<float> values(4, 1.0f);
    const std::filesystem::path missing = folder.path() / "no-such-folder" / "m.safetensors";
    try {
        writeSafetensors(missing, std::vector<SafetensorsWriteTensor>{{"w", {4}, values}});
        FAIL() << "wrote into a folder that does not exist";
    } catch (const WeightsError& error) {
        EXPECT_EQ(error.problem().fault, WeightsFault::WriteFailed);
        EXPECT_EQ(std::string(error.what()),
                  "'" + missing.string() + "': cannot write (No such file or directory)");
    }
    // A folder in the way of the target: rename fails, the temporary file goes.
    std::filesystem::create_directory(folder.path() / "taken");
    EXPECT_THROW(writeSafetensors(folder.path() / "taken",
                                  std::vector<SafetensorsWriteTensor>{{"w", {4}, values}}),
                 WeightsError);
    EXPECT_EQ(folder.names(), std::vector<std::string>{"taken"});
    // Values that do not fill the shape, and a duplicate name, are refused before any write.
    const std::filesystem::path path = folder.path() / "m.safetensors";
    EXPECT_THROW(writeSafetensors(path, std::vector<SafetensorsWriteTensor>{{"w", {5}, values}}),
                 WeightsError);
    EXPECT_THROW(writeSafetensors(path, std::vector<SafetensorsWriteTensor>{{"w", {4}, values},
                                                                            {"w", {4}, values}}),
                 WeightsError);
    EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(Safetensors, RefusesLyingHeadersBeforeAllocating) {
    const std::vector<std::uint8_t> eight(8, 0);
    // A header length of 2^62: refused by the bound, nothing read or allocated for it.
    std::vector<std::uint8_t> huge = {0, 0, 0, 0, 0, 0, 0, 0x40, '{', '}'};
    EXPECT_EQ(refusal(huge),
              std::make_pair(WeightsFault::HeaderTooLarge,
                             std::string("'m.safetensors': the header claims 4611686018427387904 "
                                         "bytes; RoPE Lab reads headers up to 100000000 bytes")));
    std::vector<std::uint8_t> beyond = safetensorsBytes("{}", {});
    beyond[0] = 50;
    EXPECT_EQ(refusal(beyond).second, "'m.safetensors': the header claims 50 bytes, only 2 follow");
    EXPECT_EQ(refusal({1, 2, 3}).second,
              "'m.safetensors': truncated: the 8-byte header length needs 8 bytes, the file has 3");
    EXPECT_EQ(refusal(safetensorsBytes("{\"a\":", {})).first, WeightsFault::HeaderNotJson);
    EXPECT_EQ(refusal(safetensorsBytes("[1,2]", {})).second,
              "'m.safetensors': the header is not a JSON object");

    const auto one = [&](const std::string& entry, std::size_t dataBytes) {
        return refusal(safetensorsBytes("{" + entry + "}", std::vector<std::uint8_t>(dataBytes)));
    };
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[4],"data_offsets":[0,16]})", 8).second,
              "'m.safetensors': tensor 'w' ends at byte 16, beyond the data's 8 bytes");
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[4],"data_offsets":[0,12]})", 16).second,
              "'m.safetensors': tensor 'w' needs 16 bytes for its shape and type, its data has 12");
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                  R"("v":{"dtype":"F32","shape":[2],"data_offsets":[4,12]})",
                  16)
                  .second,
              "'m.safetensors': tensor 'v' overlaps tensor 'w'");
    EXPECT_EQ(one(R"("w":{"dtype":"Q4","shape":[2],"data_offsets":[0,1]})", 1).second,
              "'m.safetensors': tensor 'w' has unknown dtype 'Q4'");
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[2],"data_offsets":[8,0]})", 8).second,
              "'m.safetensors': the header entry 'w' has data_offsets that end before they begin");
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]})", 8).second,
              "'m.safetensors': the header entry 'w' holds a negative number where it does not "
              "belong");
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[4294967296,4294967296,16],)"
                  R"("data_offsets":[0,8]})",
                  8)
                  .first,
              WeightsFault::BadShape);
    EXPECT_EQ(one(R"("w":{"dtype":"F32","data_offsets":[0,8]})", 8).second,
              "'m.safetensors': the header entry 'w' has no shape");
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                  R"("w":{"dtype":"F32","shape":[2],"data_offsets":[8,16]})",
                  16)
                  .second,
              "'m.safetensors': duplicate tensor 'w'");
    EXPECT_EQ(one(R"("__metadata__":{"step":7})", 0).second,
              "'m.safetensors': the header entry '__metadata__' holds a number; metadata values "
              "are strings");
    EXPECT_EQ(one(R"("w":[1])", 0).first, WeightsFault::HeaderLayout);
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[[2]],"data_offsets":[0,8]})", 8).first,
              WeightsFault::HeaderLayout);
    // An unknown scalar field is ignored, as the reference implementation does.
    EXPECT_EQ(one(R"("w":{"dtype":"F32","shape":[2],"data_offsets":[0,8],"x":"y"})", 8).first,
              WeightsFault::None);
}

TEST(Safetensors, ReadingRefusesOtherDtypesNonFiniteValuesAndRowsPastTheEnd) {
    std::vector<std::uint8_t> data;
    putF32(data, 1.0f);
    putF32(data, std::numeric_limits<float>::quiet_NaN());
    put16(data, 0x7C00);  // F16 infinity
    put16(data, 0x0000);
    data.insert(data.end(), {1, 2});
    const auto bytes =
        safetensorsBytes(R"({"n":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                         R"("h":{"dtype":"F16","shape":[2,1],"data_offsets":[8,12]},)"
                         R"("i":{"dtype":"I8","shape":[2],"data_offsets":[12,14]}})",
                         data);
    const SafetensorsFile file(bytes, "m.safetensors");
    const auto message = [&](const char* name) {
        try {
            file.read(file.tensor(name));
        } catch (const WeightsError& error) {
            return std::string(error.what());
        }
        return std::string();
    };
    EXPECT_EQ(message("n"), "'m.safetensors': tensor 'n' holds NaN at element 1");
    EXPECT_EQ(message("h"), "'m.safetensors': tensor 'h' holds infinity at element 0");
    EXPECT_EQ(message("i"),
              "'m.safetensors': tensor 'i' has dtype I8, which RoPE Lab does not read");
    EXPECT_FALSE(file.tensor("i").readable());
    std::vector<float> one(1);
    EXPECT_THROW(file.readRows(file.tensor("h"), 2, 1, one), WeightsError);
    EXPECT_THROW(file.tensor("absent"), WeightsError);
}

TEST(Safetensors, NamesTheFileWhenItCannotBeOpened) {
    const TempFolder folder;
    try {
        SafetensorsFile file(folder.path() / "absent.safetensors");
        FAIL();
    } catch (const WeightsError& error) {
        EXPECT_EQ(std::string(error.what()), "'" + (folder.path() / "absent.safetensors").string() +
                                                 "': cannot open (No such file or directory)");
    }
    try {
        SafetensorsFile file(folder.path());
        FAIL();
    } catch (const WeightsError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "'" + folder.path().string() + "': cannot open (a folder, not a file)");
    }
}

}  // namespace
}  // namespace ropelab
