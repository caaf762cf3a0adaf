# "X en A o necesito B": el modelo en cada configuración que nombra la pregunta, sí, quizás o
# no en cada una, con la memoria por GPU y la velocidad. El modelo y el runtime se nombran una
# vez, en la primera parte; las demás siguen en la misma oración.
verdict-each = { $first }{ $rest }.
verdict-each-first = { $outcome ->
    [yes] Sí con { $setup }: { $job } con { $runtime } ocupa { $used } de { $usable } GiB por GPU{ $speed }
    [tight] Quizás con { $setup }: { $job } con { $runtime } ocupa { $used } de { $usable } GiB por GPU, dentro del margen de error de ±{ $band }% de esta estimación
    [startup] No con { $setup }: { $job } con { $runtime } ocupa { $used } de { $usable } GiB por GPU, pero vLLM se detendría al arrancar
   *[no] No con { $setup }: { $job } con { $runtime } necesita { $used } GiB por GPU, más que los { $usable } GiB de cada tarjeta
}
verdict-each-next = { $outcome ->
    [yes] ; con { $setup }, sí: { $used } de { $usable } GiB por GPU{ $speed }
    [tight] ; con { $setup }, quizás: { $used } de { $usable } GiB por GPU, dentro del margen de error de ±{ $band }%
    [startup] ; con { $setup }, no: { $used } de { $usable } GiB por GPU, pero vLLM se detendría al arrancar
   *[no] ; con { $setup }, no: necesita { $used } GiB por GPU, más que los { $usable } GiB de cada tarjeta
}
# Palancas que son un ajuste del engine: el flag que evita el out of memory al arrancar.
lever-memory-share = `--gpu-memory-utilization { $value }` (así vLLM pasa el arranque)
lever-flash-attention = flash attention activado (`-fa on`)
lever-flash-attention-ollama = flash attention activado (`OLLAMA_FLASH_ATTENTION=1`)
lever-mm-limit = solo imágenes (`--limit-mm-per-prompt '{"{"}"image":1,"video":0{"}"}'`), así el profiling de vLLM al arrancar procesa una imagen, no un video tan largo como el contexto
