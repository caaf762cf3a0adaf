//! The shared words, at the bottom of the crate: reply languages, weight and KV formats,
//! job modes, runtime ids and how GPUs are put together. Every layer speaks them, so they
//! import nothing of the crate: no two layers need each other for a name.

mod lang;
mod mode;
pub mod precision;
mod runtime;
mod topology;

pub use lang::Lang;
pub use mode::Mode;
pub use precision::{Format, KvPrecision, Precision, Scope, UnknownPrecision};
pub use runtime::Runtime;
pub use topology::{Interconnect, Machine, NODE, Topology};
