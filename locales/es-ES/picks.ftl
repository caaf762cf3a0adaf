# Picks (es-ES): por qué está cada configuración en la lista, cuánto cuesta comprarla o
# alquilarla y cuántas tarjetas caben en una máquina.

why-cheapest-now = la más barata en la que cabe, a precios de hoy
why-cheapest-at-launch = la más barata en la que cabe según el precio de lanzamiento
why-cheapest-single-card = la tarjeta individual más barata en la que cabe
why-fewest-cards = el menor número de tarjetas en el que cabe
why-fastest = la más rápida dentro de una sola máquina
why-datacenter = lo que usaría un centro de datos

picks-price-street = { $price } hoy ({ $date })
picks-price-launch = { $price } en el lanzamiento, no encontré un precio actual
picks-cloud = { $price }/h de alquiler ({ $date })
picks-per-million = ≈{ $price } por millón de tokens generados con { $concurrency_n ->
    [one] { $concurrency } petición
   *[other] { $concurrency } peticiones simultáneas
} de { $context } tokens

picks-box-desktop = { $count } × { $gpu } no caben en una sola máquina: una placa base de sobremesa admite como mucho { $per_box } tarjetas de consumo, así que son { $machines } máquinas en red, lo que hace lento repartir un modelo. Un servidor o tarjetas con más memoria funcionan mejor.
picks-box-server = { $count } × { $gpu } es más de lo que cabe en un servidor ({ $per_box } GPU por nodo): son { $machines } nodos unidos por InfiniBand.
picks-tensor-parallel = vLLM no puede repartir { $heads } cabezas de atención a partes iguales entre { $count } GPU: el tamaño del paralelismo de tensor tiene que dividirlas. Funcionaría como { $stages } etapas de pipeline de { $tensor } (`--pipeline-parallel-size`), que es más lento; con { $next } tarjetas el reparto es exacto.
