# The runtime chosen for the asker (src/runtime/choice.rs): { $runtime } is the profile,
# { $why } one of the runtime-why-* lines, { $other } a runtime name the asker can type.
assumed-runtime-why = the { $runtime } profile, { $why } (say “with { $other }” for another)
runtime-why-gguf = a GGUF file runs on llama.cpp, as in Ollama and LM Studio
runtime-why-consumer = what GeForce owners run, directly or through Ollama and LM Studio
runtime-why-workstation = what a workstation card on a desk usually runs
runtime-why-radeon = what Radeon owners run (ROCm or Vulkan builds)
runtime-why-mac = what Mac owners run, on Metal (MLX is the other common choice)
runtime-why-unified = what people run on unified-memory machines
runtime-why-datacenter = how models are served on datacenter cards
runtime-why-serving = the usual engine for serving several users
runtime-why-mla = its docs recommend it for multi-head latent attention models such as DeepSeek
