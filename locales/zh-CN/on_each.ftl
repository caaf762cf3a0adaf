# “X 用 A 够吗还是要 B”：问题里每种配置各自能不能跑这个模型（可以、不一定、不行），附每张 GPU 的显存和速度。
# 模型和推理框架只在第一段说一次，后面各段接在同一句里。
verdict-each = { $first }{ $rest }。
verdict-each-first = { $outcome ->
    [yes] 用 { $setup } 可以：{ $runtime } 跑 { $job }，每张 GPU 占用 { $used } / { $usable } GiB{ $speed }
    [tight] 用 { $setup } 不一定：{ $runtime } 跑 { $job }，每张 GPU 占用 { $used } / { $usable } GiB，在本估算 ±{ $band }% 的误差范围内
    [startup] 用 { $setup } 不行：{ $runtime } 跑 { $job }，每张 GPU 占用 { $used } / { $usable } GiB，但 vLLM 启动时就会停下
   *[no] 用 { $setup } 不行：{ $runtime } 跑 { $job }，每张 GPU 需要 { $used } GiB，超过每张可用的 { $usable } GiB
}
verdict-each-next = { $outcome ->
    [yes] ；用 { $setup } 可以：每张 GPU 占用 { $used } / { $usable } GiB{ $speed }
    [tight] ；用 { $setup } 不一定：每张 GPU 占用 { $used } / { $usable } GiB，在 ±{ $band }% 的误差范围内
    [startup] ；用 { $setup } 不行：每张 GPU 占用 { $used } / { $usable } GiB，但 vLLM 启动时就会停下
   *[no] ；用 { $setup } 不行：每张 GPU 需要 { $used } GiB，超过每张可用的 { $usable } GiB
}
# 属于推理引擎设置的调整：让启动时不再爆显存的那个参数。
lever-memory-share = `--gpu-memory-utilization { $value }`（这样 vLLM 能顺利启动）
lever-flash-attention = 打开 flash attention（`-fa on`）
lever-flash-attention-ollama = 打开 flash attention（`OLLAMA_FLASH_ATTENTION=1`）
lever-mm-limit = 只处理图片（`--limit-mm-per-prompt '{"{"}"image":1,"video":0{"}"}'`），这样 vLLM 启动时的显存评估只跑一张图片，而不是和上下文一样长的视频
