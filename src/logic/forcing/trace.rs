//! A chain behind a step, as Sudoku Explainer's hint views list it: from the assumption to
//! the conclusion, each implication once, the ones it rests on before it, numbered, in
//! Explainer's words ("(2) If r1c5 does not contain the value 3, then r1c8 must contain the
//! value 3 (only remaining possible position in the row)"). Only `explain --chains` asks for
//! them: the rater's searches never build one.

use super::super::pencil::cell_name;
use super::super::step::Literal;
use super::{CELL, HOUSE, NONE, Search};

/// One chain of a step: the assumption it starts from, the candidate it ends on, and the
/// implications between, each resting only on the assumption or on earlier ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainView {
    assumption: Literal,
    end: Literal,
    links: Vec<Link>,
}

/// One implication: `then` follows from `ifs` (each with the number of the link that proved
/// it, `None` for the assumption) for the reason `why`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Link {
    then: Literal,
    ifs: Vec<(Literal, Option<usize>)>,
    why: Why,
}

/// Why an implication holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Why {
    /// The candidate's cell: it holds one digit.
    Cell,
    /// A house of the kind `0` row, `1` column, `2` box: it holds each digit once.
    House(u8),
    /// A rule nested in the chain (a basic rule, or a chain of a smaller kind) on the grid
    /// the chain has left.
    Nested { chain: bool },
}

impl Search {
    /// The chain that ends at node `end`, as Explainer's `getHtmlChain` lists it: the parents
    /// of each node first (in their order), each candidate's implication once.
    pub(super) fn trace(&self, end: u32) -> ChainView {
        let mut listed: Vec<Literal> = Vec::new();
        let mut links = Vec::new();
        let mut done = vec![false; self.nodes.len()];
        self.add_links(end, &mut listed, &mut links, &mut done);
        let mut root = end;
        while let Some(first) = self.first_parent(root) {
            root = first;
        }
        ChainView {
            assumption: self.literal(root),
            end: self.literal(end),
            links,
        }
    }

    fn literal(&self, node: u32) -> Literal {
        let n = &self.nodes[node as usize];
        (n.cell as usize, n.digit, n.on)
    }

    /// Explainer's `addChainItem`. A node met again adds nothing new, so it is walked once.
    fn add_links(
        &self,
        node: u32,
        listed: &mut Vec<Literal>,
        links: &mut Vec<Link>,
        done: &mut [bool],
    ) {
        if std::mem::replace(&mut done[node as usize], true) {
            return;
        }
        let parents = self.parents_of(node);
        for &parent in parents {
            self.add_links(parent, listed, links, done);
        }
        let then = self.literal(node);
        if parents.is_empty() || listed.contains(&then) {
            return;
        }
        let n = &self.nodes[node as usize];
        let why = match n.cause {
            CELL => Why::Cell,
            cause if cause >= HOUSE => Why::House((cause - HOUSE) / 9),
            _ => Why::Nested {
                chain: n.nested != NONE,
            },
        };
        // Explainer names the parents last first, and numbers a parent only where it is not
        // the link just before (an unlisted one is the assumption).
        let ifs = parents
            .iter()
            .rev()
            .map(|&p| {
                let literal = self.literal(p);
                let at = listed.iter().position(|&l| l == literal);
                (literal, at)
            })
            .collect();
        listed.push(then);
        links.push(Link { then, ifs, why });
    }
}

fn weak((cell, digit, on): Literal) -> String {
    let verb = if on { "contains" } else { "does not contain" };
    format!("{} {verb} the value {digit}", cell_name(cell))
}

fn strong((cell, digit, on): Literal) -> String {
    let verb = if on { "must contain" } else { "cannot contain" };
    format!("{} {verb} the value {digit}", cell_name(cell))
}

impl ChainView {
    /// Its lines: the chain's claim, then its implications, numbered from 1.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "If {}, then {}:",
            weak(self.assumption),
            strong(self.end)
        )];
        for (i, link) in self.links.iter().enumerate() {
            let mut ifs = String::new();
            for (k, &(literal, at)) in link.ifs.iter().enumerate() {
                if k > 0 {
                    ifs += if k == link.ifs.len() - 1 {
                        " and "
                    } else {
                        ", "
                    };
                }
                ifs += &weak(literal);
                match at {
                    None if i > 0 => ifs += " (initial assumption)",
                    Some(at) if at + 1 < i => ifs += &format!(" ({})", at + 1),
                    _ => {}
                }
            }
            lines.push(format!(
                "({}) If {ifs}, then {} ({})",
                i + 1,
                strong(link.then),
                link.reason()
            ));
        }
        lines
    }
}

impl Link {
    /// Explainer's words for why it holds, which depend on whether it turns a candidate on.
    fn reason(&self) -> String {
        let house = |kind: u8| ["row", "column", "block"][kind as usize];
        match (self.why, self.then.2) {
            (Why::Cell, false) => "the cell can contain only one value".to_string(),
            (Why::Cell, true) => "only remaining possible value in the cell".to_string(),
            (Why::House(kind), false) => {
                format!("the value can occur only once in the {}", house(kind))
            }
            (Why::House(kind), true) => {
                format!("only remaining possible position in the {}", house(kind))
            }
            (Why::Nested { chain: true }, _) => "a chain nested in this one".to_string(),
            (Why::Nested { chain: false }, _) => "a basic rule nested in this chain".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::logic::{Pencil, chains, explain, next_step};

    /// Each link rests only on the assumption or on earlier links (numbered as they are), and
    /// the last is the chain's end.
    fn check(view: &super::ChainView) {
        let mut proved = vec![view.assumption];
        for link in &view.links {
            for &(literal, at) in &link.ifs {
                assert!(proved.contains(&literal), "{literal:?} unproved");
                let assumed = Some(literal).filter(|&l| l != view.assumption);
                assert_eq!(at.map(|i| view.links[i].then), assumed);
            }
            proved.push(link.then);
        }
        assert_eq!(view.links.last().map(|l| l.then), Some(view.end));
    }

    /// Every chain of every chain step on `puzzle`'s path: its links rest only on the
    /// assumption or on earlier links, the last link is the chain's end, and the step found
    /// with its chains is the step found without them (`chains` asserts that).
    fn chains_on(puzzle: &str) -> Vec<Vec<String>> {
        let mut p = Pencil::new(&puzzle.parse().unwrap()).unwrap();
        let mut all = Vec::new();
        while let Some(step) = next_step(&p) {
            for view in chains(&p, &step) {
                check(&view);
                all.push(view.lines());
            }
            step.apply(&mut p);
        }
        all
    }

    #[test]
    fn a_chain_lists_each_implication_after_what_it_rests_on() {
        // A Sudoku Exchange bank puzzle whose step 17 is a 7.1 forcing chain, r6c1.6 off.
        let puzzle =
            "097010530800000004041000870000060000010532080005104700003000900080206010000050000";
        let step = explain(&puzzle.parse().unwrap()).unwrap().nth(16).unwrap();
        assert_eq!(step.in_explainers_words(), "7.1 Forcing Chain: r6c1.6 off");
        let views = chains_on(puzzle);
        assert_eq!(
            views[0][..3],
            [
                "If r6c1 contains the value 6, then r6c1 cannot contain the value 6:",
                "(1) If r6c1 contains the value 6, then r6c1 cannot contain the value 9 (the \
                 cell can contain only one value)",
                "(2) If r6c1 does not contain the value 9, then r5c3 must contain the value 9 \
                 (only remaining possible position in the block)",
            ]
        );
        assert_eq!(views[0].len(), 8);
    }

    #[test]
    fn a_steps_chains_are_one_per_branch() {
        // A puzzle where a dynamic chain's step rests on two branches: a view for each, from
        // its own assumption to the same conclusion.
        let puzzle =
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
        let mut p = Pencil::new(&puzzle.parse().unwrap()).unwrap();
        next_step(&p).unwrap().apply(&mut p);
        let step = crate::logic::Technique::DynamicChain
            .find_on(&p)
            .expect("a dynamic chain");
        let views = chains(&p, &step);
        assert_eq!(views.len(), 2, "{views:?}");
        assert_ne!(views[0].assumption, views[1].assumption);
        assert_eq!(views[0].end, views[1].end);
        for view in &views {
            check(view);
        }
    }
}
