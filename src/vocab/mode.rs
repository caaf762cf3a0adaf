//! What a job is: inference or one of the training set-ups.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Inference or one of the training set-ups.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default, strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    #[default]
    Inference,
    FullFinetune,
    Lora,
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
