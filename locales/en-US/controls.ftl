# What-if controls under a Discord answer, the phone-first layout, and the answer's lead
# when the format the user did not name is too big for their cards.

answer-best-fit = ℹ️ In its own format, { $native }, it does not fit on { $setup } ({ $native_per_gpu } GiB per GPU of { $usable } GiB usable). At **{ $precision }** ({ $bits }-bit) it does: { $per_gpu } GiB per GPU, and this answer is for that format.

# Runtimes in the words people know them by.
runtime-transformers = Hugging Face transformers
runtime-vllm = vLLM
runtime-sglang = SGLang
runtime-llama-cpp = llama.cpp
runtime-ollama = Ollama

controls-precision-placeholder = Try another format
controls-context-placeholder = Try another context length
controls-runtime-placeholder = Try another runtime
controls-setup-placeholder = Try another card or count
controls-ram-placeholder = Your RAM bandwidth (offload speed)
controls-ram-option = { $memory }: { $bandwidth } GB/s
controls-ram-speed = with offload, about { $speed } tokens/s
controls-ram-ddr4-dual = DDR4-3200, dual channel
controls-ram-ddr5-dual = DDR5-5600, dual channel
controls-ram-ddr5-quad = DDR5-5200, quad channel
controls-ram-ddr5-8ch = server DDR5-4800, 8 channels
controls-ram-ddr5-12ch = server DDR5-4800, 12 channels
controls-option-fits = { $per_gpu } GiB per GPU · fits
controls-option-no-fit = { $per_gpu } GiB per GPU · does not fit
controls-option-native = { $precision } (the model's own)
controls-option-bits = { $bits } bits per weight
controls-context-option = { $tokens } tokens
controls-context-max = { $tokens } tokens (the model's maximum)
controls-make-it-fit = Make it fit
controls-levers-title = How to make it fit
controls-levers-none = No single change makes it fit on these GPUs.
controls-not-yours = Only the person who asked can change this answer. Ask your own question to try other settings.
controls-setup-short = { $setup } · { $per_gpu } GiB/GPU
controls-prices-title = Why each pick, and its price
# The rule of thumb's formula and result, under the field titled with its name.
controls-rule = P × 4 bytes × Q/32 × 1.2 = **{ $rule_gib } GiB**.
