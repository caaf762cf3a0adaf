# Controles «y si» bajo una respuesta de Discord, el diseño para móvil y el comienzo de la
# respuesta cuando el formato que no se indicó no cabe en las tarjetas del usuario.

answer-best-fit = ℹ️ En su formato original, { $native }, no cabe en { $setup } ({ $native_per_gpu } GiB por GPU de { $usable } GiB utilizables). En **{ $precision }** ({ $bits } bits) sí cabe: { $per_gpu } GiB por GPU, y esta respuesta es para ese formato.

# Los runtimes con el nombre que la gente conoce.
runtime-transformers = Hugging Face transformers
runtime-vllm = vLLM
runtime-sglang = SGLang
runtime-llama-cpp = llama.cpp
runtime-ollama = Ollama

controls-precision-placeholder = Probar otro formato
controls-context-placeholder = Probar otra longitud de contexto
controls-runtime-placeholder = Probar otro runtime
controls-setup-placeholder = Probar otra tarjeta u otro número
controls-ram-placeholder = Ancho de banda de tu RAM (velocidad con offload a RAM)
controls-ram-option = { $memory }: { $bandwidth } GB/s
controls-ram-speed = con offload a RAM, unos { $speed } tokens/s
controls-ram-ddr4-dual = DDR4-3200 de doble canal
controls-ram-ddr5-dual = DDR5-5600 de doble canal
controls-ram-ddr5-quad = DDR5-5200 de cuatro canales
controls-ram-ddr5-8ch = servidor DDR5-4800 de 8 canales
controls-ram-ddr5-12ch = servidor DDR5-4800 de 12 canales
controls-option-fits = { $per_gpu } GiB por GPU · cabe
controls-option-no-fit = { $per_gpu } GiB por GPU · no cabe
controls-option-native = { $precision } (el del propio modelo)
controls-option-bits = { $bits } bits por peso
controls-context-option = { $tokens } tokens
controls-context-max = { $tokens } tokens (el máximo del modelo)
controls-make-it-fit = Hacer que quepa
controls-levers-title = Cómo hacer que quepa
controls-levers-none = Ningún cambio por sí solo hace que quepa en estas GPU.
controls-not-yours = Solo quien preguntó puede cambiar esta respuesta. Haz tu propia pregunta para probar otras opciones.
controls-setup-short = { $setup } · { $per_gpu } GiB/GPU
controls-prices-title = Por qué cada opción, y su precio
# The rule of thumb's formula and result, under the field titled with its name.
controls-rule = P × 4 bytes × Q/32 × 1,2 = **{ $rule_gib } GiB**.
