# O tamanho de um arquivo GGUF da lista dá os pesos (data/checkpoints.json).
checkpoint-file-weights = pesos: { $gib } GiB, o tamanho do arquivo { $tag } em { $repo } (os tensores como o arquivo os mistura, não um número nominal de bits por peso).
