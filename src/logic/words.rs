//! A step in Sudoku Explainer's words: the one-line text that Explainer's batch rater prints
//! for it (`serate --after=%s`), such as `Hidden Single: r9c3: 7 in block`,
//! `Pointing: Cells r8c2,r9c2: 1 in block and column` or
//! `Region Forcing Chains: 9 in column ==> r1c6.9 off`. A forum reader knows these names, and
//! `explain` set beside Explainer's own output reads line for line.

use super::pencil::{cell_name, digits};
use super::step::{Chain, Form, Literal, Step};
use super::{Score, Technique};

impl Step {
    /// The step as Sudoku Explainer's batch rater logs it (`serate --after="%r %s"`): its
    /// score, then its text in Explainer's words.
    pub fn in_explainers_words(&self) -> String {
        format!("{} {}", Score(self.score), words(self))
    }
}

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
        DirectPointing | DirectClaiming | Pointing | Claiming => {
            // `2 of block in row` for the direct forms, `2 in block and row` for the others.
            let (direct, of, and) = match matches!(step.technique, DirectPointing | DirectClaiming)
            {
                true => ("Direct ", "of", "in"),
                false => ("", "in", "and"),
            };
            format!(
                "{direct}{}: {}: {} {of} {} {and} {}",
                locked_name(step),
                full(&step.cells),
                all_digits(","),
                house(0),
                house(1)
            )
        }
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
            // Type 4 names the digit locked in the shared house first, then the one removed.
            let on = match kind {
                4 => {
                    let removed = digit();
                    let locked = digits(step.digits).find(|&d| d != removed).unwrap_or(0);
                    format!("{locked}, {removed}")
                }
                _ => all_digits(", "),
            };
            format!("Unique {shape}: {} on {on}", full(&step.cells))
        }
        BivalueGrave => match typed(step) {
            1 => format!("BUG type 1: {}", cells()),
            2 | 4 => format!("BUG type {}: {} on {}", typed(step), cells(), digit()),
            kind => format!("BUG type {kind}: {} on {}", cells(), all_digits(", ")),
        },
        AlignedPairExclusion => format!("Aligned Pair Exclusion: {}", cells()),
        AlignedTripleExclusion => format!("Aligned Triplet Exclusion: {}", cells()),
        TurbotFish | ThreeLinkFish | FourLinkFish => match step.form {
            Form::Links {
                kinds,
                grouped,
                ring,
            } => format!(
                "{}: Cell {} on value {}",
                links_name(&kinds[..step.houses.len()], grouped, ring),
                cells(),
                digit()
            ),
            _ => unreachable!("a strong-link fish has its links' kinds"),
        },
        WxyzWing | VwxyzWing | UvwxyzWing | TuvwxyzWing => {
            let name = match step.technique {
                WxyzWing => "WXYZ",
                VwxyzWing => "VWXYZ",
                UvwxyzWing => "UVWXYZ",
                _ => "TUVWXYZ",
            };
            let Form::Wing {
                double,
                biggest,
                candidates,
                x,
                z,
            } = step.form
            else {
                unreachable!("a wing has its suffix")
            };
            let on = match double {
                true => format!("values {x},{z}"),
                false => format!("value {z}"),
            };
            let suffix = wing_suffix(double, biggest, candidates);
            format!("{name}-Wing {suffix}: {} on {on}", full(&step.cells))
        }
        ForcingChain
        | NishioChain
        | MultipleChain
        | DynamicChain
        | DynamicPlusChain
        | NestedChain
        | NestedMultipleChain
        | NestedDynamicChain
        | NestedDynamicPlusChain
        | NestedDynamicNestedChain
        | NestedDynamicNestedMultipleChain => match step.form {
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

/// A strong-link fish's name as Explainer gives it: by the kinds of its links' houses
/// (`kinds`, 0 row, 1 column, 2 box, in chain order), how many are grouped, and whether it
/// is a loop; with its suffix, the count of grouped links and a code of the kinds.
fn links_name(kinds: &[u8], grouped: u8, ring: bool) -> String {
    let suffix = links_suffix(kinds, grouped);
    let code = &suffix[1..];
    let n = kinds.len();
    let name = match () {
        _ if ring => {
            let grouped = if grouped > 0 { "Grouped " } else { "" };
            return format!("({n} Strong Links) {grouped}X-Loop {suffix}");
        }
        _ if !code.contains(['0', '2']) && n < 3 => "Skyscraper".to_string(),
        _ if !code.contains(['0', '2']) => format!("{n} Skyscrapers"),
        _ if !code.contains('0') && n < 4 => format!("{n}-String Kite"),
        _ => format!("{n} Strong links"),
    };
    let grouped = if grouped > 0 { "Grouped " } else { "" };
    format!("{grouped}{name} {suffix}")
}

/// Explainer's suffix of a WXYZ-wing and its kin: 1, or 2 when doubly linked, then the set's
/// largest cell and its count of candidates. Explainer also ranks wings of equal score and
/// eliminations by it (as text, the largest first).
pub(crate) fn wing_suffix(double: bool, biggest: u8, candidates: u8) -> String {
    format!("{}{biggest}{candidates}", 1 + double as u8)
}

/// Explainer's suffix of a strong-link fish: how many links are grouped, then the code of
/// its links' kinds (`kinds`, 0 row, 1 column, 2 box, in chain order). Explainer also ranks
/// fish of equal score and eliminations by it.
pub(crate) fn links_suffix(kinds: &[u8], grouped: u8) -> String {
    // Explainer numbers the kinds 0 box, 1 row, 2 column, and reads the chain the way whose
    // kinds come first as text.
    let forward: String = kinds
        .iter()
        .map(|&k| char::from(b'0' + (k + 1) % 3))
        .collect();
    let backward: String = forward.chars().rev().collect();
    format!("{grouped}{}", kinds_code(forward.min(backward).as_bytes()))
}

/// Explainer's code of a chain's kinds (`kinds` as digits, 0 box, 1 row, 2 column): rows and
/// columns are the same kind of line, so the code is the least of the chain's two readings
/// with rows and columns swapped or not, or with no row, the columns written as rows.
fn kinds_code(kinds: &[u8]) -> String {
    let as_text = |k: &[u8]| String::from_utf8(k.to_vec()).expect("digits");
    let swap = |k: u8| match k {
        b'1' => b'2',
        b'2' => b'1',
        other => other,
    };
    if !kinds.contains(&b'1') {
        return as_text(&kinds.iter().map(|&k| swap(k).min(k)).collect::<Vec<u8>>());
    }
    let swapped: Vec<u8> = kinds.iter().map(|&k| swap(k)).collect();
    let reversed: Vec<u8> = swapped.iter().rev().copied().collect();
    [as_text(kinds), as_text(&swapped), as_text(&reversed)]
        .into_iter()
        .min()
        .expect("three readings")
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
