// Times kaityo256/minlex over a file's puzzles in memory, as benches/canon.rs times ours: one
// thread, ROUNDS rounds; prints `puzzles best_ms median_ms`, then with --forms each form.
// Built by scripts/canon-side-by-side.sh, which includes the tool's minlex.cpp (its `main`
// renamed); nothing of the tool is in this repository.
#define main kaityo_main
#include "minlex.cpp"
#undef main
#include <chrono>
#include <cstring>

int main(int argc, char** argv) {
    if (argc < 2) { fprintf(stderr, "usage: kaityo FILE [ROUNDS] [--forms]\n"); return 2; }
    int rounds = argc > 2 && argv[2][0] != '-' ? atoi(argv[2]) : 5;
    bool forms = argc > 2 && strcmp(argv[argc - 1], "--forms") == 0;
    init_bits();
    std::vector<Sudoku> puzzles;
    std::ifstream in(argv[1]);
    std::string line;
    while (getline(in, line)) puzzles.push_back(Sudoku(line.c_str()));
    std::vector<std::string> out(puzzles.size());
    std::vector<double> ms;
    MinlexSearcher searcher;
    for (int r = 0; r < rounds; r++) {
        auto start = std::chrono::steady_clock::now();
        for (size_t n = 0; n < puzzles.size(); n++) out[n] = searcher.search(puzzles[n]);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    printf("%zu %.3f %.3f\n", puzzles.size(), ms[0], ms[ms.size() / 2]);
    if (forms)
        for (auto& form : out) printf("%s\n", form.c_str());
}
