//! Which instructions the engine runs on, chosen once per solve from what the CPU has.
//!
//! The engine is bit arithmetic on 27-bit words: counting bits, finding the lowest, clearing
//! it, masking with a complement, shifting by a variable amount. The x86-64 baseline spends a
//! dozen instructions on `count_ones` and two or three on each of the others. Nearly every
//! x86-64 processor since 2013 (Haswell, Zen) has one instruction for each (POPCNT, LZCNT,
//! BMI1, BMI2; the compiler emits no PDEP or PEXT, slow on Zen 1-2, unasked), so the search is
//! also compiled for those and picked at run time: 6-8% fewer instructions on every data set
//! and 4-8% more puzzles/s on most (BENCHMARKS.md, "Two builds of the search"). A whole build
//! for x86-64-v3 (AVX2 too) did no better. Elsewhere (older x86-64, aarch64) the portable
//! build runs; the tests hold every path this CPU can run to the same search trees.

/// The instructions one solve runs on: [`Isa::best`], or (for tests) any of
/// [`Isa::available`]. Only ever made where the CPU has them, so running on one is safe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Isa(Kind);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The target's baseline.
    Portable,
    /// x86-64 with POPCNT, LZCNT, BMI1 and BMI2.
    #[cfg(target_arch = "x86_64")]
    BitManipulation,
}

impl Isa {
    /// The baseline, on any CPU.
    pub(crate) const PORTABLE: Isa = Isa(Kind::Portable);

    /// The fastest this CPU runs. (std caches what the CPU has: this is four loads and tests.)
    #[inline]
    pub(crate) fn best() -> Isa {
        #[cfg(target_arch = "x86_64")]
        return Isa::for_x86_64([
            std::is_x86_feature_detected!("popcnt"),
            std::is_x86_feature_detected!("lzcnt"),
            std::is_x86_feature_detected!("bmi1"),
            std::is_x86_feature_detected!("bmi2"),
        ]);
        #[cfg(not(target_arch = "x86_64"))]
        Isa::PORTABLE
    }

    /// The fastest for an x86-64 CPU that has (or lacks) POPCNT, LZCNT, BMI1 and BMI2: the
    /// bit-instruction build needs all four. Only `best` passes what a CPU has (the tests pass
    /// every combination, and run none of the results).
    #[cfg(target_arch = "x86_64")]
    fn for_x86_64(has: [bool; 4]) -> Isa {
        if has.iter().all(|&h| h) {
            Isa(Kind::BitManipulation)
        } else {
            Isa::PORTABLE
        }
    }

    /// Its name in reports (`bench --json`, `solve --stats`).
    pub(crate) fn name(self) -> &'static str {
        match self.0 {
            Kind::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kind::BitManipulation => "x86-64 with popcnt, lzcnt, bmi1, bmi2",
        }
    }

    /// Every one this CPU can run, the baseline first.
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Isa> {
        let best = Isa::best();
        let mut all = vec![Isa::PORTABLE];
        if best != Isa::PORTABLE {
            all.push(best);
        }
        all
    }

    /// Runs `f` compiled for these instructions: `f` and what it inlines (the whole search,
    /// which is `#[inline(always)]` down to the board's rules) get their own copy per kind.
    #[inline(always)]
    pub(crate) fn run<R>(self, f: impl FnOnce() -> R) -> R {
        match self.0 {
            Kind::Portable => f(),
            // SAFETY: an `Isa` of this kind is made only by `best`, where the CPU has them.
            #[cfg(target_arch = "x86_64")]
            Kind::BitManipulation => unsafe { with_bit_manipulation(f) },
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
fn with_bit_manipulation<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn the_bit_instruction_build_needs_all_four() {
        for bits in 0..16 {
            let has = [0, 1, 2, 3].map(|i| bits >> i & 1 == 1);
            let want = match bits {
                15 => Kind::BitManipulation,
                _ => Kind::Portable,
            };
            assert_eq!(Isa::for_x86_64(has).0, want, "{has:?}");
        }
    }
}
