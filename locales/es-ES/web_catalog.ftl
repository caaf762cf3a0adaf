# Búsqueda, filtro y páginas del catálogo, /models y /gpus (es-ES).

web-catalog-search = Buscar por nombre
web-catalog-group = Familia o fabricante
web-catalog-all = Todos
web-catalog-filter = Filtrar
web-catalog-matched = { $count ->
    [one] { $n } resultado
   *[other] { $n } resultados
}
web-catalog-pages = Páginas
web-catalog-prev = Anterior
web-catalog-next = Siguiente
