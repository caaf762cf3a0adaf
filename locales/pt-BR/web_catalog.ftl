# Busca, filtro e páginas do catálogo, /models e /gpus (pt-BR).

web-catalog-search = Buscar pelo nome
web-catalog-group = Família ou fabricante
web-catalog-all = Todos
web-catalog-filter = Filtrar
web-catalog-matched = { $count ->
    [one] { $n } resultado
   *[other] { $n } resultados
}
web-catalog-pages = Páginas
web-catalog-prev = Anterior
web-catalog-next = Próxima
# Os menus de faixa ao lado da busca: tamanho do modelo (bilhões de parâmetros, total),
# memória da GPU e preço atual.
web-catalog-size = Tamanho
web-catalog-size-any = Qualquer tamanho
web-catalog-size-up-to = abaixo de { $max }B
web-catalog-size-between = { $min }–{ $max }B
web-catalog-size-over = { $min }B ou mais
web-catalog-memory = Memória
web-catalog-memory-any = Qualquer memória
web-catalog-memory-at-least = { $gb } GB ou mais
web-catalog-price = Preço
web-catalog-price-any = Qualquer preço
web-catalog-price-up-to = até { $price }
