# Errors and help (zh-CN)：错误提示与帮助。

help-intro = 我可以帮你估算大模型需要多少显存。告诉我模型、精度，有需要的话再加上你的 GPU。
help-not-understood = 这条消息里没找到模型名或模型参数量。
help-examples-title = 可以试试：
help-example-1 = 两张4090能跑llama 3.1 70b fp16吗
help-example-2 = qwen 32b q4_k_m 上下文 32k 要多少显存
help-example-3 = 一张3060 12gb能用qlora微调llama 3 8b吗
help-unparsed = 没看懂：{ $words }

error-unknown-model = 不认识模型“{ $input }”。
error-unknown-gpu = 不认识 GPU“{ $input }”。
error-suggestions = 你是不是想找 { $list }？
error-bad-context = 上下文长度必须在 1 到 10,000,000 个 token 之间。
error-bad-batch = batch 必须在 1 到 100,000 之间。
error-bad-gpu-count = GPU 数量必须在 1 到 4,096 之间。
error-bad-params = 模型参数量必须是正数，以十亿（B）为单位，最大 100,000（即 100 万亿参数）。
error-bad-lora-rank = LoRA rank 必须在 1 到 4,096 之间。
error-bad-memory-share = GPU 显存利用率必须大于 0 且不超过 1（vLLM 默认为 0.9）。
error-precision-not-trainable = { $mode } 无法训练以 { $precision } 存储的权重：请用 fp16/bf16，4-bit 的话请用 QLoRA。
error-unknown-option = 未知的 { $what }：“{ $value }”。
error-unknown-precision = 未知精度“{ $input }”。支持：fp32、fp16、bf16、fp8、int8、int4、nf4、gptq-int4、awq-int4、q4_k_m、q8_0 等。
error-unknown-topic = 没有叫“{ $input }”的指南。可选主题：{ $topics }。
error-need-model = 请指定模型（--model）或以十亿为单位的参数量（--params-b）。
error-example = 例如：{ $example }
error-internal = 我们这边出了点问题，已记录你的问题。
error-not-a-number = “{ $value }”不是有效的 { $what }：请输入整数。

# Names of the options an error can be about.
field-model-size = 模型大小
field-context = 上下文长度
field-prompt-length = 提示词长度
field-generation-length = 生成长度
field-batch = batch
field-gpu-count = GPU 数量
field-lora-rank = LoRA 秩
field-mode = 模式
field-runtime = 运行时
field-optimizer = 优化器
field-lora-targets = LoRA 目标层
field-gradient-checkpointing = 梯度检查点
field-sharding = 切分方式
field-cpu-offload = CPU 卸载
field-gpu-memory-utilization = GPU 显存利用率
field-max-num-batched-tokens = 每批最大 token 数
field-master-weights = 主权重
field-optimizer-in-backward = 反向传播中执行优化器
field-framework = 训练框架
field-engine-version = 引擎版本
field-chunked-loss = 分块损失
