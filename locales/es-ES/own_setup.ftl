# El veredicto de una estimación en la configuración de quien pregunta (sí, quizás o no, con
# la memoria y la velocidad), la línea sobre el formato original cuando la respuesta es para
# otro, y qué hacer más allá de sus tarjetas cuando no alcanzan.
verdict-job = { $model } en { $precision }
verdict-job-training = { $model } ({ $mode }, { $precision })
verdict-memory = { $many ->
    [yes] { $used } de { $usable } GiB por GPU
   *[no] { $used } de { $usable } GiB
}
verdict-speed = , unos { $tps } tokens/s
verdict-yes = { $many ->
    [yes] Sí: { $job } funciona en tus { $setup } con { $runtime }: { $memory }{ $speed }.
   *[no] Sí: { $job } funciona en tu { $setup } con { $runtime }: { $memory }{ $speed }.
}
verdict-yes-training = { $many ->
    [yes] Sí: { $job } cabe en tus { $setup }: { $memory }.
   *[no] Sí: { $job } cabe en tu { $setup }: { $memory }.
}
verdict-tight = { $many ->
    [yes] Quizás: { $job } en tus { $setup } con { $runtime } necesita { $memory }, dentro del margen de error de ±{ $band }% de esta estimación.
   *[no] Quizás: { $job } en tu { $setup } con { $runtime } necesita { $memory }, dentro del margen de error de ±{ $band }% de esta estimación.
}
verdict-tight-training = { $many ->
    [yes] Quizás: { $job } en tus { $setup } necesita { $memory }, dentro del margen de error de ±{ $band }% de esta estimación.
   *[no] Quizás: { $job } en tu { $setup } necesita { $memory }, dentro del margen de error de ±{ $band }% de esta estimación.
}
verdict-no = { $many ->
    [yes] No: { $job } necesita { $need } GiB por GPU con { $runtime }, más que los { $usable } GiB de cada una de tus { $setup }.
   *[no] No: { $job } necesita { $need } GiB con { $runtime }, más que los { $usable } GiB de tu { $setup }.
}
verdict-no-training = { $many ->
    [yes] No: { $job } necesita { $need } GiB por GPU, más que los { $usable } GiB de cada una de tus { $setup }.
   *[no] No: { $job } necesita { $need } GiB, más que los { $usable } GiB de tu { $setup }.
}
answer-native-format = En su formato original ({ $native }) necesita { $native_per_gpu } GiB por GPU, así que esta respuesta es para { $precision }, el formato más grande que cabe con holgura.
next-steps-title = Otras formas de correrlo
next-step-more = Más tarjetas como la tuya: { $setup } en { $precision }, { $per_gpu } GiB por GPU{ $speed }
next-step-rent = Rentar: { $setup } ({ $precision }) a { $price } la hora{ $speed }
next-step-buy = Comprar: { $setup } ({ $precision }) por { $price }{ $speed }
next-step-speed = {" "}· ≈{ $tps } tokens/s
verdict-no-startup = { $many ->
    [yes] No: { $job } ocupa { $need } de los { $usable } GiB de cada una de tus { $setup } con { $runtime }, pero vLLM se detendría al arrancar con ese `--gpu-memory-utilization`: arráncalo con { $lower }.
   *[no] No: { $job } ocupa { $need } de los { $usable } GiB de tu { $setup } con { $runtime }, pero vLLM se detendría al arrancar con ese `--gpu-memory-utilization`: arráncalo con { $lower }.
}
