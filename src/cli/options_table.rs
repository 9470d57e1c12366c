//! The option tables of `docs/*.md`, rendered from clap's help texts: each option is described
//! once, in `src/cli.rs`, and `--help`, the man page (`sudoku-batch man`) and the docs say the
//! same. A page holds a subcommand's table between `<!-- options: NAME -->` and
//! `<!-- /options -->`; the test below fails when one differs from what clap says, and
//! `UPDATE_DOCS=1 cargo test --bin sudoku-batch options` rewrites them. Each such subcommand has
//! its man page too (`sudoku-batch man solve`).

use super::Cli;
use clap::{Arg, ArgAction, Command, CommandFactory};
use std::path::Path;

/// The subcommands with no options worth a table.
const WITHOUT_TABLE: [&str; 3] = ["completions", "man", "help"];

/// The most values an option's row lists.
const MAX_LISTED: usize = 8;

/// Subcommand `name`'s options as a Markdown table, in the order of `--help`.
fn table(command: &Command) -> String {
    let mut out = String::from("| option | meaning |\n|---|---|\n");
    for arg in command.get_arguments() {
        if arg.is_hide_set() || matches!(arg.get_id().as_str(), "help" | "version") {
            continue;
        }
        out += &format!("| `{}` | {} |\n", cell(&usage(arg)), cell(&meaning(arg)));
    }
    out
}

/// How the option is written: `-o, --output FILE`, `--mode unique|first`, `INPUT...`.
fn usage(arg: &Arg) -> String {
    let values = || {
        let named: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        // A long list of values (the ladder's 40 techniques) is its page's own table.
        let value = match named.is_empty() || named.len() > MAX_LISTED {
            true => arg
                .get_value_names()
                .map(|names| names.join(" "))
                .unwrap_or_else(|| arg.get_id().as_str().to_uppercase()),
            false => named.join("|"),
        };
        let many = arg.get_value_delimiter().is_some() && !value.ends_with(",...");
        format!("{value}{}", if many { ",..." } else { "" })
    };
    if arg.is_positional() {
        let many = matches!(arg.get_action(), ArgAction::Append);
        return format!("{}{}", values(), if many { "..." } else { "" });
    }
    let mut names: Vec<String> = arg
        .get_short()
        .map(|s| format!("-{s}"))
        .into_iter()
        .collect();
    names.extend(arg.get_long().map(|l| format!("--{l}")));
    names.extend(
        arg.get_visible_aliases()
            .into_iter()
            .flatten()
            .map(|a| format!("--{a}")),
    );
    let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values())
        && !matches!(arg.get_action(), ArgAction::SetTrue | ArgAction::Count);
    match takes_value {
        true => format!("{} {}", names.join(", "), values()),
        false => names.join(", "),
    }
}

/// The option's long help (else its help) on one line, with clap's default where the text
/// does not give it.
fn meaning(arg: &Arg) -> String {
    let help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    // One paragraph's help comes without its full stop, several paragraphs' with it.
    let mut text = help.split_whitespace().collect::<Vec<_>>().join(" ");
    text.truncate(text.trim_end_matches('.').len());
    let defaults: Vec<_> = arg
        .get_default_values()
        .iter()
        .map(|d| d.to_string_lossy())
        .collect();
    let is_flag = matches!(arg.get_action(), ArgAction::SetTrue);
    if !defaults.is_empty() && !is_flag && !text.contains("[default") {
        text += &format!(" [default: {}]", defaults.join(","));
    }
    text
}

/// A table cell: its bars escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The command line as clap completes it (with each option's number of values).
fn built() -> Command {
    let mut cli = Cli::command();
    cli.build();
    cli
}

/// Where each subcommand's table is, with the text it should hold.
fn tables() -> Vec<(String, String)> {
    built()
        .get_subcommands()
        .filter(|c| !WITHOUT_TABLE.contains(&c.get_name()))
        .map(|c| (c.get_name().to_string(), table(c)))
        .collect()
}

/// `page` with subcommand `name`'s table set to `table`; None where the page has no marker.
fn with_table(page: &str, name: &str, table: &str) -> Option<String> {
    let open = format!("<!-- options: {name} -->\n");
    let start = page.find(&open)? + open.len();
    let end = start + page[start..].find("<!-- /options -->")?;
    Some(format!("{}{table}{}", &page[..start], &page[end..]))
}

#[test]
fn the_docs_option_tables_are_clap_s_help() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut pages: Vec<_> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    for (name, table) in tables() {
        let mut found = 0;
        for page in &pages {
            let text = std::fs::read_to_string(page).unwrap();
            let Some(new) = with_table(&text, &name, &table) else {
                continue;
            };
            found += 1;
            if update {
                std::fs::write(page, &new).unwrap();
            } else {
                assert!(
                    new == text,
                    "{}'s table of `{name}`'s options is not what clap says; run \
                     UPDATE_DOCS=1 cargo test --bin sudoku-batch options",
                    page.display()
                );
            }
        }
        assert_eq!(
            found, 1,
            "`{name}`'s options: one table in docs/ (<!-- options: {name} -->)"
        );
    }
}

#[test]
fn options_are_written_as_their_help_shows_them() {
    let cli = built();
    let solve = cli.find_subcommand("solve").unwrap();
    let row = |id: &str| usage(solve.get_arguments().find(|a| a.get_id() == id).unwrap());
    assert_eq!(row("inputs"), "INPUT...");
    assert_eq!(row("output"), "-o, --output FILE");
    assert_eq!(row("column"), "-c, --column, --field NAME|N");
    assert_eq!(row("mode"), "-m, --mode unique|first|lexmin|count");
    assert_eq!(row("verify"), "--verify");
    let bench = cli.find_subcommand("bench").unwrap();
    let threads = bench
        .get_arguments()
        .find(|a| a.get_id() == "threads")
        .unwrap();
    assert_eq!(usage(threads), "-j, --threads N,...");
    let table = table(solve);
    assert!(table.contains("--format auto\\|"), "{table}");
    assert!(table.contains("[default: unique]"), "{table}");
}

#[test]
fn every_subcommand_with_options_has_a_man_page() {
    let with_options: Vec<_> = tables().into_iter().map(|(name, _)| name).collect();
    assert_eq!(with_options, super::MAN_PAGES);
}
