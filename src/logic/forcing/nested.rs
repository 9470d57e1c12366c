//! Where a dynamic chain of the "plus" and nested kinds has nothing left to follow: the rules
//! Explainer nests in it (the basic ones of `implied`, then forcing chains of a smaller kind)
//! are asked what else the grid the chain has left rules out, and each removal they hand back
//! rests on what the chain removed for it (Explainer's rule parents). A nested chain's length
//! counts once in every chain that rests on it.

use super::super::implied;
use super::super::marks::Marks;
use super::super::pencil::{HOUSES, members};
use super::{CELL, HOUSE, Kind, NONE, Search, Set, slot};
use std::collections::VecDeque;

/// A hint of a rule nested in a chain, and for a nested chain its length and key.
pub(super) type RuleHint = (implied::Implied, Option<(u32, u64)>);

impl Search {
    /// What the first of the basic rules to find anything on `grid` removes, as new "off"
    /// nodes resting on the candidates the chain removed for it (added to `to_off` and
    /// `pending`); false when nothing is new.
    pub(super) fn implied(
        &mut self,
        grid: &Marks,
        to_off: &mut Set,
        pending: &mut VecDeque<u32>,
    ) -> bool {
        // Chains from different starts often stop on the same grid, where the rules find the
        // same (they depend on the grid and on where this search began).
        let rules = match self.rules_seen.get(grid) {
            Some(rules) => rules.clone(),
            None => {
                let rules = self.rules(grid);
                self.rules_seen.insert(*grid, rules.clone());
                rules
            }
        };
        let mut added = false;
        for (hint, nested) in rules {
            let nested = match nested {
                Some(chain) => {
                    self.nested.push(chain);
                    self.nested.len() as u32 - 1
                }
                None => NONE,
            };
            for &(cell, digit) in &hint.removed {
                if to_off.contains(cell, digit) {
                    continue;
                }
                let from = self.parents.len();
                for &(c, d) in &hint.parents {
                    self.parents.extend(to_off.get(c, d));
                }
                let node = self.node_from(cell, digit, false, from);
                self.nodes[node as usize].nested = nested;
                to_off.add(&self.nodes, node);
                pending.push_back(node);
                added = true;
            }
        }
        added
    }

    /// The static forcing chains and cycles on `grid` (the grid a chain of this search has
    /// left), as rules nested in that chain: in Explainer's order (score, length, kind), one
    /// per set of removals, those that rest on something the chain removed; each with its
    /// length and key.
    pub(super) fn nested_chains(
        &self,
        grid: &Marks,
        kind: Kind,
    ) -> Vec<(implied::Implied, u32, u64)> {
        let mut inner = Search::new(*grid, self.empty, self.placed, kind);
        inner.outer = Some(self.marks);
        if kind == Kind::Static {
            inner.statics();
        } else {
            inner.multiple();
        }
        let mut hints = inner.hints;
        hints.sort_by_key(|h| (h.score, h.complexity, h.sort_key)); // stable, as Explainer's
        let mut seen: Vec<Vec<(usize, u8)>> = Vec::new();
        let mut found = Vec::new();
        for hint in hints {
            let mut removals = hint.removed.clone();
            removals.sort_unstable();
            if seen.contains(&removals) {
                continue;
            }
            seen.push(removals);
            let Some((parents, key)) = hint.rule.filter(|(parents, _)| !parents.is_empty()) else {
                continue;
            };
            let removed = implied::in_java_order(&hint.removed);
            found.push((implied::Implied { removed, parents }, hint.complexity, key));
        }
        found
    }

    /// What the rules nested in this search's chains find on `grid`: the hints of the first
    /// basic rule that finds any, or else of the first kind of chain nested in this kind
    /// (`Kind::nests`) that finds any, each with its length and key.
    pub(super) fn rules(&self, grid: &Marks) -> Vec<RuleHint> {
        let before = implied::Before {
            marks: &self.marks,
            empty: self.empty,
            placed: self.placed,
        };
        let basic = implied::first_rule(grid, &before);
        if !basic.is_empty() {
            return basic.into_iter().map(|hint| (hint, None)).collect();
        }
        let chains = self
            .kind
            .nests()
            .iter()
            .map(|&kind| self.nested_chains(grid, kind))
            .find(|chains| !chains.is_empty())
            .unwrap_or_default();
        chains
            .into_iter()
            .map(|(hint, complexity, key)| (hint, Some((complexity, key))))
            .collect()
    }

    /// For a chain nested in another (`outer` set): the candidates the outer chain removed
    /// that the chain ending at `end` rests on (Explainer's `collectRuleParents`: for each
    /// node its cell or a house forced, what that cell, or the house's places of the digit,
    /// had lost), and a key for the chain (the candidates it passes through). A cycle is read
    /// both ways (`both`): its "off" nodes are the "on" nodes of the way back. The assumptions
    /// the chains start from count as forced by `start` (a cell's or a house's chains: it has
    /// only these candidates, or places) or by nothing (0).
    pub(super) fn rule_of(
        &self,
        ends: &[u32],
        both: bool,
        start: u8,
    ) -> Option<(Vec<(usize, u8)>, u64)> {
        let initial = self.outer.as_ref()?;
        let current = &self.marks;
        let mut parents: Vec<(usize, u8)> = Vec::new();
        let mut lost = |c: usize, d: u8| {
            if initial.has(c, d) && !current.has(c, d) && !parents.contains(&(c, d)) {
                parents.push((c, d));
            }
        };
        let mut key: u64 = 0xcbf2_9ce4_8422_2325;
        let mut all = [0u64; 23];
        // Each chain on its own, as Explainer walks them (a candidate met twice counts once).
        for &end in ends {
            let mut seen = [0u64; 23];
            let mut todo = vec![end];
            while let Some(n) = todo.pop() {
                let x = self.nodes[n as usize];
                let bit = slot(x.cell as usize, x.digit) * 2 + x.on as usize;
                if seen[bit / 64] >> (bit % 64) & 1 == 1 {
                    continue;
                }
                seen[bit / 64] |= 1 << (bit % 64);
                all[bit / 64] |= 1 << (bit % 64);
                todo.extend_from_slice(self.parents_of(n));
                let cause = match x.cause {
                    0 if x.count == 0 => start,
                    cause => cause,
                };
                if !(x.on || both) {
                    continue;
                }
                match cause {
                    0 => {}
                    CELL => (1..=9).for_each(|d| lost(x.cell as usize, d)),
                    house => {
                        members(HOUSES[(house - HOUSE) as usize]).for_each(|c| lost(c, x.digit))
                    }
                }
            }
        }
        for word in all {
            key = (key ^ word).wrapping_mul(0x0100_0000_01b3);
        }
        Some((parents, key))
    }

    /// The lengths of the distinct nested chains the chains ending at `ends` rest on.
    pub(super) fn nested_complexity(&self, ends: &[u32]) -> u32 {
        let mut keys: Vec<u64> = Vec::new();
        let mut total = 0;
        let mut seen = vec![false; self.nodes.len()];
        let mut todo = ends.to_vec();
        while let Some(n) = todo.pop() {
            if std::mem::replace(&mut seen[n as usize], true) {
                continue;
            }
            let x = &self.nodes[n as usize];
            if x.nested != NONE {
                let (complexity, key) = self.nested[x.nested as usize];
                if !keys.contains(&key) {
                    keys.push(key);
                    total += complexity;
                }
            }
            todo.extend_from_slice(self.parents_of(n));
        }
        total
    }
}
