//! A step in Sudoku Explainer's words: the one-line text that Explainer's batch rater prints
//! for it (`serate --after=%s`), such as `Hidden Single: r9c3: 7 in block`,
//! `Pointing: Cells r8c2,r9c2: 1 in block and column` or
//! `Region Forcing Chains: 9 in column ==> r1c6.9 off`. A forum reader knows these names, and
//! `explain` set beside Explainer's own output reads line for line.

use super::Technique;
use super::pencil::{cell_name, digits};
use super::step::{Chain, Form, Literal, Step};

/// The step's text in Explainer's words.
pub(crate) fn words(step: &Step) -> String {
    use Technique::*;
    let cells = || list(step.cells.iter().map(|&c| cell_name(c)), ",");
    let all_digits = |sep: &str| list(digits(step.digits).map(|d| d.to_string()), sep);
    let house = |i: usize| kind(step.houses[i]);
    let digit = || eliminated_digit(step);
    match step.technique {
        FullHouse | HiddenSingleBox | HiddenSingleLine | NakedSingle => {
            let (cell, d) = step.placement.expect("a single places its digit");
            match step.technique {
                NakedSingle => format!("Naked Single: {}: {d}", cell_name(cell)),
                _ => format!("Hidden Single: {}: {d} in {}", cell_name(cell), house(0)),
            }
        }
        DirectPointing | DirectClaiming => format!(
            "Direct {}: {}: {} of {} in {}",
            locked_name(step),
            full(&step.cells),
            all_digits(","),
            house(0),
            house(1)
        ),
        Pointing | Claiming => format!(
            "{}: {}: {} in {} and {}",
            locked_name(step),
            full(&step.cells),
            all_digits(","),
            house(0),
            house(1)
        ),
        DirectHiddenPair | DirectHiddenTriple | NakedPair | NakedTriple | NakedQuad
        | HiddenPair | HiddenTriple | HiddenQuad => {
            let (prefix, degree) = match step.technique {
                DirectHiddenPair => ("Direct Hidden", 2),
                DirectHiddenTriple => ("Direct Hidden", 3),
                NakedPair => ("Naked", 2),
                NakedTriple => ("Naked", 3),
                NakedQuad => ("Naked", 4),
                HiddenPair => ("Hidden", 2),
                HiddenTriple => ("Hidden", 3),
                _ => ("Hidden", 4),
            };
            let set = match step.cells.len() {
                ..=4 => full(&step.cells),
                _ => "Cells [...]".to_string(),
            };
            format!(
                "{prefix} {}: {set}: {} in {}",
                ["Pair", "Triplet", "Quad"][degree - 2],
                all_digits(","),
                house(0)
            )
        }
        XWing | Swordfish | Jellyfish => {
            let n = step.houses.len();
            let base = step.houses[0] / 9;
            // Explainer lists the cells cover line by cover line.
            let mut cells = step.cells.clone();
            if base == 0 {
                cells.sort_by_key(|&c| (c % 9, c / 9));
            }
            format!(
                "{}: {}: {} in {n} {}s and {n} {}s",
                ["X-Wing", "Swordfish", "Jellyfish"][n - 2],
                full(&cells),
                all_digits(","),
                KINDS[base],
                KINDS[1 - base]
            )
        }
        XyWing | XyzWing => format!(
            "{}: {} on value {}",
            ["XY-Wing", "XYZ-Wing"][(step.technique == XyzWing) as usize],
            full(&step.cells),
            digit()
        ),
        UniqueLoop => {
            let kind = typed(step);
            let shape = match step.cells.len() {
                4 => format!("Rectangle type {kind}"),
                n => format!("Loop {n} type {kind}"),
            };
            format!("Unique {shape}: {} on {}", full(&step.cells), all_digits(", "))
        }
        BivalueGrave => match typed(step) {
            1 => format!("BUG type 1: {}", cells()),
            2 | 4 => format!("BUG type {}: {} on {}", typed(step), cells(), digit()),
            kind => format!("BUG type {kind}: {} on {}", cells(), all_digits(", ")),
        },
        AlignedPairExclusion => format!("Aligned Pair Exclusion: {}", cells()),
        AlignedTripleExclusion => format!("Aligned Triplet Exclusion: {}", cells()),
        TurbotFish | ThreeLinkFish | FourLinkFish => format!(
            "{} Strong links: {} on value {}",
            step.houses.len(),
            full(&step.cells),
            digit()
        ),
        WxyzWing | VwxyzWing | UvwxyzWing | TuvwxyzWing => {
            let name = match step.technique {
                WxyzWing => "WXYZ",
                VwxyzWing => "VWXYZ",
                UvwxyzWing => "UVWXYZ",
                _ => "TUVWXYZ",
            };
            format!("{name}-Wing: {} on value {}", full(&step.cells), digit())
        }
        ForcingChain | NishioChain | MultipleChain | DynamicChain | DynamicPlusChain
        | NestedChain | NestedMultipleChain | NestedDynamicChain => match step.form {
            Form::Chain(chain) => chain_words(chain, step),
            _ => unreachable!("a chain's step has its shape"),
        },
    }
}

/// A chain's text: its shape's name, and its ends.
fn chain_words(chain: Chain, step: &Step) -> String {
    match chain {
        Chain::Cycle { x, y } => {
            let name = match (x, y) {
                (true, true) => "Bidirectional Cycle",
                (false, true) => "Bidirectional Y-Cycle",
                _ if step.cells.len() == 4 => "Generalized X-Wing",
                _ => "Bidirectional X-Cycle",
            };
            let cells = list(step.cells.iter().map(|&c| cell_name(c)), ",");
            format!("{name}: {cells}")
        }
        Chain::Forcing {
            x,
            y,
            target,
            links,
        } => {
            let name = match (x, y) {
                (true, true) => "Forcing Chain",
                (false, true) => "Forcing Y-Chain",
                _ if links == 6 => "Turbot Fish",
                _ => "Forcing X-Chain",
            };
            format!("{name}: {}", literal(target))
        }
        Chain::Contradiction {
            source,
            clash: (cell, d),
            nishio,
        } => format!(
            "{} Forcing Chain: {} ==> {}.{d} both on & off",
            ["Contradiction", "Nishio"][nishio as usize],
            literal(source),
            cell_name(cell)
        ),
        Chain::Double {
            source: (cell, d),
            target,
        } => format!(
            "Double Forcing Chain: {}.{d} on & off ==> {}",
            cell_name(cell),
            literal(target)
        ),
        Chain::Cell { cell, target } => format!(
            "Cell Forcing Chains: {} ==> {}",
            cell_name(cell),
            literal(target)
        ),
        Chain::House {
            digit,
            house,
            target,
        } => format!(
            "Region Forcing Chains: {digit} in {} ==> {}",
            kind(house),
            literal(target)
        ),
    }
}

/// Explainer's names of the kinds of house, by `house / 9`.
const KINDS: [&str; 3] = ["row", "column", "block"];

fn kind(house: usize) -> &'static str {
    KINDS[house / 9]
}

/// `Pointing` when the step's first house is a box, else `Claiming`.
fn locked_name(step: &Step) -> &'static str {
    match step.houses[0] >= 18 {
        true => "Pointing",
        false => "Claiming",
    }
}

/// `r1c6.5 on`.
fn literal((cell, d, on): Literal) -> String {
    format!("{}.{d} {}", cell_name(cell), ["off", "on"][on as usize])
}

/// `Cell r1c1` or `Cells r1c1,r1c2`, as Explainer's full lists of cells.
fn full(cells: &[usize]) -> String {
    let names = list(cells.iter().map(|&c| cell_name(c)), ",");
    match cells.len() {
        1 => format!("Cell {names}"),
        _ => format!("Cells {names}"),
    }
}

fn list(items: impl Iterator<Item = String>, sep: &str) -> String {
    items.collect::<Vec<_>>().join(sep)
}

/// The digit a one-digit pattern removes.
fn eliminated_digit(step: &Step) -> u8 {
    step.eliminations.first().map_or(0, |&(_, d)| d)
}

fn typed(step: &Step) -> u8 {
    match step.form {
        Form::Typed(kind) => kind,
        _ => 0,
    }
}
