//! What a job is: inference or one of the training set-ups.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Inference or one of the training set-ups. `to_string` is the contract name; the
/// `serialize` names are the other words `--mode` takes, in any case. Parsing gives strum's
/// `ParseError`: the job layer says which field it was (this module names nothing of the
/// crate).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(ascii_case_insensitive)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    #[default]
    #[strum(to_string = "inference", serialize = "infer")]
    Inference,
    #[strum(
        to_string = "full-finetune",
        serialize = "full",
        serialize = "finetune",
        serialize = "train"
    )]
    FullFinetune,
    #[strum(to_string = "lora")]
    Lora,
    #[strum(to_string = "qlora")]
    Qlora,
}

impl Mode {
    pub fn name(self) -> &'static str {
        self.into()
    }

    pub fn is_training(self) -> bool {
        self != Mode::Inference
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
