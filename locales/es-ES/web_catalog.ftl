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
# Los menús de rango junto a la búsqueda: tamaño del modelo (miles de millones de
# parámetros, total), memoria de la GPU y su precio actual.
web-catalog-size = Tamaño
web-catalog-size-any = Cualquier tamaño
web-catalog-size-up-to = menos de { $max }B
web-catalog-size-between = { $min }–{ $max }B
web-catalog-size-over = { $min }B o más
web-catalog-memory = Memoria
web-catalog-memory-any = Cualquier memoria
web-catalog-memory-at-least = { $gb } GB o más
web-catalog-price = Precio
web-catalog-price-any = Cualquier precio
web-catalog-price-up-to = hasta { $price }
