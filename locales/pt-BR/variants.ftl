# Primeira linha de uma resposta cujo nome de modelo o catálogo não tem (versão, sufixo, nome de fine-tune).
match-sized-as-closest = Não conheço { $input }; calculei como { $model }, o modelo mais próximo que conheço.
