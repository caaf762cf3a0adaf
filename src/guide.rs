//! The guide's topics: short explanations answers link to (VRAM, NVLink, precision...).
//! Their text lives in the Fluent files (`guide-<slug>-*`); this is the list and its names.

use serde::Serialize;

/// The guide topics, in the order the guide lists them.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    utoipa::ToSchema,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    Vram,
    Nvlink,
    TensorCores,
    Sxm,
    Precision,
    Quantization,
    KvCache,
    Oom,
    MultiGpu,
    CudaVisibleDevices,
    Choosing,
}

impl Topic {
    pub const ALL: &'static [Topic] = <Topic as strum::VariantArray>::VARIANTS;

    pub fn slug(self) -> &'static str {
        self.into()
    }

    /// Parse a slug, accepting a few spellings people use ("tensor cores", "cuda_visible_devices").
    pub fn from_slug(s: &str) -> Option<Topic> {
        let key: String = s
            .trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == '_' || c == ' ' { '-' } else { c })
            .collect();
        let key = match key.as_str() {
            "kv" | "kvcache" => "kv-cache",
            "tensor" | "tensorcores" => "tensor-cores",
            "multigpu" => "multi-gpu",
            "quant" | "quantisation" => "quantization",
            "pcie" => "sxm",
            other => other,
        };
        Topic::ALL.iter().copied().find(|t| t.slug() == key)
    }
}

/// Where a guide topic leads next, as data: each topic's two nearest neighbours, the
/// topics a reader of it most often needs after it.
const NEXT_TOPICS: &[(Topic, [Topic; 2])] = &[
    (Topic::Vram, [Topic::KvCache, Topic::Quantization]),
    (Topic::Nvlink, [Topic::MultiGpu, Topic::Sxm]),
    (Topic::TensorCores, [Topic::Precision, Topic::Choosing]),
    (Topic::Sxm, [Topic::Nvlink, Topic::Choosing]),
    (Topic::Precision, [Topic::Quantization, Topic::TensorCores]),
    (Topic::Quantization, [Topic::Precision, Topic::Vram]),
    (Topic::KvCache, [Topic::Vram, Topic::Oom]),
    (Topic::Oom, [Topic::KvCache, Topic::Quantization]),
    (Topic::MultiGpu, [Topic::Nvlink, Topic::CudaVisibleDevices]),
    (Topic::CudaVisibleDevices, [Topic::MultiGpu, Topic::Oom]),
    (Topic::Choosing, [Topic::Vram, Topic::Nvlink]),
];

/// The topics a guide answer offers next.
pub fn next_topics(topic: Topic) -> [Topic; 2] {
    NEXT_TOPICS
        .iter()
        .find(|(t, _)| *t == topic)
        .map_or([Topic::Vram, Topic::Choosing], |(_, next)| *next)
}

/// What a question asks of a topic beyond "what is it", read from its words: whether a
/// card has it ("does the 4090 support nvlink?"), why a card lacks it ("why did the 4090
/// lose NVLink"), or why it costs what it does ("why do H100 SXM boxes cost so much").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Facet {
    Has,
    Why,
    Cost,
}

/// The card property a direct answer reads from the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Property {
    /// Its NVLink (version, bandwidth), or its absence.
    Nvlink,
    /// Its form factor, power and bandwidth beside the PCIe card of the same chip.
    FormFactor,
}

/// A direct answer the guide holds: for a topic and what is asked of it, the card property
/// it reads, whether it needs a named card, and the guide's paragraphs it opens at (counted
/// from 0 in `guide-<slug>-body`, the same in every locale).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fact {
    pub topic: Topic,
    pub facet: Facet,
    pub property: Property,
    pub needs_card: bool,
    pub parts: &'static [usize],
}

/// The direct answers, as data: one row per question shape. A question matching none is
/// answered with the topic's summary and its first paragraph.
pub const FACTS: &[Fact] = &[
    Fact {
        topic: Topic::Nvlink,
        facet: Facet::Has,
        property: Property::Nvlink,
        needs_card: true,
        parts: &[4],
    },
    Fact {
        topic: Topic::Nvlink,
        facet: Facet::Why,
        property: Property::Nvlink,
        needs_card: false,
        parts: &[4],
    },
    Fact {
        topic: Topic::Sxm,
        facet: Facet::Cost,
        property: Property::FormFactor,
        needs_card: false,
        parts: &[5],
    },
];

/// A guide topic as asked: the topic, what the question asks of it and the cards it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Explained {
    pub topic: Topic,
    pub facet: Option<Facet>,
    pub gpus: Vec<&'static crate::catalog::GpuSpec>,
}

impl Explained {
    /// The topic alone (`/explain nvlink`, a guide button).
    pub fn topic(topic: Topic) -> Explained {
        Explained {
            topic,
            facet: None,
            gpus: Vec::new(),
        }
    }

    /// The direct answer this question gets, if the table holds one: a "does it have"
    /// question with no card named has none (the guide's summary answers it).
    pub fn fact(&self) -> Option<&'static Fact> {
        let facet = self.facet?;
        FACTS.iter().find(|f| {
            f.topic == self.topic && f.facet == facet && (!f.needs_card || !self.gpus.is_empty())
        })
    }

    /// The guide's paragraphs the short answer shows: the fact's, else the first.
    pub fn parts(&self) -> &'static [usize] {
        self.fact().map_or(&[0], |f| f.parts)
    }
}

/// The paragraphs of a guide body (blank lines apart).
pub fn paragraphs(body: &str) -> Vec<&str> {
    body.split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_has_question_needs_a_card_a_why_question_does_not() {
        let mut e = Explained {
            topic: Topic::Nvlink,
            facet: Some(Facet::Has),
            gpus: Vec::new(),
        };
        assert_eq!(e.fact(), None, "no card: the summary answers");
        assert_eq!(e.parts(), &[0]);
        e.facet = Some(Facet::Why);
        assert_eq!(e.fact().map(|f| f.property), Some(Property::Nvlink));
        assert_eq!(e.parts(), &[4]);
        assert_eq!(Explained::topic(Topic::Sxm).fact(), None);
    }

    #[test]
    fn every_topic_leads_to_two_others() {
        for &topic in Topic::ALL {
            let next = next_topics(topic);
            assert!(
                NEXT_TOPICS.iter().any(|(t, _)| *t == topic),
                "{topic:?} has next topics"
            );
            assert!(!next.contains(&topic) && next[0] != next[1], "{topic:?}");
        }
    }

    #[test]
    fn paragraphs_are_blank_lines_apart() {
        assert_eq!(paragraphs("a\nb\n\n\nc\n"), ["a\nb", "c"]);
    }
}
