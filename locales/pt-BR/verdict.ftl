# O veredito: uma frase que responde à pergunta, primeiro em todo tipo de resposta.
verdict-estimate = Roda em { $setup }.
verdict-compare-one = { $memory_gpu }: { $memory } GB de memória a { $bandwidth } GB/s.
verdict-compare-both = A { $memory_gpu } ganha nos dois pontos que importam para LLMs: mais memória ({ $memory } GB) e a memória mais rápida ({ $bandwidth } GB/s).
verdict-compare-split = Para LLMs: a { $memory_gpu } tem mais memória ({ $memory } GB), então roda os modelos maiores; a { $bandwidth_gpu } tem a memória mais rápida ({ $bandwidth } GB/s), então gera mais rápido.
verdict-fit = Na { $setup }: { $tiers }.
verdict-fit-tier = em { $bits } bits até { $largest }
verdict-fit-tier-none = em { $bits } bits nenhum
verdict-buy-cheapest = Nada dentro de { $budget } roda { $model } em { $format }; a configuração mais barata em que roda: { $line }.
verdict-buy-none = Nada no catálogo roda { $model } com { $budget }.
verdict-cards = O melhor com { $budget }: { $gpu }, a maior memória que dá pra comprar ({ $memory } GB, { $price }).
verdict-cards-none = Nenhuma placa do catálogo custa { $budget } ou menos.
verdict-compare-same-memory = Para LLMs: a mesma memória ({ $memory } GB) em todas, então rodam os mesmos modelos; a { $bandwidth_gpu } tem a memória mais rápida ({ $bandwidth } GB/s), então gera mais rápido.
