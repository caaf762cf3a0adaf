//! Every integration test, as modules of one binary: serenity, sqlx and axum are linked
//! once instead of once per file, which was most of CI's time on 2 cores.
//!
//! One module: `cargo test --test it estimate::`; one test: `cargo test --test it
//! estimate::name`. Fixtures stay beside this folder (`tests/calibration/`, `tests/corpus/`),
//! shared with `examples/calibrate.rs`.

mod ask_intents;
mod asker_runtime;
mod best_fit;
mod budgets;
mod calibration;
mod calibration_rows;
mod catalog_params;
mod chart;
mod chat_cli;
mod chat_length;
mod common_words;
mod compare_explain;
mod config_cli;
mod diagnose_corpus;
mod discord_bench;
mod discord_chart;
mod discord_commands;
mod discord_e2e;
mod discord_intents;
mod discord_phone;
mod engine_flags;
mod estimate;
mod estimate_training;
mod fake_discord;
mod fake_hub;
mod glossary;
mod hub;
mod hub_fuzz;
mod hub_header;
mod hub_hostile;
mod hub_ids;
mod hub_search;
mod intent_corpus;
mod issue34_why;
mod json_shape;
mod known_setups;
mod language_mix;
mod layers;
mod locales;
mod mac;
mod name_variants;
mod names;
mod numbers_written;
mod ollama;
mod on_each;
mod openapi;
mod own_setup;
mod parser_corpus;
mod plan;
mod prices;
mod properties;
mod readme;
mod real_configs;
mod setups;
mod speed_at_load;
mod speed_consistency;
mod store;
mod store_cli;
mod terminal_cli;
mod tflops;
mod unknown_names;
mod untranslated;
mod user_corpus;
mod verdict_first;
mod web;
mod web_browser;
mod web_follow_up;
mod web_hostile;
mod web_pages;
mod web_paste;
mod web_stats;
