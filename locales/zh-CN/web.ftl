# 指南服务器（zh-CN）：网页上围绕回答、指南和目录的文字。

web-lang-name = 简体中文
web-language = 语言
web-nav-ask = 提问
web-nav-compare = 对比 GPU
web-nav-guide = 指南
web-nav-models = 模型
web-nav-gpus = GPU
web-footer = 以上是根据模型架构和 GPU 规格得出的估算，而非实测：请留出一些余量。目录中的每个数字都注明了来源。

web-ask-title = 需要多少显存？
web-ask-heading = 你的大模型需要多少显存？
web-ask-label = 你的问题
web-ask-placeholder = llama 70b fp16
web-ask-button = 估算
web-ask-hint = 写出模型名称或参数规模（如 13b），还可以加上精度、上下文长度、GPU 和模式（推理、LoRA、QLoRA、全参数微调）。
web-ram-label = 内存带宽（GB/s，可选）
web-ram-field-hint = 决定卸载到内存的层的速度：双通道 DDR4-3200 约 51，双通道 DDR5-5600 约 90，8 通道 DDR5-4800 服务器约 307。
web-ram-hint = 你的内存更快或更慢？在问题框下方的“内存带宽”一栏填入它的带宽，即可得到你机器上的卸载速度。
web-ask-examples = 试试这些问题

web-bar-caption = 每张 GPU 需要 { $needed } GiB；一张 { $gpu } 有 { $capacity } GiB
web-bar-caption-none = 每张 GPU 需要 { $needed } GiB：目录中没有显存这么大的 GPU
web-bar-capacity = GPU 显存
web-details-title = 与经验公式的对比
web-guides-title = 在指南中了解更多
web-json-link = 以 JSON 格式查看此回答

web-compare-title = 对比 GPU
web-compare-label = GPU 列表，用逗号分隔
web-compare-button = 对比

web-guide-title = 指南
web-guide-intro = 简短说明显存被什么占用、精度和量化如何影响显存，以及如何选择硬件。
web-guide-more = 其他主题

web-models-title = 模型
web-models-intro = vramguide 收录的模型，以及估算所依据的架构来源。
web-gpus-title = GPU
web-gpus-intro = vramguide 收录的 GPU，以及各项数据所依据的规格表和文章。
web-col-model = 模型
web-col-family = 系列
web-col-params = 参数量（十亿）
web-col-context = 最大上下文（token）
web-col-license = 许可证
web-col-sources = 来源
web-col-gpu = GPU
web-col-vendor = 厂商
web-col-memory = 显存
web-col-bandwidth = 带宽
web-col-fp16 = FP16/BF16 TFLOPS（稠密，FP32 累加）
web-col-price = 价格

web-not-found-title = 页面不存在
web-not-found-body = 这个地址没有内容。可以在这里直接提问，或从下面的指南主题中选择。
web-rate-limited = 来自你的地址的请求过多，请在 { $seconds } 秒后重试。
web-busy = 服务器正忙于绘制图表，请在 { $seconds } 秒后重试。
web-too-many-connections = 当前连接过多，请在 { $seconds } 秒后重试。
web-too-long = 问题太长了：请不要超过 { $max } 个字符。
web-missing-parameter = 缺少参数“{ $name }”。
web-value-too-long = 参数“{ $name }”太长了：最多 { $max } 个字符。
web-too-many-gpus = 一次最多比较 { $max } 张 GPU。
web-bad-request = 无法读取这个请求，请检查地址和参数。
web-method-not-allowed = 这个地址只接受 GET 请求。
web-timeout = 请求耗时过长，已被中止。
web-body-too-large = 请求太大了：粘贴的日志最多 64 KB。请贴最后几行，报错就在那里。
web-internal-error = 服务器出了点问题，请重试。

# The answer's first screen, and the copy button of the launch line.
web-verdict-fits = 放得下
web-verdict-tight = 很紧：可能放不下
web-verdict-no = 放不下
web-verdict-estimate = 估算
web-copy = 复制
web-copied = 已复制
web-fit-models-title = 能运行的模型（从大到小）
web-buy-setups-title = 预算内的配置（从快到慢）
web-buy-cards-title = 预算内的显卡（显存从大到小）
