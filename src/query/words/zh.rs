//! Simplified Chinese words. The cleaned text keeps Chinese runs whole, so these match
//! inside a run.

use super::Words;
use crate::vocab::Lang;

pub struct Chinese;

impl Words for Chinese {
    fn lang(&self) -> Lang {
        Lang::Zh
    }

    fn follow_up_openers(&self) -> &'static [&'static str] {
        &["那", "那么", "如果", "要是", "同样", "还是这个"]
    }

    fn follow_up_anywhere(&self) -> &'static [&'static str] {
        &[
            "换成",
            "改成",
            "换用",
            "改用",
            "如果用",
            "要是用",
            "同样的问题",
            "同一个问题",
        ]
    }

    fn follow_up_endings(&self) -> &'static [&'static str] {
        &["呢"]
    }
}
