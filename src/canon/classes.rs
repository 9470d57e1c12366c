//! The classes of puzzles met so far, by their forms: what `--dedupe` and `--classes` look up,
//! in input order, on the writer's thread.

use crate::grid::{CELLS, Grid};
use std::collections::HashMap;

/// A form, two cells a byte: 41 bytes in place of 81.
type Packed = [u8; CELLS.div_ceil(2)];

/// The classes met so far, numbered from 1 in the order of their first records. Memory grows
/// with the classes, not the records: a form and its number take 41 + 8 bytes, and the table
/// about twice that (measured in BENCHMARKS.md).
#[derive(Default)]
pub struct Classes {
    numbers: HashMap<Packed, u64>,
}

impl Classes {
    /// The number of the class of `form` (a minlex form), and whether this is its first
    /// record.
    pub fn number(&mut self, form: &Grid) -> (u64, bool) {
        let next = self.numbers.len() as u64 + 1;
        let mut first = false;
        let number = *self.numbers.entry(pack(form)).or_insert_with(|| {
            first = true;
            next
        });
        (number, first)
    }

    /// How many classes there are.
    pub fn len(&self) -> usize {
        self.numbers.len()
    }

    /// Whether none was met.
    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty()
    }
}

fn pack(form: &Grid) -> Packed {
    let mut packed = [0; CELLS.div_ceil(2)];
    for (byte, pair) in packed.iter_mut().zip(form.cells().chunks(2)) {
        *byte = pair[0] << 4 | pair.get(1).copied().unwrap_or(0);
    }
    packed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_numbered_in_the_order_they_are_met() {
        let a: Grid = format!("{}1", "0".repeat(80)).parse().unwrap();
        let b: Grid = format!("1{}", "0".repeat(80)).parse().unwrap();
        let mut classes = Classes::default();
        assert_eq!(classes.number(&a), (1, true));
        assert_eq!(classes.number(&b), (2, true));
        assert_eq!(classes.number(&a), (1, false));
        assert_eq!(classes.len(), 2);
        // The last cell (alone in its byte) counts too.
        let c: Grid = format!("1{}2", "0".repeat(79)).parse().unwrap();
        assert_eq!(classes.number(&c), (3, true));
    }
}
