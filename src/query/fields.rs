//! A [`Query`] from named text fields (web parameters, CLI flags): every number and name
//! is checked here so bad values get the same typed error on every surface.

use super::Query;
use crate::error::Error;
use crate::estimate::{
    Field, JobError, KvPrecision, LoraTargets, Mode, Optimizer, Precision, Runtime, Sharding,
};
use serde::Deserialize;

/// The fields of an explicit estimate, as typed.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Fields {
    pub model: Option<String>,
    pub params_b: Option<String>,
    pub precision: Option<String>,
    pub kv_precision: Option<String>,
    pub prompt: Option<String>,
    pub generate: Option<String>,
    pub context: Option<String>,
    pub batch: Option<String>,
    pub mode: Option<String>,
    pub runtime: Option<String>,
    pub gpu: Option<String>,
    pub gpus: Option<String>,
    pub optimizer: Option<String>,
    /// "true" or "false".
    pub gradient_checkpointing: Option<String>,
    pub lora_rank: Option<String>,
    pub lora_targets: Option<String>,
    /// ddp, zero1, zero2, zero3 (fsdp).
    pub sharding: Option<String>,
    /// "true" or "false".
    pub cpu_offload: Option<String>,
    /// vLLM's `--gpu-memory-utilization` (0 to 1).
    pub gpu_memory_utilization: Option<String>,
    /// vLLM's `--max-num-batched-tokens`.
    pub max_num_batched_tokens: Option<String>,
    /// Full fine-tune: "false" for pure 16-bit training (no fp32 master copy).
    pub master_weights: Option<String>,
    /// "true" when the optimizer step runs inside the backward pass.
    pub optimizer_in_backward: Option<String>,
    /// "true" when the loss is chunked or fused (Liger, torchtune).
    pub chunked_loss: Option<String>,
}

/// An empty field counts as absent: HTML forms send `name=` for blank inputs.
fn given(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn number<T: std::str::FromStr>(what: Field, v: &Option<String>) -> Result<Option<T>, Error> {
    given(v)
        .map(|s| {
            s.parse::<T>().map_err(|_| {
                Error::Job(JobError::NotANumber {
                    what,
                    value: s.to_string(),
                })
            })
        })
        .transpose()
}

/// "true" or "false".
fn flag(what: Field, v: &Option<String>) -> Result<Option<bool>, Error> {
    given(v)
        .map(|s| {
            s.parse::<bool>().map_err(|_| {
                Error::Job(JobError::UnknownOption {
                    what,
                    value: s.to_string(),
                })
            })
        })
        .transpose()
}

fn parsed<T: std::str::FromStr<Err = E>, E: Into<Error>>(
    v: &Option<String>,
) -> Result<Option<T>, Error> {
    given(v)
        .map(|s| s.parse::<T>().map_err(Into::into))
        .transpose()
}

impl Fields {
    pub fn query(&self) -> Result<Query, Error> {
        Ok(Query {
            model: given(&self.model).map(str::to_string),
            params_b: number(Field::ModelSize, &self.params_b)?,
            precision: parsed::<Precision, _>(&self.precision)?,
            kv_precision: parsed::<KvPrecision, _>(&self.kv_precision)?,
            context: number(Field::Context, &self.context)?,
            prompt: number(Field::PromptLength, &self.prompt)?,
            generate: number(Field::GenerationLength, &self.generate)?,
            batch: number(Field::Batch, &self.batch)?,
            mode: parsed::<Mode, JobError>(&self.mode)?,
            gpu: given(&self.gpu).map(str::to_string),
            gpu_count: number(Field::GpuCount, &self.gpus)?,
            runtime: given(&self.runtime)
                .map(|s| s.parse::<Runtime>().map_err(JobError::from))
                .transpose()?,
            optimizer: parsed::<Optimizer, JobError>(&self.optimizer)?,
            gradient_checkpointing: given(&self.gradient_checkpointing)
                .map(|s| {
                    s.parse::<bool>().map_err(|_| {
                        Error::Job(JobError::UnknownOption {
                            what: Field::GradientCheckpointing,
                            value: s.to_string(),
                        })
                    })
                })
                .transpose()?,
            lora_rank: number(Field::LoraRank, &self.lora_rank)?,
            lora_targets: parsed::<LoraTargets, JobError>(&self.lora_targets)?,
            sharding: parsed::<Sharding, JobError>(&self.sharding)?,
            cpu_offload: given(&self.cpu_offload)
                .map(|s| {
                    s.parse::<bool>().map_err(|_| {
                        Error::Job(JobError::UnknownOption {
                            what: Field::CpuOffload,
                            value: s.to_string(),
                        })
                    })
                })
                .transpose()?,
            memory_share: number(Field::GpuMemoryUtilization, &self.gpu_memory_utilization)?,
            batched_tokens: number(Field::MaxNumBatchedTokens, &self.max_num_batched_tokens)?,
            master_weights: flag(Field::MasterWeights, &self.master_weights)?,
            optimizer_in_backward: flag(Field::OptimizerInBackward, &self.optimizer_in_backward)?,
            chunked_loss: flag(Field::ChunkedLoss, &self.chunked_loss)?,
            model_as_typed: None,
        })
    }
}
