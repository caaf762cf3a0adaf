//! GPU specifications as `data/gpus.json` records them, and the facts the ranking reads of
//! each card once when the catalog loads.

use crate::vocab::Topology;
use serde::{Deserialize, Serialize};

/// NVLink as recorded in `gpus.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NvLink {
    pub version: u32,
    #[serde(default)]
    pub bandwidth_gbs_total: Option<f64>,
    #[serde(default)]
    pub note: Option<String>,
}

/// Where a GPU lives: decides how many fit in one box and how they talk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum FormFactor {
    #[serde(rename = "consumer")]
    Consumer,
    #[serde(rename = "PCIe")]
    Pcie,
    #[serde(rename = "SXM")]
    Sxm,
}

/// Who makes a GPU: decides its interconnect (Infinity Fabric on AMD's OAM modules) and
/// which datacenter parts the recommendations pick.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    strum::IntoStaticStr,
)]
pub enum Vendor {
    #[serde(rename = "NVIDIA")]
    #[strum(to_string = "NVIDIA")]
    Nvidia,
    #[serde(rename = "AMD")]
    #[strum(to_string = "AMD")]
    Amd,
    Apple,
}

impl Vendor {
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Whom a GPU is sold to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Market {
    Consumer,
    Workstation,
    Datacenter,
}

/// Which price a setup's cost is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PriceBasis {
    /// What a card sells for now (`street_usd`).
    Street,
    /// The launch price (`msrp_usd`): no street price was found.
    Launch,
}

/// What a device's memory is, as far as capacity and decode speed are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryKind {
    Gddr,
    Hbm,
    Unified,
}

/// One GPU (or Apple SoC) as recorded in `gpus.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GpuSpec {
    pub id: String,
    pub display_name: String,
    pub vendor: Vendor,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub architecture: String,
    #[serde(default)]
    pub release_year: Option<u32>,
    /// The vendor's label ("24 GB"). GPU memory is built in binary units, so the label
    /// counts GiB; the driver reports a little less (see [`GpuSpec::memory_gib`]).
    pub memory_gb: f64,
    /// Total memory the driver reports (CUDA `total_memory`, ROCm alike), in GiB, where a
    /// published log or `nvidia-smi` output gives it.
    #[serde(default)]
    pub cuda_total_gib: Option<f64>,
    pub memory_type: String,
    pub memory_bandwidth_gbs: f64,
    #[serde(default)]
    pub fp32_tflops: Option<f64>,
    #[serde(default)]
    pub fp16_tensor_tflops_dense: Option<f64>,
    #[serde(default)]
    pub fp16_tensor_tflops_dense_fp32acc: Option<f64>,
    #[serde(default)]
    pub bf16: Option<bool>,
    #[serde(default)]
    pub fp8_tensor_tflops_dense: Option<f64>,
    /// GeForce Ada/Blackwell: the FP8 rate with FP32 accumulate (half the headline), so the
    /// compare table shows FP8 on the same basis as FP16. None: the headline is that rate.
    #[serde(default)]
    pub fp8_tensor_tflops_dense_fp32acc: Option<f64>,
    #[serde(default)]
    pub int8_tops_dense: Option<f64>,
    #[serde(default)]
    pub tensor_core_generation: Option<u32>,
    #[serde(default)]
    pub nvlink: Option<NvLink>,
    pub form_factor: FormFactor,
    #[serde(default)]
    pub tdp_w: Option<f64>,
    #[serde(default)]
    pub ecc: Option<bool>,
    #[serde(default)]
    pub msrp_usd: Option<f64>,
    pub market: Market,
    #[serde(default)]
    pub unified_memory: Option<bool>,
    #[serde(default)]
    pub sources: Vec<String>,
    /// Unified memory only: the share the GPU may use (DGX Spark's CUDA sees about 93 %,
    /// Strix Halo assigns at most 96 of 128 GB). None: macOS's default wired share.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_share_of_unified: Option<f64>,
    /// What one card costs to buy now, in US dollars: new, or typical used where new is
    /// gone (see `data/SOURCES.md`, "Prices"). Null where no price was found.
    #[serde(default)]
    pub street_usd: Option<f64>,
    /// When `street_usd` was published: "YYYY-MM", or "YYYY" when the source gives a year.
    #[serde(default)]
    pub street_usd_date: Option<String>,
    /// "used" when `street_usd` is what the card sells for used (it is no longer sold new);
    /// absent for a new card's price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street_usd_condition: Option<String>,
    /// Typical on-demand price of one of these GPUs for an hour at a named cloud.
    #[serde(default)]
    pub cloud_usd_per_hour: Option<f64>,
    /// When `cloud_usd_per_hour` was published, like `street_usd_date`.
    #[serde(default)]
    pub cloud_usd_per_hour_date: Option<String>,
    /// GPUs software sees in one card of this kind (an MI250X package is 2 GCDs, each its
    /// own ROCm device); the entry's figures are per device. None: 1.
    #[serde(default)]
    pub devices_per_card: Option<u32>,
    /// With `devices_per_card`: the card one buys ("AMD Instinct MI250X"), where
    /// `display_name` names the device software sees (one GCD).
    #[serde(default)]
    pub card_name: Option<String>,
    /// A chip sold with several memory sizes (Apple's M-series, Strix Halo): each bin's GPU
    /// cores and bandwidth with the sizes it ships with. The entry itself is the largest
    /// configuration; the catalog makes one entry per other size ("m3 max 64gb").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub configs: Vec<ChipConfig>,
    /// For one configuration of such a chip: the id of the chip's own entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_of: Option<String>,
}

/// One bin of a chip: the M3 Max with a 30-core GPU reads memory at 300 GB/s and ships with
/// 36 or 96 GB, with 40 cores at 400 GB/s with 48, 64 or 128 GB (Apple's tech specs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ChipConfig {
    pub gpu_cores: Vec<u32>,
    pub memory_bandwidth_gbs: f64,
    pub memory_gb: Vec<u32>,
}

impl GpuSpec {
    pub fn is_unified(&self) -> bool {
        self.unified_memory.unwrap_or(false)
    }

    /// Share of unified memory the GPU may hold: the device's own figure, else macOS's
    /// default `recommendedMaxWorkingSetSize`: 2/3 of the memory up to 32 GB, 3/4 above.
    pub fn unified_gpu_share(&self) -> f64 {
        self.gpu_share_of_unified
            .unwrap_or(if self.memory_gb <= APPLE_SMALL_GB {
                APPLE_SMALL_GPU_SHARE
            } else {
                APPLE_GPU_SHARE
            })
    }

    /// A Mac: the `sudo sysctl iogpu.wired_limit_mb=N` that lets the GPU wire all but what
    /// macOS keeps for itself (an eighth of the memory, at least 4 GB), in MiB; None for
    /// other devices, whose share no setting moves.
    pub fn wired_limit_mb(&self) -> Option<u64> {
        if self.vendor != Vendor::Apple || !self.is_unified() {
            return None;
        }
        let keep = (self.memory_gb / 8.0).max(MACOS_KEEPS_GB);
        Some(((self.memory_gb - keep) * 1024.0).round() as u64)
    }

    /// Configurations of this chip other than the entry itself, as entries of their own:
    /// id `<chip>-<size>gb`, the bin's bandwidth and the size, the chip's other facts.
    pub fn config_entries(&self) -> Vec<GpuSpec> {
        let mut out = Vec::new();
        for config in &self.configs {
            for &gb in &config.memory_gb {
                let gb_f = f64::from(gb);
                let same = (gb_f - self.memory_gb).abs() < 0.5
                    && (config.memory_bandwidth_gbs - self.memory_bandwidth_gbs).abs() < 0.5;
                if same {
                    continue;
                }
                let mut entry = self.clone();
                entry.id = format!("{}-{gb}gb", self.id);
                entry.display_name = format!("{} {gb}GB", self.display_name);
                entry.aliases = Vec::new();
                entry.memory_gb = gb_f;
                entry.memory_bandwidth_gbs = config.memory_bandwidth_gbs;
                entry.configs = Vec::new();
                entry.config_of = Some(self.id.clone());
                out.push(entry);
            }
        }
        out
    }

    /// Memory the device offers, in GiB (2^30 bytes): the driver-reported total where
    /// published; else the label read in binary units, less the share drivers typically
    /// keep for themselves (ECC pages, reserved regions). Unified memory has no such cut:
    /// the operating system's GPU share is applied by the fit.
    pub fn memory_gib(&self) -> f64 {
        match self.cuda_total_gib {
            Some(total) => total,
            None if self.is_unified() => self.memory_gb,
            None if self.has_hbm() => self.memory_gb * HBM_DRIVER_SHARE,
            // Datacenter GDDR cards ship with ECC on, which takes 1/16 of the memory
            // (A10 21.99, L4 21.95, L40S 44.52 GiB of 24 and 48).
            None if self.market == Market::Datacenter => {
                self.memory_gb * GDDR_DRIVER_SHARE * 15.0 / 16.0
            }
            None => self.memory_gb * GDDR_DRIVER_SHARE,
        }
    }

    /// The memory the GPU may use, in GiB: all of [`GpuSpec::memory_gib`], or its share of
    /// unified memory.
    pub fn gpu_gib(&self) -> f64 {
        if self.is_unified() {
            self.memory_gib() * self.unified_gpu_share()
        } else {
            self.memory_gib()
        }
    }

    /// vLLM picks larger batch defaults on cards of 70 GiB or more, except the A100 (where
    /// they cost throughput): `EngineArgs.get_batch_defaults`. The A100s are told by their
    /// catalog id ("a100-80gb-sxm"): a prefix test costs a tenth of a substring search in
    /// the display name.
    pub fn is_large(&self) -> bool {
        self.memory_gib() >= 70.0 && !self.id.starts_with("a100")
    }

    /// The dense 16-bit matrix rate a framework really gets (GeForce: FP32 accumulate).
    pub fn fp16_tflops_effective(&self) -> f64 {
        self.fp16_tensor_tflops_dense_fp32acc
            .or(self.fp16_tensor_tflops_dense)
            .or(self.fp32_tflops)
            .unwrap_or(0.0)
    }

    /// Whether memory is HBM: datacenter parts whose bandwidth runtimes use less fully.
    pub fn has_hbm(&self) -> bool {
        self.memory_kind() == MemoryKind::Hbm
    }

    /// The kind of memory, from the recorded type ("HBM3", "GDDR6X", "LPDDR5 (unified)").
    pub fn memory_kind(&self) -> MemoryKind {
        if self.is_unified() {
            MemoryKind::Unified
        } else if self.memory_type.starts_with("HBM") {
            MemoryKind::Hbm
        } else {
            MemoryKind::Gddr
        }
    }

    /// What one card costs the user now: the street price, else the launch price, with
    /// which of the two it is.
    pub fn buy_price(&self) -> Option<(f64, PriceBasis)> {
        self.street_usd
            .map(|p| (p, PriceBasis::Street))
            .or(self.msrp_usd.map(|p| (p, PriceBasis::Launch)))
    }

    /// The street price is of used cards (`street_usd_condition: "used"`).
    pub fn street_used(&self) -> bool {
        self.street_usd.is_some() && self.street_usd_condition.as_deref() == Some("used")
    }

    /// GPUs software sees in one card (MI250X: 2).
    pub fn devices_per_card(&self) -> u32 {
        self.devices_per_card.unwrap_or(1).max(1)
    }

    /// Price per GB of memory, when a price is published.
    pub fn usd_per_gb(&self) -> Option<f64> {
        self.msrp_usd.map(|p| p / self.memory_gb)
    }
}

/// Share of a card's binary capacity its driver hands to CUDA, for cards with no published
/// total: the median of the published GDDR cards (RTX 3060 0.980 ... RTX 4090 0.985) and
/// of the HBM ones (A100 40GB 0.985 ... H200 0.992).
const GDDR_DRIVER_SHARE: f64 = 0.981;
const HBM_DRIVER_SHARE: f64 = 0.99;

/// Share of Apple unified memory macOS lets the GPU wire by default
/// (`recommendedMaxWorkingSetSize`): llama.cpp's Metal start-up logs print 49152.00 MB on a
/// 64 GB Mac and 21845.34 MB on a 32 GB M2 Pro (data/SOURCES.md, "Apple").
const APPLE_GPU_SHARE: f64 = 0.75;
const APPLE_SMALL_GPU_SHARE: f64 = 2.0 / 3.0;
/// Largest memory (GB) macOS gives the GPU the smaller share of.
const APPLE_SMALL_GB: f64 = 32.0;
/// Least memory (GB) a raised wired limit leaves macOS.
const MACOS_KEEPS_GB: f64 = 4.0;

/// Bytes in a GiB.
pub const GIB: f64 = 1_073_741_824.0;

/// What ranking setups reads of a GPU for every job, worked out once when the catalog
/// loads: the ranking tries each of the catalog's GPUs for every answer.
#[derive(Debug, Clone, Copy)]
pub struct GpuFacts {
    /// The memory its GPU may use in GiB: [`GpuSpec::memory_gib`], times the GPU's share
    /// where memory is unified (what a runtime's reserve is taken from).
    pub gpu_gib: f64,
    pub memory_kind: MemoryKind,
    /// How many of it a setup may have.
    pub topology: &'static Topology,
    /// Whether its memory is GDDR7 (the speed model's launch cost differs on it).
    pub gddr7: bool,
    /// [`GpuSpec::is_large`]: where vLLM batches more tokens per step.
    pub large: bool,
}

impl GpuFacts {
    pub fn of(gpu: &GpuSpec) -> GpuFacts {
        GpuFacts {
            gpu_gib: gpu.gpu_gib(),
            memory_kind: gpu.memory_kind(),
            topology: Topology::of(gpu),
            gddr7: gpu.memory_type.eq_ignore_ascii_case("GDDR7"),
            large: gpu.is_large(),
        }
    }
}

/// A card's topology follows from its kind: read from the catalog's facts.
impl Topology {
    pub fn of(gpu: &GpuSpec) -> &'static Topology {
        if gpu.is_unified() {
            &Topology::UNIFIED
        } else if gpu.form_factor == FormFactor::Consumer {
            &Topology::CONSUMER
        } else if gpu.form_factor == FormFactor::Sxm {
            &Topology::SXM
        } else {
            &Topology::SERVER
        }
    }
}
