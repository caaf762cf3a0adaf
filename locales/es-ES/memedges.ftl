# Límites de memoria de los motores: flash attention en llama.cpp / Ollama, lo que vLLM reserva después del perfil de arranque.
field-flash-attention = flash attention
field-max-num-seqs = máximo de secuencias por paso (max_num_seqs)
note-flash-attention-off = Flash attention está apagado: el buffer de cómputo de cada GPU guarda los scores de atención de un micro-batch de 512 tokens sobre todo el contexto, { $gib } GiB. Actívalo con `-fa on` para eliminarlos.
note-flash-attention-off-ollama = Flash attention está apagado: el buffer de cómputo de cada GPU guarda los scores de atención de un micro-batch de 512 tokens sobre todo el contexto, { $gib } GiB. Inicia el servidor con `OLLAMA_FLASH_ATTENTION=1` para eliminarlos.
note-startup-shortfall = vLLM se detendría al arrancar: después de su perfil de memoria todavía ocupa unos { $after } GiB por GPU (CUDA graphs para cada tamaño de batch, buffers de all-reduce, el calentamiento del sampler), más que los { $left } GiB que deja `--gpu-memory-utilization { $util }`. Arráncalo con `--gpu-memory-utilization { $lower }`.

field-limit-mm-per-prompt = elementos por prompt de cada modalidad (limit_mm_per_prompt)
note-encoder-profile = Al arrancar, vLLM pasa su encoder de visión por un video ficticio tan largo como el contexto ({ $tokens } tokens) y guarda sus embeddings mientras mide la memoria: unos { $gib } GiB por GPU que salen de la caché KV. Si solo vas a servir imágenes, `--limit-mm-per-prompt '{"{"}"image":1,"video":0{"}"}'` hace el perfil con una sola imagen.
answer-setup-speed-users = ≈{ $tps } tokens/s por usuario con { $users } usuarios
