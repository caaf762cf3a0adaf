//! Simplified Chinese words. The cleaned text keeps Chinese runs whole, so these match
//! inside a run.

use super::{Cue, CueWords, Words};
use crate::guide::Topic;
use crate::query::budget::Currency;
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

    fn cues(&self) -> &'static [CueWords] {
        &[
            (
                Cue::Why,
                &["为什么", "为啥", "怎么没", "砍", "取消", "去掉", "阉割"],
            ),
            (Cue::Expensive, &["贵", "昂贵"]),
            (
                Cue::Compare,
                &[
                    "还是", "或者", "哪个", "哪张", "对比", "比较", "区别", "差别", "更快", "划算",
                    "好",
                ],
            ),
            (Cue::Price, &["多少钱", "价格", "售价", "租"]),
            (
                Cue::Fit,
                &[
                    "能跑什么",
                    "能跑哪些",
                    "跑什么",
                    "最大的模型",
                    "什么模型",
                    "哪些模型",
                    "能跑",
                    "可以跑",
                ],
            ),
            (
                Cue::Explain,
                &[
                    "是什么",
                    "什么是",
                    "啥是",
                    "啥意思",
                    "什么意思",
                    "为什么",
                    "为啥",
                ],
            ),
            (Cue::Buy, &["预算", "以内"]),
            (Cue::Purchase, &["买", "购买", "入手"]),
            (
                Cue::Topic(Topic::TensorCores),
                &["张量核心", "张量核", "tensor 核心"],
            ),
            (Cue::Topic(Topic::KvCache), &["kv 缓存", "键值缓存"]),
            (
                Cue::Topic(Topic::MultiGpu),
                &["多卡", "多 gpu", "多显卡", "多张卡", "并行"],
            ),
            (Cue::Topic(Topic::Quantization), &["量化"]),
            (Cue::Topic(Topic::Precision), &["精度"]),
            (
                Cue::Topic(Topic::Oom),
                &["爆显存", "显存不足", "显存溢出", "内存不足"],
            ),
            (
                Cue::Topic(Topic::Choosing),
                &["选卡", "什么卡", "哪个显卡", "什么显卡", "选哪个", "选什么"],
            ),
            (Cue::Topic(Topic::Vram), &["显存"]),
        ]
    }

    fn currency(&self) -> Currency {
        Currency::Cny
    }

    fn count_words(&self) -> &'static [(&'static str, u64)] {
        &[
            ("一", 1),
            ("单", 1),
            ("两", 2),
            ("二", 2),
            ("俩", 2),
            ("双", 2),
            ("三", 3),
            ("四", 4),
            ("六", 6),
            ("八", 8),
            ("十", 10),
        ]
    }

    fn card_nouns(&self) -> &'static [&'static str] {
        &["显卡", "卡", "gpu"]
    }

    fn count_fillers(&self) -> &'static [&'static str] {
        &["张", "块", "卡", "台"]
    }

    fn measure_words(&self) -> &'static [&'static str] {
        &["张", "块", "個", "个", "台"]
    }

    fn budget_openers(&self) -> &'static [&'static str] {
        &[r"预算\s*(?:是|为|有)?\s*"]
    }

    fn currency_words(&self) -> &'static [(&'static str, Currency)] {
        &[
            ("美元", Currency::Usd),
            ("美金", Currency::Usd),
            ("元", Currency::Cny),
            ("块钱", Currency::Cny),
            ("人民币", Currency::Cny),
        ]
    }

    fn amount_scales(&self) -> &'static [(&'static str, f64)] {
        &[("万", 1e+04)]
    }

    fn range_words(&self) -> &'static [&'static str] {
        &["到", "至"]
    }

    fn money_scales(&self) -> &'static [&'static str] {
        &["万"]
    }

    fn train_words(&self) -> &'static [&'static str] {
        &[
            r"全参数?微调",
            r"全量微调",
            r"全参",
            r"微调",
            r"训练",
            r"预训练",
        ]
    }

    fn half_precision_words(&self) -> &'static [&'static str] {
        &[r"半精度"]
    }

    fn full_precision_words(&self) -> &'static [&'static str] {
        &[r"全精度", r"单精度"]
    }

    fn batch_openers(&self) -> &'static [&'static str] {
        &[r"批量\s*(?:大小)?\s*(?:为|=)?", r"批次", r"并发"]
    }

    fn user_words(&self) -> &'static [&'static str] {
        &[r"个?\s*并发", r"个?\s*用户"]
    }

    fn max_context_phrases(&self) -> &'static [&'static str] {
        &[
            r"最大\s*上下文",
            r"最长\s*上下文",
            r"最[长大][^\sa-z0-9]{0,6}上下文",
            r"上下文\s*(?:最大|最长|上限)",
        ]
    }

    fn card_prepositions(&self) -> &'static [&'static str] {
        &["用", "单张", "一张"]
    }

    fn common_words(&self) -> &'static str {
        include_str!("../../../data/common_words/zh.txt")
    }

    fn context_openers(&self) -> &'static [&'static str] {
        &[r"上下文\s*(?:长度)?", r"序列\s*(?:长度)?"]
    }

    fn context_joiners(&self) -> &'static [&'static str] {
        &[r"为", r"是"]
    }
}
