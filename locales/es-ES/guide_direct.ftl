# Direct answers to guide questions, said before the guide (render/direct.rs, guide::FACTS).
direct-yes = Sí
direct-no = No
direct-nvlink-yes-bridge = la { $gpu } admite un puente NVLink { $version } para dos tarjetas ({ $bandwidth } GB/s entre el par)
direct-nvlink-yes-sxm = la { $gpu } tiene NVLink { $version } ({ $bandwidth } GB/s por GPU) y todas las GPU de su placa HGX se conectan por NVSwitch
direct-nvlink-no-geforce = la { $gpu } no tiene NVLink; las últimas GeForce con puente fueron la { $last }, y dos tarjetas más nuevas se comunican por PCIe
direct-nvlink-no = la { $gpu } no tiene NVLink; sus tarjetas se comunican por PCIe o por el enlace propio del fabricante
direct-nvlink-why-card = la { $gpu } no tiene NVLink porque NVIDIA lo quitó de las GeForce después de la { $last } para usar el área de I/O del chip en más cómputo de IA y dejar el tráfico entre GPU al PCIe (Jensen Huang, septiembre de 2022)
direct-and-names = {" y "}
direct-nvlink-why-alone = NVIDIA quitó el NVLink de las GeForce después de la { $last } para usar el área de I/O del chip en más cómputo de IA y dejar el tráfico entre GPU al PCIe (Jensen Huang, septiembre de 2022)
direct-sxm-cost = SXM es el formato de módulo de las GPU de datacenter de NVIDIA, ocho por placa HGX conectadas por NVSwitch: una { $sxm } consume { $sxm_w } W y mueve { $sxm_bw } GB/s (la versión PCIe: { $pcie_w } W, { $pcie_bw } GB/s), y un equipo lleva ocho ({ $price } solo en GPU) en un servidor de unos 10 kW
direct-sxm-cost-no-price = SXM es el formato de módulo de las GPU de datacenter de NVIDIA, ocho por placa HGX conectadas por NVSwitch: una { $sxm } consume { $sxm_w } W y mueve { $sxm_bw } GB/s (la versión PCIe: { $pcie_w } W, { $pcie_bw } GB/s), y un equipo lleva ocho en un servidor de unos 10 kW
guide-chat-more = La guía completa: agrega `--full`.
button-whole-guide = Guía completa
