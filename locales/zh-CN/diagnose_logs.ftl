# 更多引擎的报错，以及不是显存问题的报错（zh-CN）。每个修复都说明代价。

diag-title-sampler-warmup = { $engine } 在预热采样器时显存不足
diag-title-multimodal-profile = { $engine } 在按最坏情况的图片数做显存分析时显存不足
diag-title-system-memory = { $engine } 需要的系统内存超过了空闲内存
diag-title-prefill-tokens = { $engine } 放不下预热时的那一批 prefill token
diag-title-metal-out-of-memory = { $engine } 用完了 Mac 的 GPU 内存
diag-title-driver-too-old = 不是显存问题：NVIDIA 驱动太旧
diag-title-illegal-memory-access = 不是显存不足：有内核访问了它内存之外的地址
diag-title-nccl = 不是显存问题：GPU 之间的通信库 NCCL 出错
diag-title-tokenizer = 不是显存问题：tokenizer 文件比你的 tokenizers 库新
diag-title-missing-module = 不是显存问题：缺少一个 Python 模块
diag-title-disk-full = 不是显存问题：磁盘满了
diag-title-missing-file = 不是显存问题：缺少文件
diag-title-bitsandbytes-setup = 不是显存问题：bitsandbytes 找不到适合它的 CUDA 库

diag-cause-sampler-warmup = vLLM 启动时会用 max_num_seqs 个虚拟请求采样一次；这么多序列的 logits 放不进权重之外剩下的显存。
diag-cause-multimodal-profile = vLLM 按最坏情况做分析：每个序列都带上每个提示允许的最多图片和视频。超出的是这个峰值，不是你的真实输入。
diag-cause-system-memory = Ollama 在加载前检查内存（和显存）：模型加上上下文需要的比空闲的多。
diag-cause-prefill-tokens = TGI 用 `--max-batch-prefill-tokens` 个 token 的一批数据预热；它的激活放不进权重和 KV 缓存之外的显存。
diag-cause-metal-out-of-memory = 在 Mac 上 GPU 只能用统一内存的一部分；权重加上这个上下文的 KV 缓存超过了它。
diag-cause-driver-too-old = 驱动支持的 CUDA 比编译你的 PyTorch 所用的 CUDA 旧。这和显卡的显存无关。
diag-cause-illegal-memory-access = GPU 内核读写了缓冲区之外的地址：是 bug 或版本不匹配，不是显卡满了。加显存解决不了。
diag-cause-nccl = 多卡任务的各进程之间无法通信（常见原因是容器里的共享内存，或节点之间的网络）。
diag-cause-tokenizer = tokenizer.json 是由比已安装版本更新的 tokenizers 写出的。
diag-cause-missing-module = 这个 Python 里没有安装该包，或者它的编译部分是为别的 Python 或 CUDA 编译的。
diag-cause-disk-full = 写入下载、检查点或缓存时磁盘空间用完了。
diag-cause-missing-file = 任务读取的路径不存在，或者模型文件夹里缺少文件。
diag-cause-bitsandbytes-setup = bitsandbytes 无法加载与找到的 CUDA 对应的版本，退回到了 CPU 库。

diag-fig-system = 需要内存 { $required }，可用 { $available }
diag-fig-devices-free = 各设备空闲：{ $list }
diag-fig-flash-attn-off = Flash attention：关闭
diag-fig-max-num-seqs = 每个 batch 的序列数：{ $n }
diag-fig-prefill = 要求的 prefill token 数：{ $n }

fix-max-num-seqs = 同时处理更少的序列；只在高负载时损失吞吐
fix-limit-mm-per-prompt = 最坏情况分析时每个提示的图片更少；代价是不能发图片更多的提示
fix-smaller-inputs = 一次处理更少的输入；只慢一些，结果不变
fix-zero-offload = 优化器状态和参数放到 CPU 内存；代价是每步更慢、占用内存
fix-unsloth-checkpointing = Unsloth 自带的卸载式检查点；每步稍慢
fix-flash-attention = flash attention 不需要与上下文一样大的注意力缓冲区；在支持的 GPU 上没有代价
fix-ubatch = 更小的 micro-batch 让计算缓冲区变小；提示处理稍慢
fix-tensor-split = 按每张卡的空闲显存分配权重；没有代价
fix-smaller-quant = 同一模型更小的量化；损失一些质量
fix-ollama-num-ctx = 更短的上下文占用更少内存；代价是模型能看到的文本变少（也可以在 Modelfile 里设 num_ctx）
fix-ollama-num-gpu = 少放几层到 GPU，其余在 CPU 上；代价是速度
fix-ollama-flash-attention = flash attention 加 8 位 KV 缓存让上下文的显存大约减半；几乎没有代价（需重启服务）
fix-free-system-memory = 卸载其他模型、关闭占用内存的程序；没有代价
fix-max-batch-prefill-tokens = 更小的 prefill batch；长提示的吞吐会降低
fix-max-batch-total-tokens = 同时处理的 token 更少；并发请求会减少
fix-mlx-max-kv-size = 限制 KV 缓存（mlx_lm）；长对话会丢掉最早的 token
fix-update-driver = 安装支持你的 PyTorch 所用 CUDA 的驱动；需要重启
fix-torch-for-driver = 或者安装为你的驱动所支持的 CUDA 编译的 PyTorch
fix-cuda-launch-blocking = 这样运行一次，看是哪个内核出错；调试期间会变慢
fix-upgrade-engine = 新版本往往已经修好了这个内核
fix-nccl-debug = 这样 NCCL 会说明哪里出错
fix-nccl-shm = 容器需要给 NCCL 提供共享内存
fix-upgrade-tokenizers = 新版本能读取新的 tokenizer 文件
fix-reinstall = 为当前的 Python 和 CUDA 重新安装
fix-free-disk = 看看哪个磁盘满了，把 Hugging Face 缓存移到有空间的盘
fix-check-path = 检查路径是否存在、模型文件夹里文件是否齐全
fix-upgrade-bitsandbytes = 新版 bitsandbytes 自带当前 CUDA 的版本；它的自检会说明缺什么

diag-verdict-short = 每张 GPU 需要 { $need }，显卡只有 { $total }：按现在的设置放不下；下面的修复能让它放下。
diag-verdict-other = 需要显卡 { $total } 中的 { $need }：放得下，但有 { $other } 被这个任务之外的东西占用。
diag-verdict-fits = 需要显卡 { $total } 中的 { $need }：应该放得下，所以日志里的峰值来自 batch、序列长度或碎片。

diag-title-profile-run = { $engine } 在显存分析运行中显存不足
diag-cause-profile-run = 在确定 KV 缓存大小之前，vLLM 会跑一批 `max_num_batched_tokens` 个 token 来测量激活；这一批放不进权重之外的显存。
fix-max-num-batched-tokens = 每次前向处理更少的 token；prefill 稍慢
