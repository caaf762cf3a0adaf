# Erros da API JSON: o parâmetro cujo valor foi recusado e o que havia de errado.
api-error-parameter = Parâmetro “{ $name }”: { $message }
api-need-model = Informe “model” (um id do catálogo ou um repositório do Hugging Face) ou “params_b” (o tamanho em bilhões de parâmetros).
