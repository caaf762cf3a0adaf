# A quantized KV cache asked with flash attention off, in llama.cpp or Ollama: the cache is sized at 16 bits.
assumed-kv-needs-flash-attention = KV cache en 16 bits, no en { $kv }: { $runtime } solo lo cuantiza con flash attention activado, y lo desactivaste
