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
