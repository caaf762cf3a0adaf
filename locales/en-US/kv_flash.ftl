# A quantized KV cache asked with flash attention off, in llama.cpp or Ollama: the cache is sized at 16 bits.
assumed-kv-needs-flash-attention = KV cache at 16 bits, not { $kv }: { $runtime } quantizes it only with flash attention on, and you turned it off
