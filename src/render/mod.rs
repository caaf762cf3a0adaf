//! Turning an [`Answer`](crate::answer::Answer) plus a language into output.
//!
//! `view` computes the sections of an estimate once (verdict, numbers, breakdown, levers,
//! setups, launch lines, notes, guides); the CLI text (`text`), the Discord embeds
//! (`discord`) and the web page (`crate::web::pages`) each name the sections they show and
//! only format them. `parts` and `plan` hold the localized lines the view is made of, so the
//! JSON (`json`) and the memory chart (`chart`) say the same thing in the same words.

pub mod buy;
pub mod chart;
pub mod compare;
pub mod compare_short;
pub mod diagnosis;
pub mod direct;
pub mod discord;
pub mod error;
pub mod follow_up;
pub mod html;
pub mod json;
pub mod kinds;
pub mod kinds_json;
pub mod next_steps;
pub mod notes;
pub mod outcome;
pub mod parts;
pub mod plan;
pub mod setups;
pub mod stats;
pub mod text;
pub mod verdict;
pub mod view;
