//! The `vramguide` binary: command-line adapter around the pure core.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
