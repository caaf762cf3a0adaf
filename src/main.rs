//! The `vramguide` binary: command-line adapter around the pure core.

mod cli;

/// The reply path allocates many small strings (Fluent arguments, formatted numbers);
/// mimalloc serves them markedly faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
