# A listed GGUF file's size sizes the weights (data/checkpoints.json).
checkpoint-file-weights = weights: { $gib } GiB, the size of the { $tag } file in { $repo } (its tensors as the file mixes them, not a nominal bits per weight).
