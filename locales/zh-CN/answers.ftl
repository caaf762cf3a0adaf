# Answers (zh-CN)：估算结果周围的文字。

mode-inference = 推理
mode-full-finetune = 全参数微调
mode-lora = LoRA
mode-qlora = QLoRA

answer-title = { $model } · { $precision } · { $mode }
answer-job = { $context } 个 token · batch { $batch } · { $runtime }
answer-job-training = 序列长度 { $context } 个 token · micro-batch { $batch } · { $optimizer }
answer-total = 预计峰值显存：**{ $total } GiB**
answer-total-split = 预计峰值显存：共 **{ $total } GiB**，分到 { $gpus } 上每张 **{ $per_gpu } GiB**
answer-breakdown-title = 明细：

part-weights = 权重
part-kv-cache = KV 缓存
part-activations = 激活值
part-overhead = 运行时开销
part-gradients = 梯度
part-optimizer = 优化器状态
part-item = { $label } { $value } GiB

answer-fit-yes = ✅ { $setup } 放得下：每张 GPU 需要 { $per_gpu } GiB，可用 { $usable } GiB（还剩 { $headroom } GiB）。
answer-fit-tight = ⚠️ 很紧，{ $setup } 可能放不下：每张 GPU 需要 { $per_gpu } GiB，可用 { $usable } GiB，差距在本估算 ±{ $band }% 的误差范围内。
answer-fit-no = ❌ { $setup } 放不下：每张 GPU 需要 { $per_gpu } GiB，可用只有 { $usable } GiB。
answer-fit-needed = { $count } × { $gpu } 可以放下。
answer-fit-needed-cluster = 需要 { $count } × { $gpu }：超出了单台机器能插的卡数，请参考下面的配置。
answer-fit-never = 这种卡加再多也放不下（每张卡需要的显存仍然超过它的容量）。
answer-fit-offload = 把训练状态放到 CPU 内存（FSDP `cpu_offload`、ZeRO-Offload：`--cpu-offload`）就放得下：每张 GPU { $per_gpu } GiB，但每步更慢。
answer-usable-why = 可用显存 = 标称容量 − CUDA 上下文 − 运行时预留。

answer-setups-title = 放得下的配置
answer-setups-title-training = 放得下的配置（训练）
answer-setup-speed = ≈{ $tps } tokens/s
answer-setup-price = 首发价 { $price }
price-usd = { $amount } 美元
answer-nothing-fits = 目录里没有任何配置能跑这个任务，用 64 张最大显存的卡也不行。

tag-cheapest = 最便宜
tag-cheapest-single = 最便宜的单卡
tag-fewest-cards = 卡数最少
tag-fastest = 最快
tag-datacenter = 数据中心

link-single = 单卡
link-nvlink = NVLink
link-nvlink-bridge = NVLink 桥
link-pcie = PCIe
link-infinity-fabric = Infinity Fabric
link-multi-node = 多节点

advice-nvlink = 这个任务在 GPU 之间传输的数据量很大（训练或张量并行）：用 NVLink（SXM 服务器、桥接的双卡）明显优于纯 PCIe。
advice-layer-split = 按层切分（llama.cpp、device_map="auto"）时，卡与卡之间只传很小的激活值：PCIe 就够了。
advice-sxm-only = 单台服务器里，只有 SXM 机器（8 张 GPU，NVLink/NVSwitch 互连）能跑这个任务。
advice-multi-node = 这需要多台 8 卡服务器，通过 InfiniBand 互连。

answer-speed-note = 速度是根据显存带宽估算的，不是实测值。
answer-pool-capacity = { $runtime } 占用显卡 { $util }% 的显存时，可容纳 { $tokens } 个 token 的 KV 缓存：{ $sequences_n ->
   *[other] 大约能同时跑 { $sequences } 条 { $context } 个 token 的序列。
}
answer-pool-capacity-none = { $runtime } 占用显卡的 { $util }% 时，KV 缓存能放 { $tokens } 个 token：连一条 { $context } 个 token 的序列都放不下，所以这个配置无法提供服务。

answer-rule = 经验公式（P × 4 字节 × Q/32 × 1.2）：**{ $rule } GB**（{ $rule_gib } GiB）。
rule-close = 与我们的估算相差在 { $pct }% 以内。
rule-lower = 我们的估算低 { $pct }%：公式固定加的 20% 余量，比这个任务的 KV 缓存和激活值实际需要的多。
rule-higher = 我们的估算高 { $pct }%：在 { $context } 个 token × batch { $batch } 下，KV 缓存和激活值占用超过了公式固定的 20%。
rule-quantized = 公式按每个权重 { $nominal } bit 计算；{ $precision } 实际每个权重约占 { $bits } bit，若格式保留 16-bit embedding，还要再加上这部分。
rule-training = 该公式只适用于推理：训练还要加上梯度（{ $gradients } GiB）、优化器状态（{ $optimizer } GiB）以及为反向传播保存的激活值。

assumed-title = 默认假设：
assumed-precision = { $precision }（未指定精度）
assumed-precision-native = { $precision }，即该 checkpoint 发布时的格式（未指定精度）
assumed-context = 上下文 { $tokens } 个 token（未指定）
assumed-runtime = 按“{ $runtime }”配置计算（未指定运行时）
assumed-sharding = 在各 GPU 间使用 { $sharding }（未指定切分方式）
assumed-checkpointing-on = 开启梯度检查点，与常见的{ $method }配置一致（未指定）
assumed-checkpointing-off = 不开启梯度检查点（未指定）

match-newest = “{ $model }”：同名的 { $count } 个模型中最新的；要其他版本请注明。
match-corrected = 已将“{ $input }”识别为 { $model }。
match-assumed = 无法确定“{ $input }”是哪个模型：本回答按 { $model } 计算。如果是其他模型，请给出准确名称。
match-sized-from-name = 我不认识 { $name }：本回答按 { $params } 亿参数的{ $kind ->
    [moe] 混合专家（MoE）
   *[dense] 稠密
}模型估算，结构参照 { $like }。给出 Hub id（org/name）可得到确切架构。

note-synthetic = 目录中没有这个名字的模型：架构是根据参数量推算的（{ $params } 亿参数，结构参照 { $reference }）。
note-moe = 混合专家（MoE）：所有专家都要放在显存里，但每个 token 只有 { $active } 亿参数参与计算（速度由它决定）。
note-config-disagrees = config 的形状给出 { $config } 亿参数，但检查点文件中有 { $header } 亿：config 可能与这些权重不符，因此采用文件中的数量。
note-mla = 多头潜在注意力（MLA）存的是压缩后的缓存：每个 token { $bytes } 字节。
note-sliding-window = 滑动窗口层的缓存最多只保留 { $window } 个 token。
note-hybrid-state = 它的 { $layers } 层中只有 { $attention } 层的 KV 缓存会随上下文增长；其余各层（线性注意力或 Mamba）每个序列只保留约 { $state } MiB 的固定状态，与长度无关。
note-vision-tower = 该检查点包含视觉编码器（{ $size } 亿参数），即使只用文本也计入权重。
note-vision-tower-tokens = 该检查点包含视觉编码器（{ $size } 亿参数），即使只用文本也计入权重；每张图片大约占 { $tokens } 个上下文 token，请把它们算进你要的上下文里。
note-context-beyond = 该模型训练时的上下文最长 { $max } 个 token；更长的上下文需要 RoPE scaling，效果可能下降。
note-embeddings-16bit = { $precision } 会把 embedding 层和输出层保留为 16-bit。
note-experts-only = { $precision } 只覆盖专家权重；注意力、embedding 层和输出层仍为 16-bit。
note-vllm = vLLM 会预先占用每张卡 { $util }% 的显存，剩余部分全部用作 KV 缓存（启动时的显存数据按 vLLM { $version } 计算）。
note-sharded = 训练状态用 { $sharding } 切分到 { $gpus } 上：{ $what }。
sharded-ddp = 每张 GPU 都存一份完整副本
sharded-zero1 = 每张 GPU 只存自己那份优化器状态
sharded-zero2 = 每张 GPU 只存自己那份优化器状态和梯度
sharded-zero3 = 每张 GPU 只存自己那份权重、梯度和优化器状态
note-sharded-offload = 优化器状态（以及在 ZeRO-3/FSDP 下的权重）卸载到 CPU 内存：每步更慢，但显存占用大幅减少。
note-cpu-offload = 优化器状态卸载到 CPU 内存：每步更慢，但显存占用大幅减少。
note-all-offload = 权重、梯度和优化器状态全部卸载到 CPU 内存（{ $sharding }）：每一层只在计算时才搬到 GPU，因此每步慢得多，显存里几乎只有正在计算的那一层。
note-host-states = 卸载出去的状态大约需要机器 { $gib } GiB 的 CPU 内存（RAM），另加系统和数据加载本身的占用。
note-cached-reading = nvidia-smi 显示的数字多半会更高，每张 GPU 约 { $low }-{ $high } GiB：开启卸载时，PyTorch 会把释放的显存块留在缓存里（据我们实测为张量实际占用的 1.6-2.3 倍），快要显存不足时才会交还。
note-paged-out = 分页 8-bit AdamW 的优化器状态放不下：每张 GPU 约 { $gib } GiB 换出到 CPU 内存，每一步都会变慢。
note-fp8-weight-only = 这张卡没有 FP8 张量核心（Ada 和 Hopper 才有）：FP8 权重以 8 位存储、按 16 位计算（仅权重量化），只省显存不省时间；int8（W8A8）才是它的 8 位快速路径。
note-checkpointing = 梯度检查点（gradient checkpointing）只保存每层的输入，其余部分重新计算。
note-framework-hf = 按 Hugging Face Trainer 加 PEFT 的做法估算。
note-framework-unsloth = 按 Unsloth 的实际做法估算：梯度检查点保存的各层输入放在 CPU 内存里，lm_head 和损失函数融合在一起分块计算，4-bit 底座不转成 fp32，官方 notebook 用 8-bit AdamW 训练。
note-framework-axolotl = 按 Axolotl 的实际做法估算：权重以 bf16 加载，没有 fp32 主副本；除非配置开启，否则不用 Cut Cross Entropy 和 Liger。
note-framework-llama-factory = 按 LLaMA-Factory 的实际做法估算：Hugging Face Trainer 加默认设置（不开 Liger）。
note-framework-torchtune = 按 torchtune 的实际做法估算：纯 bf16，没有 fp32 主副本，分块计算损失，LoRA 也用 bf16。
note-backward-overlap = 反向传播在写入梯度的同时释放激活值，所以峰值小于上面各部分之和。
note-runtime-mismatch = { $runtime } 不原生支持加载 { $precision }；以上数字是假设它支持时的结果。
answer-error-band = 误差范围：±{ $pct }%（{ $basis }）。
error-band-measured = 依据该运行时和格式的实测数据
error-band-unmeasured = 这种情况还没有实测数据，只是粗略估计

answer-guides-title = 延伸阅读：

compare-title = GPU 对比
compare-memory = 显存
compare-bandwidth = 带宽
compare-fp16 = FP16/BF16 Tensor TFLOPS（稠密，FP32 累加）
compare-fp8 = FP8 Tensor TFLOPS（稠密，FP32 累加）
compare-nvlink = NVLink
compare-form = 形态
compare-power = 功耗
compare-ecc = ECC
compare-price = 价格
compare-price-launch = 首发价 { $price }
compare-cloud-price = 云端租用每小时价格
compare-price-per-gb = 每 GB 价格
compare-runs-16bit = 16-bit 能跑
compare-runs-4bit = 4-bit（Q4_K_M）能跑
compare-runs-note = “能跑”指单卡、8,192 个 token 上下文，按扣除运行时预留后的可用显存计算。
compare-yes = 是
compare-no = 否
compare-none = 热门模型都跑不了
compare-no-price = 无官方定价
form-consumer = 消费级显卡
form-pcie = PCIe 卡
form-sxm = SXM 模组（服务器）
form-unified = 统一内存（SoC）

# A number of GPUs, with the plural the language uses.
gpu-count = { $count_n ->
   *[other] { $count } 张 GPU
}

# Punctuation that joins parts of an answer (assumptions, a setup's labels).
sep-clause = ；
sep-list = 、
sep-open = （
sep-close = ）
sep-after-title = {""}
sep-colon = ：

## 方案：能让任务放得下的调整、服务容量、启动命令。
answer-levers-title = { $gpus_n ->
   *[other] 要放得下，可以：
}
answer-levers-title-room = { $gpus_n ->
   *[other] 要多留些余量，可以：
}
answer-levers-none = 在这些显卡上无论怎么调整（格式、上下文、卸载、分片），也无论在一个机架内用多少张，都放不下。
# After a setup or a lever and sep-colon: "2 × RTX 3090: 21.5 GiB per GPU".
amount-per-gpu = 每张 GPU { $per_gpu } GiB
lever-precision = 权重改用 { $value }（{ $quality }）
lever-precision-gpus = 权重改用 { $value }（{ $quality }），用 { $count }
lever-kv-precision = KV 缓存改用 { $value }
lever-context = 上下文最多 { $value } 个 token
lever-offload = 把优化器状态放到 CPU 内存（`cpu_offload`），每步更慢
lever-gradient-checkpointing = 开启梯度检查点（每步约慢三分之一）
lever-qlora = 用 QLoRA（4 位 NF4 基座）代替 LoRA
lever-optimizer = 优化器改用 { $value }
lever-zero = 用 { $sharding } 完全分片
lever-more-gpus = 用 { $count }
answer-serving = 服务容量：KV 缓存 { $pool } GiB；单个请求最长 { $context } 个 token；{ $concurrency_n ->
   *[other] 可同时处理 { $concurrency } 个请求（每个 { $asked } 个 token）
}，总计约 { $speed } tokens/s。
answer-serving-none = 服务容量：KV 缓存 { $pool } GiB；单个请求最长 { $context } 个 token；连一个 { $asked } 个 token 的请求都放不下。
lever-runtime-changed = 改用 { $runtime }、不再用 { $asked }：每张 GPU 可用 { $usable } GiB，而不是 { $asked_usable } GiB
answer-launch-title = 启动命令：
answer-launch-missing = 我们的列表里没有这个模型的 { $precision } 检查点，所以没有可以直接粘贴的命令：请在 Hugging Face Hub 上搜索“{ $search }”，再用 { $runtime } 加载。
answer-launch-generic = 只给出参数量无法对应到具体的检查点，所以没有可以直接粘贴的命令：请说出模型名称（如“llama 3.1 70b”“qwen2.5 72b”），就能得到用 { $runtime } 启动的命令。
lever-quality-negligible = 几乎不损失质量
lever-quality-small = 质量略有下降
lever-quality-moderate = 质量有一定下降，这是常见的折中
lever-quality-noticeable = 质量明显下降

# The title of an answer for a bare size ("70b"), sized with a catalog model's architecture.
model-generic-shape = 采用 { $like } 架构的 { $size }B 模型
model-generic-title = { $size }B 模型（{ $like } 架构）

# The last line of a chat-length answer at the terminal: where the rest is.
answer-chat-more = 全部配置、经验公式、默认假设和说明：加上 `--full`。
