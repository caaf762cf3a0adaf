# 提问者没有指明显卡时的默认选择（src/runtime/choice.rs、src/recommend.rs）：每条 runtime-why-*
# 接在 assumed-runtime-why 的「按“{ $runtime }”配置计算，」之后。
runtime-why-one-card = 它的 Q4_K_M GGUF 一张 GeForce 就放得下，大家下载运行的就是这个（直接运行或通过 Ollama、LM Studio）
runtime-why-large = 即使 4 bit 也需要不止一张 GeForce，所以按数据中心显卡部署，使用检查点自带的格式
runtime-why-buying = 大家买显卡就是为了跑这个：用 llama.cpp、Ollama 或 LM Studio 运行 Q4_K_M GGUF
tag-best-value = 性价比最高
why-best-value = 每美元换来的 tokens/s 最多
runtime-why-checkpoint = 直接使用该仓库自带的检查点：其 safetensors 用 vLLM 部署（llama.cpp 需要 GGUF 文件）
