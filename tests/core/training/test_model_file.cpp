// SPDX-License-Identifier: GPL-3.0-or-later
// The model file: written and read back exactly, and refused when it is not a RoPE Lab model.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "training/model_file.h"
#include "weights/safetensors.h"

namespace ropelab::training {
namespace {

Model smallModel(PositionEncoding encoding) {
    Model model;
    model.config.encoding = encoding;
    model.config.layers = 2;
    model.config.width = 8;
    model.config.heads = 2;
    model.config.vocabulary = 3;
    model.config.trainLength = 5;
    model.config.ropeTheta = 500000.0;
    model.vocabulary = {"a", "\"", "\xE4\xB8\xAD"};
    model.task = "text";
    model.seed = 12;
    model.steps = 34;
    model.tensors = initialWeights(model.config, 3);
    return model;
}

std::filesystem::path tempPath(const std::string& name) {
    return std::filesystem::temp_directory_path() / name;
}

TEST(ModelFile, RoundTripsEveryEncoding) {
    for (PositionEncoding encoding : allEncodings) {
        Model model = smallModel(encoding);
        if (encoding == PositionEncoding::Rope) {
            RopeParams pi;
            pi.headDim = 4;
            pi.ropeType = RopeType::Linear;
            pi.factor = 2.0;
            model.ropeScaling = pi;
        }
        const std::filesystem::path path = tempPath("ropelab_model_roundtrip.safetensors");
        saveModel(path, model);
        const Model read = loadModel(path);
        EXPECT_EQ(read.config, model.config);
        EXPECT_EQ(read.vocabulary, model.vocabulary);
        EXPECT_EQ(read.task, "text");
        EXPECT_EQ(read.seed, 12u);
        EXPECT_EQ(read.steps, 34);
        EXPECT_EQ(read.tensors, model.tensors);
        EXPECT_EQ(read.ropeScaling.has_value(), encoding == PositionEncoding::Rope);
        if (read.ropeScaling) {
            EXPECT_EQ(read.ropeScaling->factor, 2.0);
        }
        std::filesystem::remove(path);
    }
}

TEST(ModelFile, HoldsTheDocumentedNamesAndMetadata) {
    const std::filesystem::path path = tempPath("ropelab_model_names.safetensors");
    saveModel(path, smallModel(PositionEncoding::T5));
    const SafetensorsFile file(path);
    EXPECT_EQ(*file.metadata("format"), "ropelab-model");
    EXPECT_EQ(*file.metadata("encoding"), "t5");
    EXPECT_EQ(*file.metadata("rope_theta"), "500000");
    EXPECT_EQ(*file.metadata("vocabulary"), "[\"a\",\"\\\"\",\"\xE4\xB8\xAD\"]");
    EXPECT_EQ(file.tensor("t5_bias.weight").shape, (std::vector<std::uint64_t>{32, 2}));
    EXPECT_EQ(file.tensor("blocks.1.attn.qkv.weight").shape, (std::vector<std::uint64_t>{24, 8}));
    EXPECT_EQ(file.tensor("blocks.1.mlp.proj.weight").shape, (std::vector<std::uint64_t>{8, 32}));
    EXPECT_EQ(file.tensors().size(), 1u + 1u + 2u * 12u + 2u);
    std::filesystem::remove(path);
}

std::string refusal(const std::vector<SafetensorsWriteTensor>& tensors,
                    const std::map<std::string, std::string>& metadata) {
    const std::filesystem::path path = tempPath("ropelab_model_bad.safetensors");
    writeSafetensors(path, tensors, metadata);
    try {
        loadModel(path);
    } catch (const InputError& error) {
        std::filesystem::remove(path);
        return error.what();
    }
    std::filesystem::remove(path);
    return "accepted";
}

TEST(ModelFile, RefusesWhatIsNotAModelItCanRun) {
    const Model model = smallModel(PositionEncoding::None);
    std::vector<SafetensorsWriteTensor> tensors;
    for (const NamedTensor& t : model.tensors) {
        tensors.push_back(
            {t.name, std::vector<std::uint64_t>(t.shape.begin(), t.shape.end()), t.values});
    }
    const std::map<std::string, std::string> good{{"format", "ropelab-model"},
                                                  {"version", "1"},
                                                  {"encoding", "none"},
                                                  {"layers", "2"},
                                                  {"width", "8"},
                                                  {"heads", "2"},
                                                  {"train_length", "5"},
                                                  {"rope_theta", "10000"},
                                                  {"vocabulary", "[\"a\",\"b\",\"c\"]"},
                                                  {"task", "copy"},
                                                  {"seed", "0"},
                                                  {"steps", "1"}};
    EXPECT_EQ(refusal(tensors, good), "accepted");
    auto with = [&](const std::string& key, const std::string& value) {
        std::map<std::string, std::string> metadata = good;
        metadata[key] = value;
        return refusal(tensors, metadata);
    };
    EXPECT_NE(with("format", "gpt2").find("format is 'gpt2'; RoPE Lab reads 'ropelab-model'"),
              std::string::npos);
    EXPECT_NE(with("version", "2").find("version is '2'; RoPE Lab reads '1'"), std::string::npos);
    EXPECT_NE(with("layers", "3").find("has 27 tensors; the model needs 39"), std::string::npos);
    EXPECT_NE(with("layers", "1000000").find("layers must be in [1, 8], got 1000000"),
              std::string::npos);
    EXPECT_NE(with("width", "9").find("must be a multiple of heads"), std::string::npos);
    EXPECT_NE(with("vocabulary", "[1,2]").find("vocabulary[0] must be a string, got number"),
              std::string::npos);
    EXPECT_NE(with("vocabulary", "[\"a\",\"b\"]")
                  .find("tensor 'embed.weight' is F32 [3, 8], not F32 [2, 8]"),
              std::string::npos);
    EXPECT_NE(with("encoding", "xpos").find("encoding must be one of"), std::string::npos);
    EXPECT_NE(with("rope_theta", "1").find("rope_theta"), std::string::npos);
    std::map<std::string, std::string> missing = good;
    missing.erase("steps");
    EXPECT_NE(refusal(tensors, missing).find("has no steps"), std::string::npos);

    // Under the words, the typed problem: width 9 is no multiple of heads 2.
    const std::filesystem::path path = tempPath("ropelab_model_width.safetensors");
    std::map<std::string, std::string> odd = good;
    odd["width"] = "9";
    writeSafetensors(path, tensors, odd);
    try {
        loadModel(path);
        ADD_FAILURE() << "width 9 with 2 heads was accepted";
    } catch (const FileError& error) {
        ASSERT_TRUE(error.parameterProblem());
        ParameterProblem expected("width", Rule::MultipleOf, 9, 2);
        expected.other = "heads";
        EXPECT_EQ(*error.parameterProblem(), expected);
    }
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace ropelab::training
