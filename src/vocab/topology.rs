//! How GPUs are put together: the links between them, and how many one machine takes.

use serde::Serialize;

/// How the GPUs of a setup talk to each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
#[serde(rename_all = "kebab-case")]
pub enum Interconnect {
    /// One GPU: nothing to connect.
    Single,
    /// NVLink/NVSwitch between every GPU of an SXM node.
    Nvlink,
    /// A two-card NVLink bridge (RTX A6000); more cards fall back to PCIe.
    NvlinkBridge,
    Pcie,
    /// AMD Infinity Fabric between OAM modules.
    InfinityFabric,
    /// Several nodes of 8: InfiniBand or Ethernet between them.
    MultiNode,
}

/// How cards of one kind are put together: the one definition the fit, the "how many
/// would do" count, the recommendations and the advice read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Topology {
    /// What kind of machine holds the cards (what the answer calls it beyond one box).
    pub machine: Machine,
    /// Most cards one machine takes: consumer boards 4 (slots, power, cooling), servers 8
    /// per node, an Apple machine its one GPU.
    pub per_box: u32,
    /// Counts worth recommending: tensor-parallel sizes people run in one box, and for SXM
    /// several nodes of 8.
    pub counts: &'static [u32],
    /// Counts tried when the user insists on this card beyond one box.
    pub any_counts: &'static [u32],
}

/// What kind of machine a card goes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Machine {
    /// A desktop or workstation board: at most 4 consumer cards (slots, power, cooling).
    Desktop,
    /// A server node of 8 GPUs.
    Server,
    /// An Apple or other unified-memory machine: its one GPU.
    Unified,
}

/// Servers' GPUs per node, and the size of one NVLink domain of SXM cards.
pub const NODE: u32 = 8;
/// Beyond one box, counts people build clusters of.
const CLUSTER_COUNTS: &[u32] = &[1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];

impl Topology {
    /// Every count any kind is tried at, in order (the recommendations compute the per-GPU
    /// need once per count).
    pub const ALL_COUNTS: [u32; 8] = [1, 2, 3, 4, 8, 16, 32, 64];

    /// An Apple or other unified-memory machine.
    pub const UNIFIED: Topology = Topology {
        machine: Machine::Unified,
        per_box: 1,
        counts: &[1],
        any_counts: &[1],
    };
    /// Consumer cards on a desktop board.
    pub const CONSUMER: Topology = Topology {
        machine: Machine::Desktop,
        per_box: 4,
        counts: &[1, 2, 3, 4],
        any_counts: CLUSTER_COUNTS,
    };
    /// SXM modules: nodes of 8 on NVLink, several nodes beyond.
    pub const SXM: Topology = Topology {
        machine: Machine::Server,
        per_box: NODE,
        counts: &[1, 2, 4, 8, 16, 32, 64],
        any_counts: CLUSTER_COUNTS,
    };
    /// PCIe server cards, 8 a node.
    pub const SERVER: Topology = Topology {
        machine: Machine::Server,
        per_box: NODE,
        counts: &[1, 2, 4, 8],
        any_counts: CLUSTER_COUNTS,
    };
}
