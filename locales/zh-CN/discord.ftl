# Discord：斜杠命令的名称、说明、选项与预设选项，按钮和提示。
# 命令与选项名称：小写、不含空格、最多 32 个字符；说明与预设选项：最多 100 个字符。

cmd-estimate = 估算
    .description = 一个模型需要多少显存，哪些 GPU 放得下
opt-estimate-model = 模型
    .description = 模型名称或 id，例如 llama 3.1 70b
opt-estimate-precision = 精度
    .description = 权重精度或量化格式
opt-estimate-context = 上下文
    .description = 每条序列的 token 数（提示词 + 输出）；默认 8192
opt-estimate-batch = 批大小
    .description = 同时处理的序列数；默认 1
opt-estimate-mode = 模式
    .description = 推理或某种微调
opt-estimate-gpu = 显卡
    .description = 用来检验这个任务的 GPU
opt-estimate-gpus = 显卡数量
    .description = 这种 GPU 的数量
opt-estimate-runtime = 运行时
    .description = 推理服务框架

cmd-compare = 对比
    .description = 并排对比 GPU，看看各自能跑哪些模型
opt-compare-gpu_a = 显卡a
    .description = 第一张 GPU
opt-compare-gpu_b = 显卡b
    .description = 第二张 GPU
opt-compare-gpu_c = 显卡c
    .description = 第三张 GPU（可选）
opt-compare-gpu_d = 显卡d
    .description = 第四张 GPU（可选）

cmd-explain = 讲解
    .description = 简短指南：显存、NVLink、量化、KV 缓存等
opt-explain-topic = 主题
    .description = 要讲解的内容

cmd-fit = 能跑什么
    .description = 某个 GPU 配置能放下哪些模型，以及能用多长的上下文
opt-fit-gpu = 显卡
    .description = GPU 型号
opt-fit-count = 数量
    .description = 这种 GPU 的数量；默认 1
opt-fit-precision = 精度
    .description = 权重精度；默认 fp16

cmd-language = 语言
    .description = 选择我回复你时使用的语言
opt-language-language = 语言
    .description = 留空可查看当前设置
opt-language-server = 服务器
    .description = 改为设置服务器的默认语言（需要“管理服务器”权限）

cmd-stats = 统计
    .description = 本服务器最常问的内容：模型、精度、语言
opt-stats-period = 时间段
    .description = 统计范围；默认最近 30 天

cmd-forget-me = 忘记我
    .description = 删除你被记录的提问和偏好设置

cmd-listen = 监听
    .description = 无需提及，回答本频道里的每个显存估算问题
opt-listen-enabled = 开启
    .description = 开启或关闭；默认开启

choice-mode-inference = 推理
choice-mode-full-finetune = 全参数微调
choice-mode-lora = LoRA 微调
choice-mode-qlora = QLoRA 微调
choice-precision-float = { $name }（浮点）
choice-precision-int = { $name }（仅权重量化）
choice-precision-gguf = { $name }（GGUF，llama.cpp）
choice-runtime-transformers = Transformers（PyTorch）
choice-runtime-vllm = vLLM
choice-runtime-sglang = SGLang
choice-runtime-llama-cpp = llama.cpp
choice-runtime-ollama = Ollama
choice-language-auto = 自动（跟随我的 Discord 语言）
choice-language-en = 英语
choice-language-pt = 葡萄牙语（巴西）
choice-language-es = 西班牙语
choice-language-zh = 简体中文
choice-period-day = 最近 24 小时
choice-period-week = 最近 7 天
choice-period-month = 最近 30 天
choice-period-all = 全部时间

button-explain-nvlink = 什么是 NVLink？
button-explain-quantization = 什么是量化？
button-explain-multi-gpu = 多卡拆分
button-breakdown = 完整明细

discord-footer = vramguide · 仅为估算，不作保证 · 用 /讲解 了解原因
discord-breakdown-title = 明细
discord-advice-title = 建议
discord-more-title = 经验公式
discord-notes-title = 说明
discord-guides-title = 指南
discord-fit-models-title = { $setup } 在 { $precision } 下能跑什么
discord-fit-models-line = **{ $model }**：上下文最多 { $context } 个 token
discord-fit-models-none = 目录中没有模型能在 { $precision } 下放进 { $setup }。试试更低的精度或更多 GPU。
discord-fit-models-more = ……还有 { $count } 个。

notice-rate-limited = 你问得太快了。请等 { $seconds } 秒后再试。
notice-not-yours = 只有提问的人才能使用这些按钮。请自己提问来获得你的按钮。
notice-button-expired = 这个按钮已过期。请重新提问。
notice-language-set = 我会用{ $language }回复你。
notice-language-cleared = 我会重新跟随你的 Discord 语言。
notice-language-current = 我用{ $language }回复你。
notice-language-server-set = 本服务器的默认回复语言现在是{ $language }。
notice-language-server-cleared = 本服务器不再设置默认回复语言。
notice-needs-manage-server = 你需要“管理服务器”权限才能这样做。
notice-needs-manage-channels = 你需要“管理频道”权限才能这样做。
notice-guild-only = 这个命令只能在服务器中使用。
notice-listen-on = 我会回答本频道里的每个显存估算问题。
notice-listen-off = 在本频道，只有提及我时我才会回答。
notice-listen-no-intent = 已保存，但我暂时还读不到这里的消息：这个机器人没有开启 Message Content intent。请在 Developer Portal（Bot › Privileged Gateway Intents）中开启，并用 --message-content 启动机器人。提及我仍然有效。
notice-forgot = 完成：已删除与你有关的 { $rows_n ->
   *[other] { $rows }
} 条记录。
notice-stats-empty = 这段时间内本服务器没有记录到提问。
notice-internal-error = 我这边出了点问题。请稍后再试。
