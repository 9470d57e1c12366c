//! One step of a solution path, what it found and what it concludes, and its one-line
//! explanation in the usual notation: `r4c7=5 hidden single in box 6`,
//! `X-wing on 3 in rows 2,8 at r2c4 r2c7 r8c4 r8c7: r5c4<>3`.

use super::Technique;
use super::pencil::{Cells, Pencil, cell_name, digits, house_name, members};
use std::fmt;

/// A technique's finding: a placement, or candidates to remove, and the pattern behind it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What found it.
    pub technique: Technique,
    /// Its score in tenths, as Sudoku Explainer rates it: the technique's, or for a chain its
    /// kind's and its length's.
    pub score: u16,
    /// A digit to place: `(cell, digit)`.
    pub placement: Option<(usize, u8)>,
    /// Candidates to remove: `(cell, digit)`, by cell, then digit.
    pub eliminations: Vec<(usize, u8)>,
    /// The pattern's digits (bit `d - 1` for digit `d`).
    pub digits: u16,
    /// The houses it lies in (see [`super::pencil::HOUSES`]).
    pub houses: Vec<usize>,
    /// Its cells, in the order the explanation names them (a chain's, from end to end).
    pub cells: Vec<usize>,
    /// What Sudoku Explainer's one-line text says beyond the fields above.
    pub(crate) form: Form,
}

/// What Sudoku Explainer's one-line text of a step says beyond its technique, cells, digits
/// and houses (see [`super::words`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Form {
    /// Nothing more.
    #[default]
    Plain,
    /// A unique loop's or a bivalue universal grave's type (1 to 4).
    Typed(u8),
    /// A chain's shape and ends.
    Chain(Chain),
    /// A WXYZ-wing and its kin: whether doubly linked, the set's largest cell and its count
    /// of candidates (Explainer's suffix), and the digits `x` (restricted) and `z` (removed).
    Wing {
        double: bool,
        biggest: u8,
        candidates: u8,
        x: u8,
        z: u8,
    },
    /// A strong-link fish: the kind of house of each link, in chain order (0 row, 1 column,
    /// 2 box), how many links are grouped, and whether the chain is a loop.
    Links {
        kinds: [u8; 4],
        grouped: u8,
        ring: bool,
    },
}

/// A candidate, and whether a chain has it on (true) or off.
pub(crate) type Literal = (usize, u8, bool);

/// A chain step's shape, as Sudoku Explainer names it, and its ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Chain {
    /// A cycle through the step's cells: over houses (`x`), within cells (`y`), or both.
    Cycle { x: bool, y: bool },
    /// A chain from an assumption of the target's negation to `target`, of `links`
    /// candidates.
    Forcing {
        x: bool,
        y: bool,
        target: Literal,
        links: u32,
    },
    /// `source` leads to a clash on the candidate `clash` (Nishio's, through houses only).
    Contradiction {
        source: Literal,
        clash: (usize, u8),
        nishio: bool,
    },
    /// `source` on and off both lead to `target`.
    Double {
        source: (usize, u8),
        target: Literal,
    },
    /// Every candidate of `cell` leads to `target`.
    Cell { cell: usize, target: Literal },
    /// Every place of `digit` in `house` leads to `target`.
    House {
        digit: u8,
        house: usize,
        target: Literal,
    },
}

impl Step {
    /// A placement found in `house` (if the technique names one).
    pub(crate) fn placement(
        technique: Technique,
        cell: usize,
        d: u8,
        house: Option<usize>,
    ) -> Step {
        Step {
            technique,
            score: technique.score(),
            placement: Some((cell, d)),
            eliminations: Vec::new(),
            digits: 1 << (d - 1),
            houses: house.into_iter().collect(),
            cells: vec![cell],
            form: Form::Plain,
        }
    }

    /// Eliminations of `removed` (per digit, the cells that lose it), with the pattern's
    /// digits, houses and cells; `None` when nothing is removed. The ladder tries many
    /// patterns that remove nothing: their houses and cells are never collected.
    pub(crate) fn eliminating(
        technique: Technique,
        removed: &[(u8, Cells)],
        digits: u16,
        houses: impl IntoIterator<Item = usize>,
        cells: impl IntoIterator<Item = usize>,
    ) -> Option<Step> {
        if removed.iter().all(|&(_, set)| set == 0) {
            return None;
        }
        let mut eliminations: Vec<(usize, u8)> = removed
            .iter()
            .flat_map(|&(d, set)| members(set).map(move |c| (c, d)))
            .collect();
        eliminations.sort_unstable();
        Some(Step {
            technique,
            score: technique.score(),
            placement: None,
            eliminations,
            digits,
            houses: houses.into_iter().collect(),
            cells: cells.into_iter().collect(),
            form: Form::Plain,
        })
    }

    /// `(d, removed(d))` for every digit: the `removed` of [`Step::eliminating`], without
    /// allocating.
    pub(crate) fn per_digit(removed: impl Fn(u8) -> Cells) -> [(u8, Cells); 9] {
        std::array::from_fn(|i| (i as u8 + 1, removed(i as u8 + 1)))
    }

    /// What [`Step::apply`] does, as players write it: `r7c5=9`, or `r123c3<>5, r4c1<>2`.
    pub(crate) fn effect(&self) -> String {
        match self.placement {
            Some((cell, d)) => format!("{}={d}", cell_name(cell)),
            None => eliminations_text(&self.eliminations),
        }
    }

    /// Applies the step's conclusion to `p`: its placement if it has one, else its
    /// eliminations. As in Sudoku Explainer, a direct technique only places its digit: the
    /// eliminations that led to it stay for a later step to find (which may rate higher).
    pub fn apply(&self, p: &mut Pencil) {
        match self.placement {
            Some((cell, d)) => p.place(cell, d),
            None => {
                for &(cell, d) in &self.eliminations {
                    p.eliminate(d, 1 << cell);
                }
            }
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.technique.name();
        if let Some((cell, d)) = self.placement.filter(|_| self.eliminations.is_empty()) {
            write!(f, "{}={d} {name}", cell_name(cell))?;
            if let Some(&h) = self.houses.first() {
                write!(f, " in {}", house_name(h))?;
            }
            return Ok(());
        }
        let list = |items: Vec<String>, sep: &str| items.join(sep);
        write!(
            f,
            "{name} on {}",
            list(digits(self.digits).map(|d| d.to_string()).collect(), ",")
        )?;
        if !self.houses.is_empty() {
            write!(f, " in {}", houses_text(&self.houses))?;
        }
        if !self.cells.is_empty() {
            let cells = self.cells.iter().map(|&c| cell_name(c)).collect();
            write!(f, " at {}", list(cells, " "))?;
        }
        write!(f, ": {}", eliminations_text(&self.eliminations))?;
        if let Some((cell, d)) = self.placement {
            // The digit the eliminations prove (a direct technique's hidden single, a chain's
            // conclusion): what `apply` places.
            write!(f, " => {}={d}", cell_name(cell))?;
        }
        Ok(())
    }
}

/// Eliminations as players write them, grouped: `r5c47<>3` (3 leaves r5c4 and r5c7),
/// `r6c89<>345` (3, 4 and 5 leave both cells), `r27c7<>4`, `r1c9,r2c8<>5`. Digits that leave the same
/// cells share a group.
fn eliminations_text(eliminations: &[(usize, u8)]) -> String {
    let mut by_digit = [0 as Cells; 9];
    for &(c, d) in eliminations {
        by_digit[d as usize - 1] |= 1 << c;
    }
    let mut groups: Vec<(Cells, String)> = Vec::new();
    for (i, &cells) in by_digit.iter().enumerate().filter(|(_, c)| **c != 0) {
        let digit = char::from(b'1' + i as u8);
        match groups.iter_mut().find(|(c, _)| *c == cells) {
            Some((_, digits)) => digits.push(digit),
            None => groups.push((cells, digit.to_string())),
        }
    }
    // By row (`r5c47`) or by column (`r23c9`), whichever takes fewer groups.
    let cells_text = |cells: Cells| -> String {
        let numbers = |set: Vec<usize>| -> String {
            set.iter().map(|&i| char::from(b'1' + i as u8)).collect()
        };
        let group = |by_row: bool| -> Vec<String> {
            (0..9)
                .map(|line| {
                    let within: Vec<usize> = members(cells)
                        .filter(|&c| if by_row { c / 9 == line } else { c % 9 == line })
                        .map(|c| if by_row { c % 9 } else { c / 9 })
                        .collect();
                    (line, within)
                })
                .filter(|(_, within)| !within.is_empty())
                .map(|(line, within)| match by_row {
                    true => format!("r{}c{}", line + 1, numbers(within)),
                    false => format!("r{}c{}", numbers(within), line + 1),
                })
                .collect()
        };
        let (rows, columns) = (group(true), group(false));
        if columns.len() < rows.len() {
            columns
        } else {
            rows
        }
        .join(",")
    };
    let texts: Vec<String> = groups
        .iter()
        .map(|(cells, digits)| format!("{}<>{digits}", cells_text(*cells)))
        .collect();
    texts.join(", ")
}

/// `rows 2,8` when the houses are of one kind, else `box 1, row 2`.
fn houses_text(houses: &[usize]) -> String {
    let kind = |h: usize| h / 9;
    if houses.len() > 1 && houses.iter().all(|&h| kind(h) == kind(houses[0])) {
        let numbers: Vec<String> = houses.iter().map(|&h| (h % 9 + 1).to_string()).collect();
        let plural = ["rows", "columns", "boxes"][kind(houses[0])];
        format!("{plural} {}", numbers.join(","))
    } else {
        let names: Vec<String> = houses.iter().map(|&h| house_name(h)).collect();
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_read_as_players_write_them() {
        let single = Step::placement(Technique::HiddenSingleBox, 33, 5, Some(23));
        assert_eq!(single.to_string(), "r4c7=5 hidden single in box 6");
        let naked = Step::placement(Technique::NakedSingle, 0, 9, None);
        assert_eq!(naked.to_string(), "r1c1=9 naked single");
        let x_wing = Step::eliminating(
            Technique::XWing,
            &[(3, 1 << 39 | 1 << 42)],
            1 << 2,
            vec![1, 7],
            vec![12, 15, 66, 69],
        )
        .unwrap();
        assert_eq!(
            x_wing.to_string(),
            "X-wing on 3 in rows 2,8 at r2c4 r2c7 r8c4 r8c7: r5c47<>3"
        );
        let pointing = Step::eliminating(
            Technique::Pointing,
            &[(7, 1 << 8)],
            1 << 6,
            vec![18, 0],
            vec![1],
        )
        .unwrap();
        assert_eq!(
            pointing.to_string(),
            "pointing on 7 in box 1, row 1 at r1c2: r1c9<>7"
        );
        let pair = Step::eliminating(
            Technique::HiddenPair,
            &[
                (3, 1 << 7 | 1 << 8),
                (4, 1 << 7 | 1 << 8),
                (5, 1 << 8 | 1 << 17),
            ],
            0b11,
            vec![0],
            vec![7, 8],
        )
        .unwrap();
        assert_eq!(
            pair.to_string(),
            "hidden pair on 1,2 in row 1 at r1c8 r1c9: r1c89<>34, r12c9<>5"
        );
        assert_eq!(
            Step::eliminating(Technique::XWing, &[(3, 0)], 4, [], []),
            None
        );
    }
}
