# Limites de memória dos motores: flash attention no llama.cpp / Ollama, o que o vLLM aloca depois do perfil de inicialização.
field-flash-attention = flash attention
field-max-num-seqs = máximo de sequências por passo (max_num_seqs)
note-flash-attention-off = O flash attention está desligado: o buffer de computação de cada GPU guarda os scores de atenção de um micro-batch de 512 tokens sobre o contexto inteiro, { $gib } GiB. Ligue com `-fa on` para eliminá-los.
note-flash-attention-off-ollama = O flash attention está desligado: o buffer de computação de cada GPU guarda os scores de atenção de um micro-batch de 512 tokens sobre o contexto inteiro, { $gib } GiB. Inicie o servidor com `OLLAMA_FLASH_ATTENTION=1` para eliminá-los.
note-startup-shortfall = O vLLM pararia na inicialização: depois do perfil de memória ele ainda aloca cerca de { $after } GiB por GPU (CUDA graphs para cada tamanho de batch, buffers de all-reduce, o aquecimento do sampler), mais que os { $left } GiB que `--gpu-memory-utilization { $util }` deixa livres. Inicie com `--gpu-memory-utilization { $lower }`.

field-limit-mm-per-prompt = itens por prompt de cada modalidade (limit_mm_per_prompt)
note-encoder-profile = Na inicialização o vLLM roda o encoder de visão num vídeo fictício do tamanho do contexto ({ $tokens } tokens) e guarda os embeddings enquanto mede a memória: cerca de { $gib } GiB por GPU tirados do cache KV. Se você só vai servir imagens, `--limit-mm-per-prompt '{"{"}"image":1,"video":0{"}"}'` faz o perfil com uma imagem só.
answer-setup-speed-users = ≈{ $tps } tokens/s por usuário com { $users } usuários
