# 显存图（src/render/chart.rs）：网页里的 SVG，以及 Discord 和链接预览显示的 PNG。
# 标签要短：在手机上看。这里的每个字都必须在内嵌字体里：修改后运行
# `python3 data/gen/subset_fonts.py`。

chart-heading = 每张 GPU 的显存
chart-subtitle = { $precision } · { $mode } · { $context } token
chart-mode-inference = 推理
chart-mode-full-finetune = 全参数微调
chart-mode-lora = LoRA
chart-mode-qlora = QLoRA
chart-part-weights = 权重
chart-part-kv-cache = KV 缓存
chart-part-activations = 激活值
chart-part-gradients = 梯度
chart-part-optimizer = 优化器状态
chart-part-overhead = 运行时开销
chart-usage = { $needed } / { $usable } GiB
chart-usable = 可用显存
chart-capacity = GPU 显存总量
chart-needed = 每张 GPU 需要 { $needed } GiB
chart-nothing-fits = 目录中没有显存这么大的 GPU
chart-alt = { $model } 每张 GPU 的显存构成，与各配置的可用显存对比
