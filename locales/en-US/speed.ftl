speed-at-load = With { $users_n ->
    [one] one user
   *[other] { $users } users at once
}: about { $speed } tokens/s each, first token in about { $ttft } s, { $per_gpu } tokens/s per GPU.
speed-at-load-price = Rented: about ${ $usd } per million output tokens at this load.
speed-users-at-target = At { $target } tokens/s each, it serves { $at_target_n ->
    [one] one user
   *[other] { $at_target } users
} at once.
speed-at-load-over-memory = The KV cache holds only { $max_n ->
    [one] one request
   *[other] { $max } requests
} of this context at once: lower the context or add GPUs. At { $target } tokens/s each, it serves { $at_target_n ->
    [one] one user
   *[other] { $at_target } users
} at once.
field-concurrency = concurrency (users at once)
field-target-tokens-per-s = target tokens/s per user
opt-estimate-concurrency = concurrency
    .description = Users served at once: each one's tokens/s, time to first token and $ per million tokens
