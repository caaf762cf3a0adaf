# Padrões para quem não cita placa (src/runtime/choice.rs, src/recommend.rs): cada linha
# runtime-why-* vem depois de "o perfil { $runtime }, " em assumed-runtime-why.
runtime-why-one-card = um GGUF Q4_K_M dele cabe numa GeForce, e é isso que o pessoal baixa e roda (direto ou via Ollama e LM Studio)
runtime-why-large = mesmo em 4 bits ele precisa de mais de uma GeForce, então é servido em placas de datacenter, no formato em que o checkpoint vem
runtime-why-buying = o que se compra uma placa para rodar: um GGUF Q4_K_M no llama.cpp, Ollama ou LM Studio
tag-best-value = mais velocidade pelo preço
why-best-value = o maior número de tokens por segundo por dólar
runtime-why-checkpoint = o checkpoint do próprio repo, como está: os safetensors dele são servidos com o vLLM (o llama.cpp precisa de um arquivo GGUF)
