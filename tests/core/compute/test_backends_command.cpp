// `ropelab-cli backends`: every backend listed, with what this machine offers for it.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

#include "cli/cli.h"
#include "compute/backend_registry.h"

namespace ropelab {
namespace {

TEST(BackendsCommand, JsonListsCpuOpenClCudaAsTheRegistryProbesThem) {
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"backends", "--format", "json"}, out, err), 0) << err.str();
    const nlohmann::json json = nlohmann::json::parse(out.str());
    const std::vector<BackendInfo> infos = probeBackends();
    ASSERT_EQ(json.at("backends").size(), 3u);
    for (std::size_t i = 0; i < infos.size(); ++i) {
        const nlohmann::json& entry = json["backends"][i];
        EXPECT_EQ(entry.at("backend"), std::string(toString(infos[i].kind)));
        EXPECT_EQ(entry.at("available"), infos[i].available);
        EXPECT_EQ(entry.at("gpu"), infos[i].gpu);
        EXPECT_EQ(entry.at("device"), infos[i].device);
        EXPECT_EQ(entry.at("reason"), infos[i].reason);
        // Available: a device and no reason; unavailable: a reason.
        EXPECT_EQ(infos[i].available, infos[i].reason.empty());
        EXPECT_EQ(infos[i].available, !infos[i].device.empty());
    }
    EXPECT_EQ(json["backends"][0]["backend"], "cpu");
    EXPECT_EQ(json["backends"][0]["available"], true);
    EXPECT_EQ(json["backends"][1]["backend"], "opencl");
    EXPECT_EQ(json["backends"][2]["backend"], "cuda");
}

TEST(BackendsCommand, CsvHasOneRowPerBackendWithQuotedFields) {
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"backends"}, out, err), 0) << err.str();
    std::istringstream lines(out.str());
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "backend,available,gpu,device,reason");
    std::getline(lines, line);
    // The CPU's device text holds a comma, so it is quoted.
    EXPECT_EQ(line.rfind("cpu,1,0,\"CPU, double precision", 0), 0u) << line;
    int rows = 1;
    while (std::getline(lines, line)) ++rows;
    EXPECT_EQ(rows, 3);
}

}  // namespace
}  // namespace ropelab
