# Controles "e se" sob uma resposta no Discord, o layout para celular e a abertura da
# resposta quando o formato que a pessoa não informou não cabe nas placas dela.

answer-best-fit = ℹ️ No formato original, { $native }, não cabe em { $setup } ({ $native_per_gpu } GiB por GPU de { $usable } GiB utilizáveis). Em **{ $precision }** ({ $bits } bits) cabe: { $per_gpu } GiB por GPU, e esta resposta é para esse formato.

# Runtimes pelos nomes que as pessoas conhecem.
runtime-transformers = Hugging Face transformers
runtime-vllm = vLLM
runtime-sglang = SGLang
runtime-llama-cpp = llama.cpp
runtime-ollama = Ollama

controls-precision-placeholder = Testar outro formato
controls-context-placeholder = Testar outro tamanho de contexto
controls-runtime-placeholder = Testar outro runtime
controls-setup-placeholder = Testar outra placa ou quantidade
controls-ram-placeholder = Largura de banda da sua RAM (velocidade com offload)
controls-ram-option = { $memory }: { $bandwidth } GB/s
controls-ram-speed = com offload, cerca de { $speed } tokens/s
controls-ram-ddr4-dual = DDR4-3200 em dual channel
controls-ram-ddr5-dual = DDR5-5600 em dual channel
controls-ram-ddr5-quad = DDR5-5200 em quad channel
controls-ram-ddr5-8ch = servidor DDR5-4800, 8 canais
controls-ram-ddr5-12ch = servidor DDR5-4800, 12 canais
controls-option-fits = { $per_gpu } GiB por GPU · cabe
controls-option-no-fit = { $per_gpu } GiB por GPU · não cabe
controls-option-native = { $precision } (o do próprio modelo)
controls-option-bits = { $bits } bits por peso
controls-context-option = { $tokens } tokens
controls-context-max = { $tokens } tokens (o máximo do modelo)
controls-make-it-fit = Fazer caber
controls-levers-title = Como fazer caber
controls-levers-none = Nenhuma mudança sozinha faz caber nestas GPUs.
controls-not-yours = Só quem perguntou pode mudar esta resposta. Faça sua própria pergunta para testar outras opções.
controls-setup-short = { $setup } · { $per_gpu } GiB/GPU
controls-prices-title = Por que cada opção, e o preço
# The rule of thumb's formula and result, under the field titled with its name.
controls-rule = P × 4 bytes × Q/32 × 1,2 = **{ $rule_gib } GiB**.
