speed-at-load = Con { $users_n ->
    [one] un usuario
   *[other] { $users } usuarios a la vez
}: unos { $speed } tokens/s para cada uno, primer token en unos { $ttft } s, { $per_gpu } tokens/s por GPU.
speed-at-load-price = Rentando: unos { $usd } USD por millón de tokens generados con esta carga.
speed-users-at-target = A { $target } tokens/s para cada uno, atiende a { $at_target_n ->
    [one] un usuario
   *[other] { $at_target } usuarios
} a la vez.
speed-at-load-over-memory = La caché KV solo admite { $max_n ->
    [one] una petición
   *[other] { $max } peticiones
} de este contexto a la vez: baja el contexto o agrega más GPU. A { $target } tokens/s para cada uno, atiende a { $at_target_n ->
    [one] un usuario
   *[other] { $at_target } usuarios
} a la vez.
field-concurrency = concurrencia (usuarios a la vez)
field-target-tokens-per-s = tokens/s deseados por usuario
opt-estimate-concurrency = concurrencia
    .description = Usuarios atendidos a la vez: tokens/s de cada uno, tiempo al primer token y USD por millón de tokens
