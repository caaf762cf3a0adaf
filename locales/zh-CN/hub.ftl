# 从 Hugging Face Hub 查询的模型，或用户提供的 config.json。
hub-error-not-found = 在 Hugging Face Hub 上找不到 `{ $repo }`。请检查拼写（所有者/名称），或询问我认识的模型。
hub-error-gated = `{ $repo }` 是受限仓库：请先在 Hub 上接受其条款，再将 HF_TOKEN 设为该账号的令牌，我才能读取它的文件。
hub-error-no-weights = `{ $repo }` 没有我能读取的权重文件（safetensors 或 GGUF；缺少：{ $detail }）。
hub-error-malformed = `{ $repo }` 的文件格式有误：{ $detail }。
hub-error-too-large = `{ $repo }` 的某个文件头超过了我读取的上限（{ $detail }），所以我停止了，没有下载它。
hub-error-unreachable = Hugging Face Hub 没有及时回应 `{ $repo }` 的查询，而我也没有同名或同规模的模型可以代替。请稍后再试。
hub-error-offline = Hub 查询已关闭（离线模式），而我不认识名为 `{ $repo }` 的模型。请询问我认识的模型，或给出它的参数规模。
hub-error-invalid-config = 无法使用这个 config.json（{ $repo }）：{ $detail }。
hub-why-offline = Hub 查询已关闭
hub-why-unreachable = Hugging Face Hub 没有回应
hub-why-slow = Hugging Face Hub 响应太慢
hub-why-busy = 当前 Hub 查询过多
hub-fallback-catalog = { $why }，因此 `{ $repo }` 按我认识的最接近的模型 { $model } 估算。
hub-fallback-size = { $why }，因此 `{ $repo }` 按名称中的参数规模估算（{ $model }）。
hub-exact-safetensors = 权重：{ $gib } GiB，读自仓库的 safetensors 文件头（{ $files } 个文件，{ $tensors } 个张量，其中 { $quantized } 个已量化；{ $method }）。
hub-exact-gguf = 权重：{ $gib } GiB，读自 GGUF 文件头（{ $tensors } 个张量，其中 { $quantized } 个已量化；{ $method }）。
opt-estimate-config = 配置
    .description = 我不认识的模型的 config.json
web-config-summary = 我不认识的模型？粘贴它的 config.json
web-config-label = config.json
web-config-question = 任务（可选）
web-config-placeholder = fp8，2 张 h100，32k 上下文
# The command line, while a Hub look-up takes more than 300 ms.
cli-hub-looking-up = 正在 Hugging Face Hub 上查询 { $repo }…
