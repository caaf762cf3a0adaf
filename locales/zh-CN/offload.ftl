## 推理时卸载到 CPU 内存（llama.cpp），以及“最大上下文”回答。
lever-offload-layers = 用 { $runtime }，{ $layers } 层中 { $gpu_layers } 层放在 { $gpus_n ->
   *[other] GPU
} 上（`{ $flag }`），{ $ram } GiB 放在 CPU 内存里，约 { $speed } tokens/s
lever-offload-experts = 用 { $runtime }，{ $layers } 层中前 { $moe_layers } 层的专家放在 CPU 内存里（`{ $flag }`，{ $ram } GiB），约 { $speed } tokens/s
offload-ram-assumed = 卸载后的速度按 { $bandwidth } GB/s 的内存带宽估算（双通道 DDR5-5600）。
offload-ram-given = 卸载后的速度按 { $bandwidth } GB/s 的内存带宽估算。
answer-max-context = { $setup } 上用 { $runtime } 的最大上下文：**{ $tokens } 个 token**。
answer-max-context-model = { $setup } 上用 { $runtime } 的最大上下文：**{ $tokens } 个 token**，即模型本身的上限。
answer-max-context-no-gpu = { $model } 最多支持 **{ $tokens } 个 token** 的上下文；说明用哪张 GPU，就能算出能放下多少。
answer-max-context-none = { $setup } 上用 { $runtime } 连 256 个 token 的上下文都放不下。
field-ram-bandwidth = 内存带宽
error-bad-ram-bandwidth = 内存带宽必须是大于 0 的 GB/s 数值（双通道 DDR5-5600 为 89.6）。
# The command line only (estimate): how to give the RAM bandwidth the offload speeds assume.
cli-ram-bandwidth-hint = 用 `--ram-bandwidth GBS` 填入你的内存带宽，即可得到你机器上的卸载速度。
