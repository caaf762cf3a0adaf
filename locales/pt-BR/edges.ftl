# Números além de qualquer valor ou tamanho que o guia entenda (issue 32).
error-out-of-range = “{ $input }” é grande demais para qualquer orçamento, memória, modelo ou contexto que o guia calcula. Escreva o número que você quer dizer, por exemplo “até R$ 10 mil” ou “24 GB”.
