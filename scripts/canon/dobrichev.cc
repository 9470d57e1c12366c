// Times dobrichev/sudoku-minlexing-tool's patminlex over a file's puzzles in memory, as
// benches/canon.rs times ours: one thread, ROUNDS rounds; prints `puzzles best_ms median_ms`,
// then with --forms each form (blanks as 0). Built by scripts/canon-side-by-side.sh with the
// tool's own patminlex.cpp; nothing of the tool is in this repository.
#include "patminlex.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 2) { fprintf(stderr, "usage: dobrichev FILE [ROUNDS] [--forms]\n"); return 2; }
    int rounds = argc > 2 && argv[2][0] != '-' ? atoi(argv[2]) : 5;
    bool forms = argc > 2 && strcmp(argv[argc - 1], "--forms") == 0;
    std::vector<std::string> puzzles;
    char line[4096];
    FILE* f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 2; }
    while (fgets(line, sizeof line, f)) {
        char cells[81];
        for (int i = 0; i < 81; i++) cells[i] = line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0;
        puzzles.push_back(std::string(cells, 81));
    }
    std::vector<char> out(puzzles.size() * 81);
    std::vector<double> ms;
    for (int r = 0; r < rounds; r++) {
        auto start = std::chrono::steady_clock::now();
        for (size_t n = 0; n < puzzles.size(); n++) patminlex z(puzzles[n].data(), &out[81 * n]);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    printf("%zu %.3f %.3f\n", puzzles.size(), ms[0], ms[ms.size() / 2]);
    if (forms)
        for (size_t n = 0; n < puzzles.size(); n++) {
            for (int i = 0; i < 81; i++) putchar('0' + out[81 * n + i]);
            putchar('\n');
        }
}
