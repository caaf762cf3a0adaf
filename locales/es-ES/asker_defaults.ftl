# Valores por defecto para quien no nombra tarjeta (src/runtime/choice.rs, src/recommend.rs):
# cada línea runtime-why-* va después de "el perfil { $runtime }, " en assumed-runtime-why.
runtime-why-one-card = un GGUF Q4_K_M cabe en una GeForce, y es lo que la gente descarga y ejecuta (directo o con Ollama y LM Studio)
runtime-why-large = aun en 4 bits necesita más de una GeForce, así que se sirve en tarjetas de datacenter, en el formato en que viene el checkpoint
runtime-why-buying = para lo que la gente compra una tarjeta: un GGUF Q4_K_M con llama.cpp, Ollama o LM Studio
tag-best-value = más velocidad por el precio
why-best-value = la mayor cantidad de tokens por segundo por dólar
runtime-why-checkpoint = el checkpoint del propio repo, tal cual: sus safetensors se sirven con vLLM (llama.cpp necesita un archivo GGUF)
