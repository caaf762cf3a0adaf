# El tamaño de un archivo GGUF de la lista da los pesos (data/checkpoints.json).
checkpoint-file-weights = pesos: { $gib } GiB, el tamaño del archivo { $tag } en { $repo } (los tensores como el archivo los mezcla, no un número nominal de bits por peso).
