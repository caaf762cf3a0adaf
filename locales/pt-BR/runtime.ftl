# O runtime escolhido para quem pergunta (src/runtime/choice.rs).
assumed-runtime-why = o perfil { $runtime }, { $why } (diga “com { $other }” para outro)
runtime-why-gguf = arquivo GGUF roda no llama.cpp, como no Ollama e no LM Studio
runtime-why-consumer = o que quem tem GeForce usa, direto ou via Ollama e LM Studio
runtime-why-workstation = o que normalmente se roda numa placa de workstation
runtime-why-radeon = o que quem tem Radeon usa (builds ROCm ou Vulkan)
runtime-why-mac = o que se usa no Mac, com Metal (o MLX é a outra opção comum)
runtime-why-unified = o que se usa em máquinas com memória unificada
runtime-why-datacenter = como se servem modelos em placas de datacenter
runtime-why-serving = o motor de costume para servir vários usuários
runtime-why-mla = a documentação dele o recomenda para modelos com multi-head latent attention, como o DeepSeek
