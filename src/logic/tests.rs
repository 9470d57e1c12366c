//! The ladder as a whole: ratings, and the rater's batched singles against the explainer's
//! one-at-a-time path.

use super::*;

fn grid(line: &str) -> Grid {
    line.parse().unwrap()
}

#[test]
fn the_ladder_is_in_score_order() {
    for (i, t) in Technique::ALL.into_iter().enumerate() {
        assert_eq!(
            t as usize, i,
            "{t:?}: the profiles are indexed by the ladder's order"
        );
    }
    // Sudoku Explainer's order is not quite its scores' (the UVWXYZ-wing, 6.6, comes before
    // the chains from 6.5), but the levels never go down.
    for pair in Technique::ALL.windows(2) {
        assert!(pair[0] < pair[1]);
        assert!(pair[0].score() <= pair[1].score() + 1, "{pair:?}");
        assert!(pair[0].level() <= pair[1].level(), "{pair:?}");
    }
}

#[test]
fn a_full_grid_is_easy_with_no_steps() {
    let solved =
        grid("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    let rating = rate(&solved).unwrap();
    assert_eq!(rating.hardest, None);
    assert_eq!(
        (rating.steps, rating.level(), rating.score()),
        (0, Level::Easy, 0)
    );
}
