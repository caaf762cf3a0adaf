# Defaults for an asker who names no card (src/runtime/choice.rs, src/recommend.rs): each
# runtime-why-* line follows "the { $runtime } profile, " in assumed-runtime-why.
runtime-why-one-card = a Q4_K_M GGUF of it fits one GeForce card, and that is what people download and run (directly or through Ollama and LM Studio)
runtime-why-large = even at 4 bits it needs more than one GeForce card, so it is served on datacenter cards, in the format the checkpoint ships in
runtime-why-buying = what people buy a card for: a Q4_K_M GGUF run with llama.cpp, Ollama or LM Studio
tag-best-value = most speed for the money
why-best-value = the most tokens per second for each dollar
runtime-why-checkpoint = the repo's own checkpoint as it is: its safetensors are served with vLLM (llama.cpp needs a GGUF file)
