//! Which instructions the engine runs on, chosen once per solve from what the CPU has.
//!
//! The engine is bit arithmetic on 27-bit words: counting bits, finding the lowest, clearing
//! it, masking with a complement, shifting by a variable amount. The x86-64 baseline spends a
//! dozen instructions on `count_ones` and two or three on each of the others. Nearly every
//! x86-64 processor since 2013 (Haswell, Zen) has one instruction for each (POPCNT, LZCNT,
//! BMI1, BMI2; the compiler emits no PDEP or PEXT unasked), so the search is also compiled for
//! those and picked at run time: 6-8% fewer instructions on every data set and 4-8% more
//! puzzles/s on most (BENCHMARKS.md, "Two builds of the search"). A whole build for x86-64-v3
//! (AVX2 too) did no better. Where PEXT is one fast instruction (Intel since Haswell, AMD
//! since Zen 3; on Zen 1-2 it is microcode, tens of cycles), a third build also settles words
//! with it (`tables::Pext`). Elsewhere (older x86-64, aarch64) the portable build runs; the
//! tests hold every build this CPU can run to the same search trees.

use super::tables::{Lookup, Occupancy};

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
    /// The same, where PEXT is fast too: settling finds occupancies with it.
    #[cfg(target_arch = "x86_64")]
    FastPext,
}

impl Isa {
    /// The baseline, on any CPU.
    pub(crate) const PORTABLE: Isa = Isa(Kind::Portable);

    /// The fastest this CPU runs, found once: asking the CPU (CPUID) leaves a virtual machine
    /// for its host, microseconds a time, and asked on every solve it made easy sets 2-7
    /// times slower. After the first call, one load; other CPUs have only the portable build.
    #[inline]
    pub(crate) fn best() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            static BEST: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
            *BEST.get_or_init(|| {
                Isa::for_x86_64(
                    [
                        std::is_x86_feature_detected!("popcnt"),
                        std::is_x86_feature_detected!("lzcnt"),
                        std::is_x86_feature_detected!("bmi1"),
                        std::is_x86_feature_detected!("bmi2"),
                    ],
                    fast_pext(),
                )
            })
        }
        #[cfg(not(target_arch = "x86_64"))]
        Isa::PORTABLE
    }

    /// The fastest for an x86-64 CPU that has (or lacks) POPCNT, LZCNT, BMI1 and BMI2, and
    /// whose PEXT (part of BMI2) is or is not fast: the bit-instruction builds need all four.
    /// Only `best` passes what a CPU has (the tests pass every combination, and run none of
    /// the results).
    #[cfg(target_arch = "x86_64")]
    fn for_x86_64(has: [bool; 4], fast_pext: bool) -> Isa {
        match (has.iter().all(|&h| h), fast_pext) {
            (true, true) => Isa(Kind::FastPext),
            (true, false) => Isa(Kind::BitManipulation),
            (false, _) => Isa::PORTABLE,
        }
    }

    /// Whether the search settles words with PEXT ([`Isa::run_settling`] on `tables::Pext`).
    pub(crate) fn settles_by_pext(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        return self.0 == Kind::FastPext;
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// Its name in reports (`bench --json`, `solve --stats`).
    pub(crate) fn name(self) -> &'static str {
        match self.0 {
            Kind::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kind::BitManipulation => "x86-64 with popcnt, lzcnt, bmi1, bmi2",
            #[cfg(target_arch = "x86_64")]
            Kind::FastPext => "x86-64 with popcnt, lzcnt, bmi1, bmi2 (fast pext)",
        }
    }

    /// Every one this CPU can run, the baseline first: the PEXT build runs wherever BMI2 is,
    /// slowly or not.
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Isa> {
        #[cfg(target_arch = "x86_64")]
        if Isa::best() != Isa::PORTABLE {
            return vec![
                Isa::PORTABLE,
                Isa(Kind::BitManipulation),
                Isa(Kind::FastPext),
            ];
        }
        vec![Isa::PORTABLE]
    }

    /// Runs `f` compiled for these instructions: `f` and what it inlines (the whole search,
    /// which is `#[inline(always)]` down to the board's rules) get their own copy per kind.
    #[inline(always)]
    pub fn run<R>(self, f: impl FnOnce() -> R) -> R {
        self.run_settling::<Lookup, R>(f)
    }

    /// [`Isa::run`] for code that settles words by `O`: one that needs BMI2 is compiled for
    /// the bit instructions only, never for the baseline, where it could not run.
    #[inline(always)]
    pub(crate) fn run_settling<O: Occupancy, R>(self, f: impl FnOnce() -> R) -> R {
        match self.0 {
            Kind::Portable if !O::NEEDS_BMI2 => f(),
            // SAFETY: an `Isa` of these kinds is made only by `best`, where the CPU has them
            // (and by `available`, for tests, on the same condition).
            #[cfg(target_arch = "x86_64")]
            Kind::BitManipulation | Kind::FastPext => unsafe { with_bit_manipulation(f) },
            Kind::Portable => unreachable!("code that needs BMI2 run on the portable build"),
        }
    }
}

/// Whether this CPU's PEXT is one fast instruction: Intel's since Haswell (the first with
/// BMI2) and AMD's since Zen 3 (family 19h). AMD's earlier ones (Excavator, Zen 1-2, and
/// Hygon's Zen 1) run it as microcode, tens of cycles; other vendors are not assumed fast.
/// Asked by `Isa::best`, once.
#[cfg(target_arch = "x86_64")]
fn fast_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let name = [vendor.ebx, vendor.edx, vendor.ecx]
        .map(u32::to_le_bytes)
        .concat();
    pext_is_fast(&name, __cpuid(1).eax)
}

/// [`fast_pext`]'s rule, by CPUID's vendor name (leaf 0) and processor signature (leaf 1,
/// EAX), whose family is the base family (bits 8-11) plus, when that is 0xF, the extended
/// family (bits 20-27).
#[cfg(target_arch = "x86_64")]
fn pext_is_fast(vendor: &[u8], signature: u32) -> bool {
    let base_family = signature >> 8 & 0xf;
    let family = match base_family {
        0xf => base_family + (signature >> 20 & 0xff),
        _ => base_family,
    };
    match vendor {
        b"GenuineIntel" => true,
        b"AuthenticAMD" => family >= 0x19,
        _ => false,
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
    fn the_bit_instruction_builds_need_all_four() {
        for bits in 0..16 {
            let has = [0, 1, 2, 3].map(|i| bits >> i & 1 == 1);
            for fast_pext in [false, true] {
                let want = match (bits, fast_pext) {
                    (15, true) => Kind::FastPext,
                    (15, false) => Kind::BitManipulation,
                    _ => Kind::Portable,
                };
                let isa = Isa::for_x86_64(has, fast_pext);
                assert_eq!(isa.0, want, "{has:?} {fast_pext}");
                assert_eq!(isa.settles_by_pext(), want == Kind::FastPext);
            }
        }
    }

    #[test]
    fn pext_is_fast_on_intel_and_on_amd_from_zen_3() {
        // Processor signatures (CPUID leaf 1, EAX) of real parts.
        for (vendor, signature, fast) in [
            (&b"GenuineIntel"[..], 0x0003_06c3, true), // Haswell, family 6
            (b"GenuineIntel", 0x0008_06f8, true),      // Sapphire Rapids, family 6
            (b"AuthenticAMD", 0x0066_0f51, false),     // Excavator, family 15h
            (b"AuthenticAMD", 0x0080_0f12, false),     // Zen 1 (EPYC 7601), family 17h
            (b"AuthenticAMD", 0x0083_0f10, false),     // Zen 2 (EPYC 7702), family 17h
            (b"AuthenticAMD", 0x00a0_0f11, true),      // Zen 3 (EPYC 7763), family 19h
            (b"AuthenticAMD", 0x00a1_0f11, true),      // Zen 4 (EPYC 9654), family 19h
            (b"AuthenticAMD", 0x00b0_0f20, true),      // Zen 5, family 1Ah
            (b"HygonGenuine", 0x0090_0f02, false),     // Hygon Dhyana (Zen 1), family 18h
            (b"CentaurHauls", 0x0000_06f2, false),
        ] {
            assert_eq!(pext_is_fast(vendor, signature), fast, "{signature:x}");
        }
    }
}
