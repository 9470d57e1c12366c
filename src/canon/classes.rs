//! The classes of puzzles met so far, by their forms: what `--dedupe` and `--classes` look up,
//! in input order, on the writer's thread.

use crate::grid::{CELLS, Grid};
use std::collections::HashMap;

/// A form, two cells a byte: 41 bytes in place of 81.
type Packed = [u8; CELLS.div_ceil(2)];

/// The classes met so far, numbered from 1 in the order of their first records. Memory grows
/// with the classes, not the records: a form and its number take 41 + 8 bytes, 57 with the
/// table's slot. The table is cut in `SHARDS` by the forms' last cells, so that each grows
/// on its own: one table doubling its slots held the old ones and the new at once (a run's
/// peak RSS at a million classes 187 MB; with the shards 124, of which 10 are the run's own:
/// BENCHMARKS.md).
pub struct Classes {
    shards: Vec<HashMap<Packed, u64>>,
    count: u64,
}

/// Tables the classes are spread over.
const SHARDS: usize = 256;

impl Default for Classes {
    fn default() -> Classes {
        Classes {
            shards: (0..SHARDS).map(|_| HashMap::new()).collect(),
            count: 0,
        }
    }
}

impl Classes {
    /// The number of the class of `form` (a minlex form), and whether this is its first
    /// record.
    pub(crate) fn number(&mut self, form: &Grid) -> (u64, bool) {
        let packed = pack(form);
        // The last cells differ most between forms (the first are mostly blanks).
        let shard = packed[CELLS / 2 - 4..]
            .iter()
            .fold(0usize, |h, &b| h * 31 + b as usize);
        let next = self.count + 1;
        let mut first = false;
        let number = *self.shards[shard % SHARDS]
            .entry(packed)
            .or_insert_with(|| {
                first = true;
                next
            });
        self.count += u64::from(first);
        (number, first)
    }

    /// How many classes there are.
    pub(crate) fn len(&self) -> usize {
        self.count as usize
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
