// SPDX-License-Identifier: GPL-3.0-or-later
// Records the training lesson's default experiment (LabSettings' defaults, plus N steps of
// fine-tuning the RoPE model when asked) as the JSON run the app ships in
// resources/training/default-run.json:
//     nice -n 10 build/tools/ropelab-record-lab-run [--fine-tune-steps N] OUT.json
// Every model trains at once, one thread each, as the lesson trains them.

#include <exception>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <thread>

#include "training/lab_run.h"

int main(int argc, char** argv) {
    using namespace ropelab::training;
    const bool fineTune = argc == 4 && std::string_view(argv[1]) == "--fine-tune-steps";
    if (argc != 2 && !fineTune) {
        std::cerr << "usage: ropelab-record-lab-run [--fine-tune-steps N] OUT.json\n";
        return 2;
    }
    const char* outPath = argv[argc - 1];
    try {
        LabRun run;
        if (fineTune) run.settings.fineTuneSteps = std::stoll(argv[2]);
        const Task task = labTask(run.settings);
        run.taskSource = task.source;
        run.models.resize(run.settings.encodings.size());
        std::vector<std::exception_ptr> errors(run.models.size());
        std::vector<std::thread> threads;
        for (std::size_t i = 0; i < run.models.size(); ++i) {
            threads.emplace_back([&, i] {
                try {
                    run.models[i] = runLabModel(run.settings, task, run.settings.encodings[i],
                                                ropelab::Execution{});
                } catch (...) {
                    errors[i] = std::current_exception();
                }
            });
        }
        for (std::thread& t : threads) t.join();
        for (const std::exception_ptr& e : errors) {
            if (e) std::rethrow_exception(e);
        }
        std::ofstream out(outPath, std::ios::binary);
        out << labRunToJson(run) << '\n';
        if (!out) throw std::runtime_error(std::string("cannot write ") + outPath);
        for (const LabModelResult& m : run.models) {
            std::cerr << toString(m.encoding) << ": " << m.seconds << " s\n";
        }
    } catch (const std::exception& e) {
        std::cerr << "ropelab-record-lab-run: " << e.what() << '\n';
        return 2;
    }
    return 0;
}
