# El runtime elegido para quien pregunta (src/runtime/choice.rs).
assumed-runtime-why = el perfil { $runtime }, { $why } (escribe “con { $other }” para otro)
runtime-why-gguf = un archivo GGUF se ejecuta en llama.cpp, como en Ollama y LM Studio
runtime-why-consumer = lo que usan quienes tienen una GeForce, directo o con Ollama y LM Studio
runtime-why-workstation = lo que se suele usar en una tarjeta de workstation
runtime-why-radeon = lo que usan quienes tienen una Radeon (builds ROCm o Vulkan)
runtime-why-mac = lo que se usa en una Mac, con Metal (MLX es la otra opción común)
runtime-why-unified = lo que se usa en equipos con memoria unificada
runtime-why-datacenter = como se sirven modelos en tarjetas de datacenter
runtime-why-serving = el motor habitual para servir a varios usuarios
runtime-why-mla = su documentación lo recomienda para modelos con multi-head latent attention, como DeepSeek
