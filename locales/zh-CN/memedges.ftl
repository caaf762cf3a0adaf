# 引擎显存边界：llama.cpp / Ollama 的 flash attention，vLLM 启动剖析之后额外占用的显存。
field-flash-attention = flash attention
field-max-num-seqs = 每步最多序列数（max_num_seqs）
note-flash-attention-off = flash attention 已关闭：每张 GPU 的计算缓冲区要存放一个 512 token 的 micro-batch 对整个上下文的注意力分数，共 { $gib } GiB。用 `-fa on` 打开即可省掉这部分。
note-flash-attention-off-ollama = flash attention 已关闭：每张 GPU 的计算缓冲区要存放一个 512 token 的 micro-batch 对整个上下文的注意力分数，共 { $gib } GiB。用 `OLLAMA_FLASH_ATTENTION=1` 启动服务即可省掉这部分。
note-startup-shortfall = vLLM 会在启动时失败：显存剖析之后它每张 GPU 还要再占约 { $after } GiB（每种 batch 大小的 CUDA graph、all-reduce 缓冲区、采样器预热），超过 `--gpu-memory-utilization { $util }` 留出的 { $left } GiB。请用 `--gpu-memory-utilization { $lower }` 启动。

field-limit-mm-per-prompt = 每个提示词各模态的条目数（limit_mm_per_prompt）
note-encoder-profile = vLLM 启动时会用一段与上下文等长（{ $tokens } 个 token）的虚拟视频跑一遍视觉编码器，并在测量显存期间保留其嵌入：每张 GPU 约 { $gib } GiB，会从 KV 缓存中扣除。如果只处理图片，用 `--limit-mm-per-prompt '{"{"}"image":1,"video":0{"}"}'` 改为只用一张图片做剖析。
answer-setup-speed-users = { $users } 个用户同时在线时每人 ≈{ $tps } tokens/s
