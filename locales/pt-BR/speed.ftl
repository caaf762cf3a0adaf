speed-at-load = Com { $users_n ->
    [one] um usuário
   *[other] { $users } usuários ao mesmo tempo
}: cerca de { $speed } tokens/s para cada um, primeiro token em cerca de { $ttft } s, { $per_gpu } tokens/s por GPU.
speed-at-load-price = Alugando: cerca de US$ { $usd } por milhão de tokens gerados com essa carga.
speed-users-at-target = A { $target } tokens/s para cada um, atende { $at_target_n ->
    [one] um usuário
   *[other] { $at_target } usuários
} ao mesmo tempo.
speed-at-load-over-memory = O cache KV só comporta { $max_n ->
    [one] uma requisição
   *[other] { $max } requisições
} desse contexto ao mesmo tempo: reduza o contexto ou adicione GPUs. A { $target } tokens/s para cada um, atende { $at_target_n ->
    [one] um usuário
   *[other] { $at_target } usuários
} ao mesmo tempo.
field-concurrency = concorrência (usuários ao mesmo tempo)
field-target-tokens-per-s = tokens/s desejados por usuário
opt-estimate-concurrency = concorrência
    .description = Usuários ao mesmo tempo: tokens/s de cada um, tempo até o 1º token e US$ por milhão de tokens
