// SPDX-License-Identifier: GPL-3.0-or-later
// Commands of core/compute: backends (which compute backends this machine can run, and why not).

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "cli/command.h"
#include "compute/backend_registry.h"

namespace ropelab::cli {

namespace {

// Why a backend is unavailable, in English; "" when it is available.
std::string reasonOf(const BackendInfo& info) {
    return info.problem ? describe(*info.problem) : std::string();
}

Command backends() {
    Command command;
    command.name = "backends";
    command.summary = "compute backends (cpu, opencl, cuda): available?, device, why not";
    command.description =
        "Lists every compute backend of this build in the order cpu, opencl, cuda: whether this\n"
        "machine can run it, its device, whether that is a GPU, and why not (no platform, no\n"
        "device, no driver, not built). Nothing is compiled: this only asks the drivers.\n"
        "CSV columns: backend,available,gpu,device,reason (available and gpu are 0 or 1).\n"
        "JSON: {\"backends\": [{\"backend\", \"available\", \"gpu\", \"device\", \"reason\"}, "
        "...]}.\n"
        "Sweep commands take --backend auto|cpu|opencl|cuda: auto runs large jobs on CUDA, else\n"
        "on an OpenCL GPU, else on the CPU; an OpenCL CPU device (PoCL) is used only by name.";
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const std::vector<BackendInfo> infos = probeBackends();
        if (args.format() == OutputFormat::Json) {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const BackendInfo& info : infos) {
                list.push_back({{"backend", toString(info.kind)},
                                {"available", info.available},
                                {"gpu", info.gpu},
                                {"device", info.device},
                                {"reason", reasonOf(info)}});
            }
            out << nlohmann::ordered_json{{"backends", list}}.dump() << '\n';
            return 0;
        }
        out << "backend,available,gpu,device,reason\n";
        for (const BackendInfo& info : infos) {
            out << toString(info.kind) << ',' << (info.available ? 1 : 0) << ','
                << (info.gpu ? 1 : 0) << ',' << csvField(info.device) << ','
                << csvField(reasonOf(info)) << '\n';
        }
        return 0;
    };
    return command;
}

}  // namespace

std::vector<Command> computeCommands() {
    return {backends()};
}

}  // namespace ropelab::cli
