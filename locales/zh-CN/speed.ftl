speed-at-load = { $users_n ->
    [one] 1 个用户使用时
   *[other] { $users } 个用户同时使用时
}：每人约 { $speed } tokens/s，首个 token 约 { $ttft } 秒，每张 GPU { $per_gpu } tokens/s。
speed-at-load-price = 租用：此负载下每百万输出 token 约 { $usd } 美元。
speed-users-at-target = 按每人 { $target } tokens/s 计，可同时服务 { $at_target_n ->
    [one] 1 个用户
   *[other] { $at_target } 个用户
}。
speed-at-load-over-memory = KV 缓存同时只能容纳 { $max_n ->
    [one] 1 个
   *[other] { $max } 个
}此上下文长度的请求：请缩短上下文或增加 GPU。按每人 { $target } tokens/s 计，可同时服务 { $at_target_n ->
    [one] 1 个用户
   *[other] { $at_target } 个用户
}。
field-concurrency = 并发数（同时在线用户）
field-target-tokens-per-s = 每用户目标 tokens/s
opt-estimate-concurrency = 并发数
    .description = 同时服务的用户数：每人 tokens/s、首个 token 时间和每百万 token 费用
