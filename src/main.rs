//! The `vramguide` binary: command-line adapter around the pure core.

mod cli;

/// The reply path allocates many small strings (Fluent arguments, formatted numbers);
/// mimalloc serves them markedly faster than the system allocator.
///
/// Built with its `no_thp` feature: mimalloc otherwise asks for transparent huge pages on
/// its arenas, and every 2 MiB page a few small objects touch counts whole in the resident
/// memory (the idle server held 58 MiB that way, 28 MiB without).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    return_freed_memory_promptly();
    cli::main()
}

/// mimalloc's `mi_option_purge_delay` (the same index in mimalloc 2 and 3).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

unsafe extern "C" {
    /// mimalloc's C API (`mimalloc.h`), linked in with the allocator.
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// How long mimalloc keeps the pages it freed before giving them back to the system.
///
/// mimalloc 3 keeps them 1 s. In a burst of Discord answers, pages were freed and refilled
/// all the time and never idle that long, so the freed ones kept counting: the
/// 2,000-interaction burst peaked at 108 MiB that way (with huge pages already off), 71 MiB
/// with no delay at all. But each chart allocates and frees a few MB of pixels; given back at
/// once (or after 10 ms), the next chart faulted them in again, 20 times the page faults and
/// a seventh more CPU per answer. 100 ms keeps them for the next chart and still lets a
/// burst's freed pages go: 90 MiB at the peak, before the smaller queued events.
const PURGE_DELAY_MS: std::ffi::c_long = 100;

/// Set [`PURGE_DELAY_MS`].
fn return_freed_memory_promptly() {
    // SAFETY: a plain setter of mimalloc's option table, called before any thread starts.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS) };
}
