# Discord 回答下方的“如果换成”控件、手机优先的布局，以及用户没指定的格式放不下时回答的第一句。

answer-best-fit = ℹ️ 用原始格式 { $native } 放不进 { $setup }（每张 GPU 需要 { $native_per_gpu } GiB，可用 { $usable } GiB）。用 **{ $precision }**（{ $bits } 位）可以放下：每张 GPU 需要 { $per_gpu } GiB，下面的回答都按这个格式计算。

# 运行时用大家熟悉的名字。
runtime-transformers = Hugging Face transformers
runtime-vllm = vLLM
runtime-sglang = SGLang
runtime-llama-cpp = llama.cpp
runtime-ollama = Ollama

controls-precision-placeholder = 换一种格式试试
controls-context-placeholder = 换一个上下文长度试试
controls-runtime-placeholder = 换一个运行时试试
controls-setup-placeholder = 换一张卡或换个数量
controls-ram-placeholder = 你的内存带宽（影响卸载速度）
controls-ram-option = { $memory }：{ $bandwidth } GB/s
controls-ram-speed = 卸载后约 { $speed } tokens/s
controls-ram-ddr4-dual = 双通道 DDR4-3200
controls-ram-ddr5-dual = 双通道 DDR5-5600
controls-ram-ddr5-quad = 四通道 DDR5-5200
controls-ram-ddr5-8ch = 服务器 8 通道 DDR5-4800
controls-ram-ddr5-12ch = 服务器 12 通道 DDR5-4800
controls-option-fits = 每张 GPU { $per_gpu } GiB · 放得下
controls-option-no-fit = 每张 GPU { $per_gpu } GiB · 放不下
controls-option-native = { $precision }（模型原生格式）
controls-option-bits = 每个权重 { $bits } 位
controls-context-option = { $tokens } 个 token
controls-context-max = { $tokens } 个 token（模型上限）
controls-make-it-fit = 怎样放得下
controls-levers-title = 怎样才能放得下
controls-levers-none = 只改一项，这些 GPU 上还是放不下。
controls-not-yours = 只有提问的人能修改这条回答。请自己提问，再试试其他设置。
controls-setup-short = { $setup } · 每张 GPU { $per_gpu } GiB
controls-prices-title = 推荐理由与价格
# The rule of thumb's formula and result, under the field titled with its name.
controls-rule = P × 4 字节 × Q/32 × 1.2 = **{ $rule_gib } GiB**。
