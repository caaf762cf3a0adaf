# Direct answers to guide questions, said before the guide (render/direct.rs, guide::FACTS).
direct-yes = Sim
direct-no = Não
direct-nvlink-yes-bridge = a { $gpu } aceita uma ponte NVLink { $version } para duas placas ({ $bandwidth } GB/s entre o par)
direct-nvlink-yes-sxm = a { $gpu } tem NVLink { $version } ({ $bandwidth } GB/s por GPU), com todas as GPUs da placa HGX ligadas via NVSwitch
direct-nvlink-no-geforce = a { $gpu } não tem NVLink; as últimas GeForce com ponte foram a { $last }, e duas placas mais novas conversam pelo PCIe
direct-nvlink-no = a { $gpu } não tem NVLink; as placas conversam pelo PCIe ou pelo link do próprio fabricante
direct-nvlink-why-card = a { $gpu } não tem NVLink porque a NVIDIA tirou o NVLink das GeForce depois da { $last } para usar a área de I/O do chip em mais processamento de IA, deixando o tráfego entre GPUs para o PCIe (Jensen Huang, setembro de 2022)
direct-and-names = {" e "}
direct-nvlink-why-alone = A NVIDIA tirou o NVLink das GeForce depois da { $last } para usar a área de I/O do chip em mais processamento de IA, deixando o tráfego entre GPUs para o PCIe (Jensen Huang, setembro de 2022)
direct-sxm-cost = SXM é o formato em módulo das GPUs de datacenter da NVIDIA, oito por placa HGX ligadas por NVSwitch: uma { $sxm } consome { $sxm_w } W e tem { $sxm_bw } GB/s de banda (a versão PCIe: { $pcie_w } W, { $pcie_bw } GB/s), e uma máquina leva oito delas ({ $price } só em GPUs) num servidor de uns 10 kW
direct-sxm-cost-no-price = SXM é o formato em módulo das GPUs de datacenter da NVIDIA, oito por placa HGX ligadas por NVSwitch: uma { $sxm } consome { $sxm_w } W e tem { $sxm_bw } GB/s de banda (a versão PCIe: { $pcie_w } W, { $pcie_bw } GB/s), e uma máquina leva oito delas num servidor de uns 10 kW
guide-chat-more = O guia completo: use `--full`.
button-whole-guide = Guia completo
