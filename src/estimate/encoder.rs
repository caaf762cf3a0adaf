//! The multimodal encoder's share of vLLM's start-up profile. Before sizing the KV pool,
//! vLLM's profile run (`GpuModelRunner.profile_run`) feeds the vision encoder the largest
//! dummy item of the modality with the most tokens per item, as many as the encoder
//! budget (`max(max_num_batched_tokens, tokens of that item)`) holds, and keeps their
//! embeddings in the encoder cache while the language model's dummy forward runs. For
//! Qwen's VL models the largest item is a video filling the whole `max_model_len`, so at
//! a 262,144-token context the encoder alone takes more than the KV cache on each GPU;
//! `--limit-mm-per-prompt '{"image":1,"video":0}'` profiles one image instead (16,384
//! tokens at its largest). Sources: data/SOURCES.md, "vLLM's multimodal profile".

use super::Job;
use crate::catalog::ModelSpec;

/// How many items of each modality a prompt may carry (`--limit-mm-per-prompt`); None:
/// vLLM's default, which profiles the largest item of every modality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct MmLimit {
    pub image: u32,
    pub video: u32,
}

/// A vision family whose profile vLLM sizes from a dummy video: the vision tower's width,
/// the extra embeddings per token it hands the language model (Qwen3-VL's DeepStack feeds
/// three of its layers' outputs in as well), and the tokens of its largest image.
struct VideoTower {
    family: &'static str,
    vision_hidden: f64,
    deepstack: f64,
    max_image_tokens: f64,
}

/// Qwen2.5-VL (vision width 1,280) and Qwen3-VL (1,152, DeepStack at three layers): their
/// processors' `max_pixels` of 16,384 merged 28- and 32-pixel patches per image, and a
/// video sized to fill the sequence (`get_num_frames_with_most_features`).
const VIDEO_TOWERS: &[VideoTower] = &[
    VideoTower {
        family: "qwen2.5-vl",
        vision_hidden: 1280.0,
        deepstack: 0.0,
        max_image_tokens: 16_384.0,
    },
    VideoTower {
        family: "qwen3-vl",
        vision_hidden: 1152.0,
        deepstack: 3.0,
        max_image_tokens: 16_384.0,
    },
];

/// Patches per merged token (a 2 x 2 merge) and the vision tower's hidden-state buffers
/// alive at once in one block (input, attention output, residual, norm).
const PATCHES_PER_TOKEN: f64 = 4.0;
const VIT_BUFFERS: f64 = 4.0;

/// Tokens the profile runs through the encoder for `job` (0 for models vLLM profiles
/// without a video, or with every modality limited to none).
pub fn profile_tokens(model: &ModelSpec, job: &Job) -> f64 {
    let Some(tower) = tower(model) else {
        return 0.0;
    };
    let limit = job.mm_limit;
    let videos = limit.is_none_or(|l| l.video > 0);
    let images = limit.is_none_or(|l| l.image > 0);
    let context = job.context() as f64;
    if videos {
        context.max(tower.max_image_tokens)
    } else if images {
        tower.max_image_tokens.min(context.max(1.0))
    } else {
        0.0
    }
}

/// (bytes of the encoder's embeddings kept through the profile, bytes of the vision
/// tower's activations while it runs) on each GPU: the tower and its outputs are whole on
/// every tensor-parallel rank.
pub fn profile_bytes(model: &ModelSpec, job: &Job) -> (f64, f64) {
    let Some(tower) = tower(model) else {
        return (0.0, 0.0);
    };
    let tokens = profile_tokens(model, job);
    let outputs = tokens * f64::from(model.hidden_size) * 2.0 * (1.0 + tower.deepstack);
    let tower_act = tokens * PATCHES_PER_TOKEN * tower.vision_hidden * 2.0 * VIT_BUFFERS;
    (outputs, tower_act)
}

/// Whether the encoder's profile is sized from a video that fills the context, so the
/// `--limit-mm-per-prompt` lever applies.
pub fn profiles_a_video(model: &ModelSpec, job: &Job) -> bool {
    tower(model).is_some() && job.mm_limit.is_none_or(|l| l.video > 0)
}

fn tower(model: &ModelSpec) -> Option<&'static VideoTower> {
    model.vision_params?;
    VIDEO_TOWERS.iter().find(|t| t.family == model.family)
}

/// `--limit-mm-per-prompt` as vLLM takes it (`'{"image": 1, "video": 0}'`) or as people
/// write it (`image=1,video=0`); a modality not named is not limited.
pub fn parse_limit(text: &str) -> Option<MmLimit> {
    let mut limit = MmLimit {
        image: u32::MAX,
        video: u32::MAX,
    };
    let cleaned: String = text
        .chars()
        .map(|c| if "{}\"' ".contains(c) { ' ' } else { c })
        .collect();
    let mut any = false;
    for part in cleaned.split(',') {
        let (key, value) = part.split_once([':', '='])?;
        let n: u32 = value.trim().parse().ok()?;
        match key.trim().to_ascii_lowercase().as_str() {
            "image" | "images" => limit.image = n,
            "video" | "videos" => limit.video = n,
            "audio" => {}
            _ => return None,
        }
        any = true;
    }
    any.then_some(limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::estimate::{Mode, Precision, Runtime};

    #[test]
    fn the_limit_reads_as_vllm_and_people_write_it() {
        let l = parse_limit(r#"{"image": 1, "video": 0}"#).unwrap();
        assert_eq!((l.image, l.video), (1, 0));
        let l = parse_limit("video=0").unwrap();
        assert_eq!((l.image, l.video), (u32::MAX, 0));
        assert!(parse_limit("lots").is_none());
        assert!(parse_limit("{}").is_none());
    }

    /// Qwen3-VL-235B at 262,144 tokens: a video filling the context, 8 GiB of embeddings
    /// (four 4,096-wide rows a token) and 9 GiB of tower activations on every GPU; one
    /// image instead, about 1 GiB.
    #[test]
    fn a_video_fills_the_context_and_the_limit_removes_it() {
        let c = Catalog::get();
        let m = c.model("qwen3-vl-235b-a22b").unwrap();
        let mut job = Job::new(Mode::Inference, Precision::Bf16);
        job.runtime = Runtime::Vllm;
        job.set_context(262_144);
        let (out, act) = profile_bytes(m, &job);
        assert_eq!(out, 262_144.0 * 4096.0 * 2.0 * 4.0);
        assert!(act > 8.0 * crate::catalog::GIB);
        job.mm_limit = parse_limit(r#"{"image":1,"video":0}"#);
        let (out, act) = profile_bytes(m, &job);
        assert!(out + act < 1.2 * crate::catalog::GIB, "{}", out + act);
        assert_eq!(
            profile_bytes(c.model("llama-3.1-8b").unwrap(), &job),
            (0.0, 0.0)
        );
    }
}
