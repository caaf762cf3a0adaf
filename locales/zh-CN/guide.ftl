# Guide topics (zh-CN): written for vramguide; facts from the seed articles, words our own.

## VRAM

guide-vram-title = 显存：都被什么占用了
guide-vram-summary = 运行或训练大模型时显存里装着什么，为什么它总是最先不够用，以及如何快速估算。
guide-vram-body =
    跑或训练一个大模型（LLM）时，GPU 自带的显存（**VRAM**）要装下每一步计算用到的全部数据：
    - **权重**：参数量 × 每个参数的字节数（fp16/bf16 为 2 字节，4-bit 约 0.5 字节）。
    - **KV 缓存**：上下文中每个 token 的 key 和 value，batch 里的每条序列各有一份。
    - **激活值**：前向计算产生的临时张量，处理长 prompt 时达到峰值。
    - **运行时开销**：CUDA 上下文、cuBLAS 工作区、显存分配器的缓存、CUDA Graph 等。
    - **训练**时还要加上**梯度**和**优化器状态**：用 Adam 做混合精度训练，每个参数大约 16 字节，这还没算激活值。

    显存通常是第一道门槛。任务放不下，显卡的其他参数再好也没用；把部分模型卸载到内存虽然能跑，但速度会慢很多倍。

    放得下之后，速度主要取决于**显存带宽**。每生成一个 token（解码阶段）都要把全部权重读一遍，所以粗略的上限就是带宽 ÷ 模型大小：8B 模型用 16-bit（约 16 GB）跑在 RTX 4090（1,008 GB/s）上，单路生成最多约 60 tokens/s。长 prompt 和训练则更看重算力。

    标称容量并不能全部用上。每个进程的 **CUDA 上下文**约占 0.3-0.5 GiB，框架还会预留一部分，桌面环境也可能占用一些。显存本身按二进制容量制造：一张“24 GB”的卡就有 24 GiB（每 GiB 为 2^30 字节），nvidia-smi 显示的也是这个数。GB（10^9 字节）与 GiB 之间约 7% 的差别只出现在模型文件和下面的经验公式上，它们按 GB 计：70B 模型 140 GB 的 bf16 权重就是 130 GiB。**Apple Silicon** 的统一内存与系统共享，默认情况下 GPU 只能使用其中约 2/3 到 3/4。

    经典的**经验公式**：
    `M = P × 4 字节 × (Q / 32) × 1.2`
    其中 P 是参数量，Q 是每个权重的位数，1.2 代表 20% 的余量。以 70B 模型、16-bit 为例：70 × 10^9 × 4 × 16/32 × 1.2 = **168 GB**。这个数字适合做第一步估算，但要注意：
    - 它没有考虑 **KV 缓存**，而 KV 缓存随上下文长度和 batch 大小线性增长，可能比权重还大；
    - 量化格式还要存储缩放系数（scale），所谓“4-bit”实际是每个权重 4.16 到 4.85 bit；
    - 训练所需显存是推理的好几倍。

    因此 vramguide 会根据模型架构（层数、KV 头数、头维度）以及你给出的精度、上下文长度和 batch 大小，逐项计算并分别列出各部分占用。

## NVLink

guide-nvlink-title = NVLink：什么时候真正有用
guide-nvlink-summary = NVLink 是 GPU 之间的高速直连：训练和张量并行离不开它，按层切分的推理则影响不大。
guide-nvlink-body =
    NVIDIA 的 **NVLink** 让 GPU 之间直接互连，绕开 PCIe 总线，速度快得多：
    - **NVLink 3**（A100）：每卡 600 GB/s
    - **NVLink 4**（H100、H200）：每卡 900 GB/s
    - **NVLink 5**（B200）：每卡 1.8 TB/s
    - **PCIe 4.0 x16**：单向约 32 GB/s；**PCIe 5.0 x16**：单向约 64 GB/s

    NVLink 的数字是双向合计；即便按同样口径比较，它也比 PCIe 快 7 到 14 倍。在 HGX 和 DGX 服务器里，**NVSwitch** 把 8 张卡全部连通，任意两张卡之间都能跑满带宽。

    当多卡之间需要频繁交换大张量时，NVLink 的价值才体现出来：
    - **多卡训练**：每一步都要对梯度做 all-reduce，**ZeRO/FSDP** 还要逐层收集分片后的权重。
    - **张量并行推理**（vLLM 的 `--tensor-parallel-size`）：每一层要做两次 all-reduce，注意力之后一次、MLP 之后一次，所以 80 层的 70B 模型每生成一个 token 要同步 160 次。

    对**按层切分（流水线）的推理**，比如 llama.cpp 或 `device_map="auto"` 的做法，NVLink 的作用就小得多：卡与卡之间只传边界层的隐藏状态，70B 模型每个 token 大约 16 KB，PCIe 完全应付得来。

    哪些卡支持：
    - **GeForce**：RTX 3090 可以用桥接器连两张卡；**RTX 40 和 50 系列完全没有 NVLink**。
    - **工作站卡**：**RTX A6000** 支持双卡桥接（112.5 GB/s）。RTX 6000 Ada 已经取消了 NVLink，有些对比表格写错了。
    - **数据中心卡**：SXM 模组（A100、H100、H200、B200）有完整的 NVLink；PCIe 版本只能通过桥接器两两相连（A100 PCIe、H100 PCIe、H100 NVL）。

    一个常见误解：NVLink **不会**把两张卡合并成一张显存翻倍的大卡。每张卡仍然只能看到自己的显存，框架依然要把模型切开（张量并行、流水线并行或分片）。NVLink 只是让各部分之间的通信代价变低。想知道一台机器里各张卡是怎么连接的，可以运行 `nvidia-smi topo -m`：NV# 表示走 NVLink，PIX、PHB、NODE 或 SYS 则表示走 PCIe 或要跨 CPU。

## Tensor Cores

guide-tensor-cores-title = 张量核心（Tensor Core）：矩阵运算引擎
guide-tensor-cores-summary = Tensor Core 是专门做矩阵运算的单元，让 fp16、bf16、fp8、int8 计算快上许多倍；各代新增了哪些能力。
guide-tensor-cores-body =
    NVIDIA GPU 内部的 **Tensor Core**（张量核心）是一种专用单元，一次操作就能完成一个小矩阵的乘加。Transformer 的计算量绝大部分是矩阵乘法，大模型的速度也主要来自这里。普通的 **CUDA 核心**负责通用的 FP32 和整数运算；Tensor Core 则用更低的精度做矩阵运算，速度快很多倍。

    各代演进：
    - **第 1 代，Volta**（V100，2017 年）：FP16。
    - **第 2 代，Turing**（RTX 20、T4）：新增 INT8 和 INT4。
    - **第 3 代，Ampere**（A100、RTX 30）：新增 **TF32** 和 **BF16**，以及 2:4 结构化稀疏。
    - **第 4 代，Hopper**（H100、H200）和 Ada（RTX 40、L40S）：新增 **FP8**；Hopper 的 **Transformer Engine** 会逐层管理 FP8 的缩放。
    - **第 5 代，Blackwell**（B200、RTX 50）：新增 **FP4** 和 FP6。

    它在哪些场景最有用：
    - **预填充**（prefill，读入 prompt）和**训练**属于计算密集型：大规模矩阵乘矩阵，Tensor Core 的 TFLOPS 决定速度。
    - **单路解码**属于带宽密集型：每个新 token 都是矩阵乘向量，主要在等显存读数据，再多 TFLOPS 也帮不上忙。把很多用户的请求合成一个 batch，解码又会变回矩阵乘矩阵。

    看参数表时注意：
    - **稀疏**（sparse）算力假设了 2:4 结构化稀疏，正好是**稠密算力的两倍**。大模型几乎不会以稀疏方式运行，所以要除以 2：A100 的 FP16 稠密算力是 312 TFLOPS，624 是稀疏数字。
    - **GeForce** 显卡在 fp16/bf16 使用 **fp32 累加**（PyTorch 默认如此）时只有标称速率的**一半**：RTX 4090 实际约 165 TFLOPS（稠密），而不是 330。数据中心卡和工作站卡（A100、H100、RTX A6000、L40S）没有这个限制。
    - FP8 和 FP4 只有在你的算子和模型格式真正用到时才有收益（vLLM、TensorRT-LLM、Transformer Engine）。

    想用上 Tensor Core，就要用 fp16/bf16 计算，或者在 fp32 代码中用 `torch.set_float32_matmul_precision("high")` 允许 TF32。PyTorch 默认的 fp32 矩阵乘法不会走 Tensor Core。

## SXM

guide-sxm-title = SXM 与 PCIe：模组还是插卡
guide-sxm-summary = SXM 模组装在 HGX/DGX 基板上，带 NVLink、功耗更高；PCIe 卡能插进普通服务器。何时该选哪种。
guide-sxm-body =
    NVIDIA 的数据中心 GPU 有两种物理形态。

    所谓 **SXM** 版本，是一块平放安装在服务器**基板**（HGX）上的模组，一块基板通常装 4 或 8 个，DGX 和 HGX 系统就是这样。不同代的接口并不相同（V100 用 SXM2，A100 用 SXM4，H100 用 SXM5），模组之间不能混用。**PCIe** 版本则是普通的扩展卡，插在任意服务器或工作站的插槽里。

    SXM 的优势：
    - **功耗上限更高**：H100 SXM 最高 **700 W**，H100 PCIe 为 **350 W**，所以 SXM 版能维持更高的频率。
    - **显存更快**：H100 SXM 的 HBM3 带宽为 3.35 TB/s，H100 PCIe 约 2 TB/s。最大的配置（141 GB、4.8 TB/s 的 H200，以及 B200）都是先出 SXM 版，甚至只有 SXM 版。
    - **全互连 NVLink**：在 8 卡 HGX 基板上，NVSwitch 让每张卡都以 900 GB/s 与其他所有卡相连（H100/H200）。

    PCIe 的优势：
    - 能装进普通服务器和部分工作站，供电和散热都是标准方案。
    - 更便宜，可以单卡购买，以后扩容也方便。
    - 卡间通信走 PCIe（单向约 32-64 GB/s），部分型号可以用**双卡 NVLink 桥**（A100 PCIe、H100 PCIe、H100 NVL）。
    - 数据中心 PCIe 卡是被动散热，依赖服务器风道：装进台式机机箱之前一定要确认散热。

    以下情况基本只能选 SXM：
    - 在 8 张卡上训练或全参数微调大模型，梯度和分片权重时刻都在卡间流动。
    - 部署权重达数百 GB 的超大模型，在 8 张卡上做张量并行：例如 DeepSeek R1（671B，FP8 约 671 GB）跑在 8× H200 上。

    如果只是单个 70B 模型做 4-bit 推理，或者按层切分推理，PCIe 卡完全够用。

    SXM 模组没法像显卡一样单独买来装进台式机：它离不开 HGX 服务器的基板、供电和散热。实际上想用 SXM，要么买整台服务器，要么租用云上的实例，通常就是“8× H100”或“8× H200”节点。一台满配 8 卡的 HGX H100 服务器功耗约 10 kW，还需要机房级别的供电和散热。

## Precision

guide-precision-title = 精度：fp32、bf16、fp16、fp8、int8、int4
guide-precision-summary = 各种数值格式各占多少字节、分别适合做什么，以及精度如何决定权重所需的显存。
guide-precision-body =
    格式的**精度**指存储每个数用多少位。对权重来说，它直接决定显存：参数量 × 每个参数的字节数。

    - **fp32**：4 字节。过去训练的默认格式；用于大模型推理只会浪费显存和速度。
    - **fp16**：2 字节，数值范围窄；训练时需要 **loss scaling** 来避免下溢和上溢。
    - **bf16**：2 字节，但拥有与 **fp32 相同的指数范围**，训练更稳定，不需要 loss scaling。需要 Ampere 及更新的架构；V100 和 T4 只能用 fp16。
    - **fp8**：1 字节，分为 E4M3（精度更高，用于权重和激活值）和 E5M2（范围更大，用于梯度）两种。Hopper、Ada、Blackwell 有硬件支持，用于推理，也越来越多地用于训练。
    - **int8 / int4**：通常是**仅权重量化**：权重以 8 或 4 bit 加缩放系数存储，计算时再还原成 16-bit。
    - **TF32** 不是存储格式，而是 Ampere 及以后的 Tensor Core 加速 fp32 矩阵运算的方式。

    每 **10 亿参数**（1B）的权重显存：
    - fp32：约 3.7 GiB
    - fp16/bf16：约 1.9 GiB
    - 8-bit：约 0.93 GiB
    - 4-bit：约 0.47 GiB，加上缩放系数约 0.5 GiB

    所以 70B 模型在 bf16 下约需 131 GiB，4-bit 下视格式不同约需 33-40 GiB。KV 缓存和运行时开销还要另算。

    推理几乎总是用 **16-bit 或更低**的精度。模型本身以 bf16 发布，用 fp32 加载只会让显存翻倍，质量却没有任何提升。显卡支持就用 bf16，老卡用 fp16，显存紧张时再用 8-bit 或 4-bit。可以用 `torch.cuda.is_bf16_supported()` 检查当前 GPU 是否支持 bf16。

    在**混合精度训练**中，计算用 bf16/fp16，但优化器保留一份 **fp32 主权重**（master weights）用于更新。配合 Adam，每个参数合计约 16 字节（权重 2、梯度 2、主权重 4、两个动量 8），还不含激活值：7B 模型全参数微调大约需要 112 GB。这正是 LoRA、QLoRA 和 8-bit 优化器如此流行的原因。

## Quantization

guide-quantization-title = 量化：GPTQ、AWQ、GGUF、NF4、FP8
guide-quantization-summary = 量化格式用更少的位数存储权重：每个权重实际占多少 bit、能省多少显存、会损失多少质量。
guide-quantization-body =
    所谓**量化**，就是用更少的位数存储权重，通常按组共享一个缩放系数（有时还有零点）。这些缩放系数要额外占位，所以**每个权重的实际位数**总会比格式名称略高。

    GPU 上常用的格式（vLLM、Transformers、TGI）：
    - **GPTQ**：训练后量化，用样本文本校准，逐层修正舍入误差。
    - **AWQ**：感知激活值的量化，重点保护激活值最大的那些通道。
    - 两者都是仅权重的 4-bit 量化，通常 **group size 为 128**：算上每组 16-bit 的缩放系数和 4-bit 的零点，约 **4.16 bit/权重**（4.25 对应 group size 64）。词嵌入和 `lm_head` 一般保留 16-bit，对词表大的小模型来说这部分占比不小。
    - **FP8**：权重（通常连同激活值）用 8 位浮点，在 Hopper、Ada、Blackwell 上速度快，质量接近 bf16。
    - **bitsandbytes NF4**：4-bit NormalFloat，开启双重量化后约 **4.13 bit**；它是 **QLoRA** 微调的基础，但用于推理服务时比 GPTQ/AWQ 的算子慢。

    llama.cpp、Ollama、LM Studio 使用的 **GGUF** 类型（每个权重的实际位数，按整个文件平均）：
    - **Q8_0**：8.5
    - **Q6_K**：≈6.57
    - **Q5_K_M**：≈5.7
    - **Q4_K_M**：≈4.85，最常用的默认选择
    - **Q3_K_M**：≈4.0
    - **Q2_K**：≈3.2，远高于名义上的 2 bit

    K 系列量化会把敏感的张量保留在更高精度，所以平均位数高于名义位数。

    显存 = 参数量 × 实际位数 ÷ 8。以 Llama 3.1 70B 的 Q4_K_M 为例：70.6 × 10^9 × 4.85 ÷ 8 ≈ 42.8 GB（39.8 GiB），这还只是权重，不含 KV 缓存。

    质量大致如下：
    - **8-bit**：几乎无损。
    - **4-bit**（Q4_K_M、AWQ、GPTQ）：损失较小，聊天和写代码通常没问题。
    - **低于 4-bit**：质量下降明显加快，小模型尤其如此。70B 模型用 3-bit 还能用，8B 模型用 2-bit 基本不可用。

    另外，**KV 缓存**可以和权重分开量化：vLLM 用 `--kv-cache-dtype fp8`，llama.cpp 用 `--cache-type-k q8_0` 和 `--cache-type-v q8_0`（或 q4_0），其中量化 V 缓存需要开启 flash attention（`-fa`）。8-bit 的 KV 缓存能省一半显存，质量损失很小。

## KV cache

guide-kv-cache-title = KV 缓存：随上下文增长的显存
guide-kv-cache-summary = KV 缓存保存之前每个 token 的 key 和 value；如何计算它的大小，以及长上下文为何如此吃显存。
guide-kv-cache-body =
    Transformer 生成文本时，每个新 token 都要对之前所有 token 做注意力计算。为了避免重复计算，模型会把每一层中这些 token 的 **key 和 value** 保存下来，这就是 **KV 缓存**。每多一个 token 就多一份，batch 中每条序列各自独立。

    大小（字节）：
    `2 × 层数 × KV 头数 × 头维度 × token 数 × batch × 每个值的字节数`
    其中 2 表示 key 和 value 各一份；每个值在 fp16/bf16 下占 2 字节，fp8 下占 1 字节。

    举例，**Llama 3.1 70B**（80 层、8 个 KV 头、head_dim 128），16-bit：2 × 80 × 8 × 128 × 2 = **每 token 327,680 字节**，即 320 KiB。32k 上下文（32,768 个 token）单条序列就要 **10 GiB**；8 个用户各用 32k，就需要 80 GiB，是 4-bit 权重的两倍。

    哪些设计能让它变小：
    - **GQA / MQA**：多个 query 头共用一个 KV 头。Llama 3.1 70B 有 64 个 query 头，但只有 8 个 KV 头，KV 缓存是完整多头注意力的 1/8。采用传统 MHA 的 Llama 2 7B 每 token 要 512 KiB，比 Llama 3.1 70B 还多。
    - **MLA**（DeepSeek V3/R1）只缓存一个压缩后的潜向量：每层 kv_lora_rank 512 加 64 维 RoPE，即（512 + 64）× 61 层 × 2 字节 = **每 token 70,272 字节**（16-bit），而这是一个 671B 的模型。
    - **滑动窗口**层（Gemma 2/3、gpt-oss）只保留最近一个窗口内的 token（gpt-oss 为 128 个，Gemma 3 为 1,024 个，Gemma 2 为 4,096 个），只有全局注意力层会随上下文增长。
    - **KV 缓存量化**（fp8、q8_0、q4_0）可以把它压到一半或四分之一。

    由于 KV 缓存随**上下文长度和 batch 大小线性增长**，长文档或大量并发用户所需的显存可能超过权重本身。Llama 3.1 8B 开满 128k 上下文需要 16 GiB 的 KV 缓存，比它 bf16 权重的 15 GiB 还多。

    推理引擎会提前为它做好规划。**vLLM** 先加载权重，再把剩余显存（上限由 `--gpu-memory-utilization` 决定，默认 0.9）全部预留为 KV 块，由 **PagedAttention** 分页管理。所以即使空闲，`nvidia-smi` 里显存也几乎是满的；`--max-model-len` 和 `--max-num-seqs` 决定这块空间如何分配。

## Out of memory

guide-oom-title = CUDA out of memory：原因与解决办法
guide-oom-summary = 出现“CUDA out of memory”的常见原因与解决办法，从模型和上下文过大到显存碎片和残留进程。
guide-oom-body =
    报错 `CUDA out of memory. Tried to allocate X GiB` 的意思是：某一次显存分配放不进卡上剩余的空间。报错信息里还会给出 PyTorch 已分配多少、**已预留但未分配**多少，看这几个数字就能判断属于哪种情况。

    常见原因与对策：
    - **模型在当前精度下太大**：用 bf16 代替 fp32 加载，做量化（8-bit，或 4-bit 的 AWQ/GPTQ/GGUF），拆到多卡上（`device_map="auto"`、vLLM 的 `--tensor-parallel-size`），或者把部分层卸载到 CPU（在 llama.cpp 中调小 `-ngl`），代价是速度变慢。
    - **上下文或 batch 太大**：KV 缓存随两者增长。调小最大上下文（vLLM 的 `--max-model-len`、llama.cpp 的 `-c`、Ollama 的 `num_ctx`）、并发序列数（`--max-num-seqs`）或 batch size。
    - **长 prompt 的激活值峰值**：长 prompt 的预填充会产生很大的临时张量。使用 **flash attention**（或 PyTorch 的 SDPA）和 **chunked prefill**，把 prompt 分块处理。
    - **训练**：开启**梯度检查点**（gradient checkpointing），用更小的 micro-batch 配合**梯度累积**，试试 8-bit 优化器，用 **LoRA/QLoRA** 代替全参数微调，或者用 **ZeRO/FSDP** 做分片。
    - **显存碎片**：预留了很多显存，但空闲部分都是零散小块。在启动进程前设置 `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`。
    - **GPU 上有其他进程**：用 `nvidia-smi` 查看。一个忘了关的 Jupyter 内核往往就占着好几 GB。
    - **vLLM 与其他程序共用一张卡**：`--gpu-memory-utilization` 在启动时就会占下整张卡的这一比例，卡上还有别的任务时要调低（比如 0.8）。如果 vLLM 提示没有空间放 KV 缓存，就调小 `--max-model-len`。

    不太容易想到的原因：
    - **数据集或 data loader** 把整个数据集放到了 GPU 上，而不是每次只搬一个 batch。
    - **缓存测试集**，或者评估时把预测结果一直累积在 GPU 上：这些应该放在 CPU。
    - 评估时没有使用 `torch.no_grad()` 或 `torch.inference_mode()`，为永远不会执行的反向传播保留了激活值。
    - 跨步累加的是 `loss` 而不是 `loss.item()`，导致每一步的计算图都无法释放。

    如果以上方法都不奏效，说明任务确实需要比这张卡更多的显存：用 vramguide 估算一下，选一个留有余量的配置。

## Multi-GPU

guide-multi-gpu-title = 多卡：数据并行、张量并行与流水线并行
guide-multi-gpu-summary = 把模型分布到多张 GPU 上的几种方式，各自的显存和带宽代价，以及哪种适合你的任务。
guide-multi-gpu-body =
    用多卡无非两个目的：**放下**单卡装不下的模型，或者让已经放得下的模型**跑得更快**。主要策略如下：

    - **数据并行**（DDP）：每张卡都有一份**完整的模型副本**，各自处理不同的 batch，每一步对梯度求平均。它能加快训练，但不能帮模型放进显存。在推理中，就是在负载均衡器后面放几个副本。
    - **张量并行**：把每一层的权重矩阵切分到各张卡上，所有卡一起处理每个 token，每层做两次 all-reduce（注意力之后和 MLP 之后）。能降低单卡显存和延迟，但需要 NVLink 这样的**高速互连**。vLLM 中用 `--tensor-parallel-size 2`；并行数必须能整除注意力头数：2、4、8 通常可以，头数允许时 16、32、64 也行（64 个头：64 以内的任意 2 的幂）。
    - **流水线并行 / 按层切分**：连续的层放在不同的卡上（前一半在 GPU 0，后一半在 GPU 1）。llama.cpp（默认 `--split-mode layer`）和 Transformers 的 `device_map="auto"` 都是这种方式。通信量很小，但单路生成时同一时刻只有一张卡在干活，速度不会比一张大卡快。vLLM 的 `--pipeline-parallel-size` 适合同时处理大量请求的场景。
    - **ZeRO / FSDP**（训练）：把**优化器状态、梯度和权重**分片到各张卡上，需要某一层时再临时收集。ZeRO-1 分片优化器状态，ZeRO-2 再加上梯度，ZeRO-3 和 FSDP 的 full shard 模式连权重也一起分片。

    每张卡的显存大致为：
    `单卡 ≈ 总量 ÷ 卡数 + 每卡开销`
    每卡开销包括每个进程的 CUDA 上下文（0.3-0.5 GiB）、通信缓冲区、激活值，以及无法均分的部分，比如词嵌入和输出层。切分很少能做到完全均匀：留出 10-15% 的余量；在 llama.cpp 中，两张卡不一样时可以用 `--tensor-split 3,1` 调整比例。

    两张没有 NVLink 的消费级显卡（比如通过 PCIe 连接的 2× RTX 3090 或 2× RTX 4090）：
    - 做按层切分的推理**完全没问题**：70B 模型 4-bit 量化分到 2× 24 GB 上，配合适中的上下文长度可以正常运行；
    - 在 vLLM 里做张量并行推理也可以接受，只是有一定损耗；
    - 用来做张量并行或全分片训练就**很吃力**，通信会成为瓶颈。数据并行加 LoRA 是比较折中的方案。

## CUDA_VISIBLE_DEVICES

guide-cuda-visible-devices-title = CUDA_VISIBLE_DEVICES：指定任务可见的 GPU
guide-cuda-visible-devices-summary = 用 CUDA_VISIBLE_DEVICES 选择并重新排序进程可见的 GPU，在同一台机器上运行互不干扰的多个任务。
guide-cuda-visible-devices-body =
    `CUDA_VISIBLE_DEVICES` 是一个环境变量，CUDA 运行时在进程启动时读取它。它规定进程能使用哪些物理 GPU 以及顺序；在进程内部，可见的 GPU 会从 0 开始重新编号。

    `CUDA_VISIBLE_DEVICES=0,2 python train.py`
    这里脚本只能看到两张卡：物理 0 号卡变成 `cuda:0`，物理 2 号卡变成 `cuda:1`，`torch.cuda.device_count()` 返回 2。顺序是有意义的：写成 `2,0` 两者就对调了。

    在一台机器上同时跑两个任务：
    `CUDA_VISIBLE_DEVICES=0 python job_a.py &`
    `CUDA_VISIBLE_DEVICES=1 python job_b.py`
    每个任务都以为自己只有一张卡 `cuda:0`，彼此也碰不到对方的显存。多卡任务同理（`CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc_per_node=2 train.py`），vLLM 和 llama.cpp 的服务也一样。

    容易踩的坑：
    - **必须在 CUDA 初始化之前设置。** 在 shell 或启动脚本里设置总是来得及。在 Python 里，要在 import torch 之前（至少在第一次调用 CUDA 之前）设置 `os.environ["CUDA_VISIBLE_DEVICES"]`，之后再改不会生效。
    - **编号可能和 nvidia-smi 不一致。** CUDA 默认把最快的卡排在前面，而 `nvidia-smi` 按 PCI 总线顺序编号。混插不同型号显卡的机器上，设置 `CUDA_DEVICE_ORDER=PCI_BUS_ID` 让两边编号一致。
    - **值为空会隐藏所有 GPU**：`CUDA_VISIBLE_DEVICES=` 会让 CUDA 找不到任何设备，可以用来强制在 CPU 上运行。列表中出现无效编号时，只有排在它前面的卡仍然可见。
    - 除了编号，也可以用 GPU 的 UUID（`nvidia-smi -L` 可查）或 MIG 实例 ID，显卡换插槽后也不会变。
    - `nvidia-smi` 本身不受这个变量影响，总是显示全部 GPU。
    - 在 Docker 中，`--gpus device=1` 只把一张卡暴露给容器，容器内看到的就是 GPU 0。

    AMD 的 ROCm 平台对应的变量是 `HIP_VISIBLE_DEVICES`。为了兼容，ROCm 也认 `CUDA_VISIBLE_DEVICES`，此外还有更底层的 `ROCR_VISIBLE_DEVICES`。

## Choosing

guide-choosing-title = 如何选择 GPU：决策思路
guide-choosing-summary = 为大模型任务选 GPU 的分步方法：先看显存，再看带宽或算力，然后是卡数、预算和功耗。
guide-choosing-body =
    按顺序走完下面几步，每一步都会缩小选择范围。

    1) **先看显存。** 把任务描述清楚：什么模型、什么精度、多长上下文、多少并发序列、推理还是训练（全参数、LoRA、QLoRA）。估算权重 + KV 缓存 + 激活值 + 开销，再留 10-20% 的余量。放不下的话，其他一切都无从谈起。

    2) **再看速度。** 推理时，**显存带宽**决定单个用户感受到的每秒 token 数。训练和大 batch 场景下，吞吐量取决于 **Tensor Core 算力**：比较 bf16/fp8 的稠密 TFLOPS，不要看稀疏算力。

    3) **确定卡数。** 单卡能放下就用单卡，比两张卡拼起来更简单，也没有通信开销。放不下就尽量用最少的卡。按层切分的推理走 PCIe 就够了；多卡训练和张量并行推理则需要 **NVLink**，规模再大就要上 **SXM** 服务器。

    4) **现实因素。** 预算、供电和散热（一张 RTX 4090 功耗 450 W，两张就需要大功率电源和良好风道）；连续训练数周的任务最好有 **ECC** 显存；还有软件生态：CUDA 到处都能用，ROCm 和 Apple Metal 支持的工具少一些。短期项目按小时**租用**云 GPU 通常比买卡更省钱；显卡能连续忙上好几个月时再考虑购买。

    常见配置：
    - **RTX 3060 12 GB / RTX 4060 Ti 16 GB**：小模型，7-14B 的 4-bit 或 7-8B 的 8-bit，小模型的 QLoRA。
    - **RTX 3090 / 4090 24 GB**：4-bit 下最大约 30B（32B 模型 Q4_K_M 权重约 18.5 GiB），7-13B 模型的 QLoRA。
    - **RTX A6000 / RTX 6000 Ada 48 GB**：**单卡跑 70B 的 4-bit 量化**（权重约 40 GiB，再加适中的上下文）。
    - **A100 / H100 80 GB、H200 141 GB**：用 2-4 张卡跑 16-bit 的 70B（权重约 131 GiB），支持长上下文和大量用户，也适合大规模训练和微调。
    - **8× H200 或 B200 节点**：最大的开源模型，比如 FP8 的 DeepSeek R1（权重约 671 GB，即 625 GiB：虽少于 8 张 80 GB 卡的 640 GiB，但超过了扣除每张卡的 CUDA 上下文和运行时预留后约 611 GiB 的可用显存）。

    有些表格把模型 4-bit 权重的大小直接当成“显存需求”，要小心：7B 模型的 4-bit 权重约 3.5 GB，但同一个模型用 bf16 需要约 14-15 GB，而且两种情况都还要再加上 KV 缓存和运行时开销。vramguide 会把每一部分都列出来，方便你在同一口径下比较不同配置。
