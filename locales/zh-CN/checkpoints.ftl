# 列表中 GGUF 文件的大小即权重大小（data/checkpoints.json）。
checkpoint-file-weights = 权重：{ $gib } GiB，即 { $repo } 中 { $tag } 文件的大小（按文件实际混合的张量类型计，而非名义每权重位数）。
