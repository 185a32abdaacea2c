// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fuzz entry points, one per input format. libFuzzer calls them through libfuzzer_main.cpp;
// the ctest replay (tests/core/hardening/test_fuzz_regressions.cpp) calls the same functions on
// every saved corpus and regression input, so a crash found once stays fixed.
//
// Each returns normally for any input that is refused with InputError/ResourceError or accepted
// with sane results; anything else (another exception, a broken invariant) aborts via fuzzFail.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ropelab::fuzz {

// A broken invariant: prints what and aborts, which libFuzzer and the replay test both catch.
[[noreturn]] void fuzzFail(std::string_view what, std::string_view detail);

// config.json importer (encodings/hf_config.h), then the frequencies of what it accepted.
int hfConfig(const std::uint8_t* data, std::size_t size);

// GGUF reader (encodings/gguf_reader.h): metadata and RoPE factor tensors, then the frequencies.
int gguf(const std::uint8_t* data, std::size_t size);

// safetensors reader (weights/safetensors.h): header, tensor list, readable tensors read.
int safetensors(const std::uint8_t* data, std::size_t size);

// GGUF tensor reader (weights/gguf_tensors.h): tensor list checked, readable tensors dequantised.
int ggufTensors(const std::uint8_t* data, std::size_t size);

// The training lab's model file (training/model_file.h): metadata, layout and weights checked.
int trainingModel(const std::uint8_t* data, std::size_t size);

// RANGE/LIST/number parsers and the option parser (cli/args.h).
int rangeList(const std::uint8_t* data, std::size_t size);

// Session loader (ui/lessons/session_file.h; Qt): load, apply to a model, save, load again.
int session(const std::uint8_t* data, std::size_t size);

// Activity loader (ui/activities/activity.h; Qt): parse and check, save, parse again.
int activity(const std::uint8_t* data, std::size_t size);

}  // namespace ropelab::fuzz
