//! vramguide: how much GPU memory an LLM job needs, which GPUs fit, and why.
//!
//! The core (`catalog`, `query`, `estimate`, `recommend`, `answer`) is pure: no I/O, no
//! async, no user-facing strings. Rendering turns an answer plus a locale into text; the
//! adapters (CLI, web, Discord, store) stay thin around it.

pub mod answer;
pub mod ask;
pub mod buy;
pub mod catalog;
pub mod chart_pool;
pub mod chat;
pub mod diagnose;
pub mod discord;
pub mod error;
pub mod estimate;
pub mod guide;
pub mod hub;
pub mod i18n;
pub mod mixed;
pub mod plan;
pub mod query;
pub mod recommend;
pub mod render;
pub mod runtime;
pub mod sanitize;
pub mod settings;
pub mod store;
pub mod vocab;
pub mod web;
