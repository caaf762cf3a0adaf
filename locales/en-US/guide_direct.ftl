# Direct answers to guide questions, said before the guide (render/direct.rs, guide::FACTS).
# NVLink's removal from GeForce: Jensen Huang to reporters after the RTX 4090 launch,
# September 2022 (Windows Central / TechPowerUp): "we needed the I/Os for something else, so we
# used the I/O area to cram in as much AI processing as we could", PCIe Gen 5 peer-to-peer instead.
direct-yes = Yes
direct-no = No
direct-nvlink-yes-bridge = the { $gpu } takes a 2-way NVLink { $version } bridge ({ $bandwidth } GB/s between the pair)
direct-nvlink-yes-sxm = the { $gpu } has NVLink { $version } ({ $bandwidth } GB/s per GPU), with every GPU of its board linked through NVSwitch
direct-nvlink-no-geforce = the { $gpu } has no NVLink; the last GeForce cards with a bridge were the { $last }, and two newer cards talk over PCIe
direct-nvlink-no = the { $gpu } has no NVLink; its cards talk over PCIe or the maker's own link
direct-nvlink-why-card = the { $gpu } has no NVLink because NVIDIA took it out of GeForce after the { $last } to spend the chip's I/O area on more AI compute, leaving multi-GPU traffic to PCIe (Jensen Huang, September 2022)
direct-and-names = {" and "}
direct-nvlink-why-alone = NVIDIA took NVLink out of GeForce after the { $last } to spend the chip's I/O area on more AI compute, leaving multi-GPU traffic to PCIe (Jensen Huang, September 2022)
direct-sxm-cost = SXM is the module form of NVIDIA's datacenter GPUs, eight to an HGX board joined by NVSwitch: an { $sxm } draws { $sxm_w } W and moves { $sxm_bw } GB/s (the PCIe card: { $pcie_w } W, { $pcie_bw } GB/s), and a box is eight of them ({ $price } in GPUs alone) in a server of about 10 kW
direct-sxm-cost-no-price = SXM is the module form of NVIDIA's datacenter GPUs, eight to an HGX board joined by NVSwitch: an { $sxm } draws { $sxm_w } W and moves { $sxm_bw } GB/s (the PCIe card: { $pcie_w } W, { $pcie_bw } GB/s), and a box is eight of them in a server of about 10 kW
guide-chat-more = The whole guide: add `--full`.
button-whole-guide = Whole guide
