# Direct answers to guide questions, said before the guide (render/direct.rs, guide::FACTS).
direct-yes = 支持
direct-no = 不支持
direct-nvlink-yes-bridge = { $gpu } 可以用 NVLink { $version } 桥接两张卡（两卡之间 { $bandwidth } GB/s）
direct-nvlink-yes-sxm = { $gpu } 有 NVLink { $version }（每卡 { $bandwidth } GB/s），同一块 HGX 基板上的 GPU 经 NVSwitch 全互连
direct-nvlink-no-geforce = { $gpu } 没有 NVLink，最后带 NVLink 桥的 GeForce 是 { $last }，之后的显卡组多卡只能走 PCIe
direct-nvlink-no = { $gpu } 没有 NVLink，多卡之间走 PCIe 或厂商自己的互连
direct-nvlink-why-card = { $gpu } 没有 NVLink，因为英伟达在 { $last } 之后的 GeForce 上砍掉了 NVLink，把芯片的 I/O 面积让给更多 AI 算力，多卡通信交给 PCIe（黄仁勋，2022 年 9 月）
direct-and-names = {" 和 "}
direct-nvlink-why-alone = 英伟达在 { $last } 之后的 GeForce 上砍掉了 NVLink，把芯片的 I/O 面积让给更多 AI 算力，多卡通信交给 PCIe（黄仁勋，2022 年 9 月）
direct-sxm-cost = SXM 是英伟达数据中心 GPU 的模组形态，一块 HGX 基板插 8 个，经 NVSwitch 互连：{ $sxm } 功耗 { $sxm_w } W、带宽 { $sxm_bw } GB/s（PCIe 版：{ $pcie_w } W、{ $pcie_bw } GB/s），一台整机就是 8 个模组（光 GPU 就要 { $price }），外加约 10 kW 的服务器
direct-sxm-cost-no-price = SXM 是英伟达数据中心 GPU 的模组形态，一块 HGX 基板插 8 个，经 NVSwitch 互连：{ $sxm } 功耗 { $sxm_w } W、带宽 { $sxm_bw } GB/s（PCIe 版：{ $pcie_w } W、{ $pcie_bw } GB/s），一台整机就是 8 个模组，外加约 10 kW 的服务器
guide-chat-more = 完整指南：加上 `--full`。
button-whole-guide = 完整指南
