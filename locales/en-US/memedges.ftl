# Engine memory edges: flash attention in llama.cpp / Ollama, what vLLM takes after its start-up profile.
field-flash-attention = flash attention
field-max-num-seqs = max sequences per step (max_num_seqs)
note-flash-attention-off = Flash attention is off: each GPU's compute buffer holds a 512-token micro-batch's attention scores over the whole context, { $gib } GiB. Turn it on with `-fa on` to drop them.
note-flash-attention-off-ollama = Flash attention is off: each GPU's compute buffer holds a 512-token micro-batch's attention scores over the whole context, { $gib } GiB. Start the server with `OLLAMA_FLASH_ATTENTION=1` to drop them.
note-startup-shortfall = vLLM would stop at start-up: after its memory profile it still takes about { $after } GiB per GPU (CUDA graphs for each batch size, all-reduce buffers, the sampler's warm-up), more than the { $left } GiB that `--gpu-memory-utilization { $util }` leaves. Start it with `--gpu-memory-utilization { $lower }`.

field-limit-mm-per-prompt = items per prompt of each modality (limit_mm_per_prompt)
note-encoder-profile = At start-up vLLM runs its vision encoder on a dummy video as long as the context ({ $tokens } tokens) and keeps its embeddings while it measures memory: about { $gib } GiB per GPU taken from the KV cache. Serving images only, `--limit-mm-per-prompt '{"{"}"image":1,"video":0{"}"}'` profiles one image instead.
answer-setup-speed-users = ≈{ $tps } tokens/s each at { $users } users
