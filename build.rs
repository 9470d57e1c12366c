//! Puts the commit the binary is built from into `--version`, when it is built from a git
//! checkout (a package from the registry has none: then the version is the crate's alone).

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let full = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(commit) => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            let date = git(&["log", "-1", "--format=%cs"]).unwrap_or_default();
            let mark = if dirty { "+changes" } else { "" };
            format!("{version} (commit {commit}{mark}, {date})")
        }
        None => version.to_string(),
    };
    println!("cargo:rustc-env=SUDOKU_BATCH_VERSION={full}");
    // Built again when the commit or the checkout changes.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        for file in ["HEAD", "index"] {
            println!("cargo:rerun-if-changed={dir}/{file}");
        }
        if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={dir}/{head}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
