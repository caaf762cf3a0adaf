# A quantized KV cache asked with flash attention off, in llama.cpp or Ollama: the cache is sized at 16 bits.
assumed-kv-needs-flash-attention = KV cache em 16 bits, não em { $kv }: o { $runtime } só quantiza o cache com flash attention ligado, e você desligou
