// Times tdoku's solver (TdokuSolverDpllTriadSimd) on one file of puzzles, for
// scripts/tdoku-side-by-side.sh. Built against a tdoku checkout the user gives; nothing of
// tdoku is in this repository.
//
// Usage: driver FILE LIMIT PASSES [WARMUP]
// Solves every puzzle WARMUP times untimed (default 1: our side's bench also warms up with one
// untimed pass, so that neither side is timed cold), then PASSES timed times.
// Prints: puzzles, best puzzles per second over the timed passes, guesses per puzzle, and how
// many puzzles had exactly one solution (with LIMIT 2) or at least one (LIMIT 1).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "tdoku.h"

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr, "usage: driver FILE LIMIT PASSES [WARMUP]\n");
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "driver: cannot read %s\n", argv[1]);
        return 1;
    }
    const size_t limit = std::strtoul(argv[2], nullptr, 10);
    const int passes = std::atoi(argv[3]);
    const int warmup = argc == 5 ? std::atoi(argv[4]) : 1;
    // tdoku reads '.' for an empty cell; the sets use '0' or '.'.
    std::vector<std::string> puzzles;
    for (std::string line; std::getline(in, line);) {
        if (line.size() < 81) continue;
        line.resize(81);
        for (char &c : line) c = c == '0' ? '.' : c;
        puzzles.push_back(line);
    }
    double best = 1e300;
    size_t guesses = 0, matched = 0;
    for (int r = -warmup; r < passes; r++) {
        guesses = matched = 0;
        const auto start = std::chrono::steady_clock::now();
        for (const std::string &p : puzzles) {
            char solution[81];
            size_t g = 0;
            matched += TdokuSolverDpllTriadSimd(p.c_str(), limit, 0, solution, &g) == 1;
            guesses += g;
        }
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        if (r >= 0) best = took.count() < best ? took.count() : best;
    }
    std::printf("%zu %.1f %.4f %zu\n", puzzles.size(), puzzles.size() / best,
                puzzles.empty() ? 0.0 : double(guesses) / puzzles.size(), matched);
}
