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
