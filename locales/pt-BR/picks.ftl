# Picks (pt-BR): por que cada configuração está na lista, quanto custa comprar ou alugar,
# e quantas placas cabem em uma máquina.

why-cheapest-now = a mais barata em que cabe, pelos preços de hoje
why-cheapest-at-launch = a mais barata em que cabe, pelo preço de lançamento
why-cheapest-single-card = a placa única mais barata em que cabe
why-fewest-cards = o menor número de placas em que cabe
why-fastest = a mais rápida dentro de uma única máquina
why-datacenter = o que um datacenter usaria

picks-price-street = { $price } hoje ({ $date })
picks-price-launch = { $price } no lançamento, sem preço atual encontrado
picks-cloud = { $price }/h para alugar ({ $date })
picks-per-million = ≈{ $price } por milhão de tokens gerados com { $concurrency_n ->
    [one] { $concurrency } requisição
   *[other] { $concurrency } requisições simultâneas
} de { $context } tokens

picks-box-desktop = { $count } × { $gpu } não cabem em uma máquina só: uma placa-mãe de desktop comporta no máximo { $per_box } placas de consumo, então são { $machines } máquinas em rede, o que deixa lenta a divisão do modelo. Um servidor ou placas com mais memória são uma opção melhor.
picks-box-server = { $count } × { $gpu } é mais do que um servidor comporta ({ $per_box } GPUs por nó): são { $machines } nós ligados por InfiniBand.
picks-tensor-parallel = O vLLM não consegue dividir { $heads } cabeças de atenção igualmente entre { $count } GPUs: o grau de paralelismo de tensor precisa ser um divisor delas. Rodaria como { $stages } estágios de pipeline de { $tensor } (`--pipeline-parallel-size`), o que é mais lento; com { $next } placas a divisão é exata.
