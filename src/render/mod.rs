//! Turning an [`Answer`](crate::answer::Answer) plus a language into output.
//!
//! `parts` holds the localized pieces every surface shares (the summary line, the fit
//! verdict, a setup line...), so the CLI text, the Discord embed (`discord`), the web page
//! (`html`), the JSON (`json`) and the memory chart (`chart`) say the same thing in the
//! same words.

pub mod buy;
pub mod chart;
pub mod compare;
pub mod diagnosis;
pub mod discord;
pub mod error;
pub mod html;
pub mod json;
pub mod notes;
pub mod outcome;
pub mod parts;
pub mod plan;
pub mod stats;
pub mod text;
pub mod view;
