//! The symmetries a puzzle's clue pattern can keep: which cells must be clues together.

/// A symmetry of the clue pattern (the solution itself need not be symmetric).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// The same after a half turn: cell `i` with cell `80 - i`.
    Rotational,
    /// The same mirrored in the main diagonal: row `r`, column `c` with row `c`, column `r`.
    Diagonal,
    /// The same mirrored left to right: column `c` with column `8 - c`.
    Mirror,
}

impl Symmetry {
    /// The cell that `cell` goes to.
    pub(crate) fn image(self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => 80 - cell,
            Symmetry::Diagonal => c * 9 + r,
            Symmetry::Mirror => r * 9 + (8 - c),
        }
    }

    /// The cells that are clues together: each cell with its image.
    pub(crate) fn orbits(self) -> Vec<Orbit> {
        (0..81)
            .filter(|&cell| self.image(cell) >= cell)
            .map(|cell| Orbit {
                cells: [cell, self.image(cell)],
                len: if self.image(cell) == cell { 1 } else { 2 },
            })
            .collect()
    }
}

/// Cells that are clues together under a symmetry: one or two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Orbit {
    cells: [usize; 2],
    len: usize,
}

impl Orbit {
    /// Its cells: one, or two that the symmetry maps onto each other.
    pub(crate) fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_cell_once() {
        for s in [
            Symmetry::None,
            Symmetry::Rotational,
            Symmetry::Diagonal,
            Symmetry::Mirror,
        ] {
            let orbits = s.orbits();
            let mut cells: Vec<usize> = orbits.iter().flat_map(|o| o.cells()).copied().collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..81).collect::<Vec<_>>(), "{s:?}");
            for orbit in &orbits {
                let cells = orbit.cells();
                assert!(cells.iter().all(|&c| cells.contains(&s.image(c))), "{s:?}");
            }
        }
        assert_eq!(Symmetry::Rotational.orbits().len(), 41);
        assert_eq!(Symmetry::Diagonal.orbits().len(), 45);
        assert_eq!(Symmetry::Mirror.orbits().len(), 45);
    }
}
