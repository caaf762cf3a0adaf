# A quantized KV cache asked with flash attention off, in llama.cpp or Ollama: the cache is sized at 16 bits.
assumed-kv-needs-flash-attention = KV cache 按 16 位计算，而不是 { $kv }：{ $runtime } 只有开启 flash attention 时才能量化它，而你关闭了它
