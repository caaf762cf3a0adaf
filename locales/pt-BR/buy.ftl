# O que um orçamento compra (issues 33 e 35): a tabela, o formato usado no cálculo, o câmbio com data.
buy-rate-date = { $day } de { $month } de { $year }
buy-month-1 = janeiro
buy-month-2 = fevereiro
buy-month-3 = março
buy-month-4 = abril
buy-month-5 = maio
buy-month-6 = junho
buy-month-7 = julho
buy-month-8 = agosto
buy-month-9 = setembro
buy-month-10 = outubro
buy-month-11 = novembro
buy-month-12 = dezembro
buy-model-generic = um modelo de { $size }B
buy-price-kind = { $price }, { $kind }
buy-used = usada
buy-setup-one = uma { $gpu }
buy-setup-one-used = uma { $gpu } usada
buy-setup-many = { $count } × { $gpu }
buy-setup-many-used = { $count } × { $gpu } usadas
buy-row = { $setup } · { $price } ({ $kind }) · { $format } · ≈{ $speed } tokens/s · { $spare } GB livres
buy-format-gguf = Calculado para um GGUF { $format } no llama.cpp (os mesmos arquivos que o Ollama e o LM Studio rodam): é pra esse formato que se compra placa nessa faixa de preço.
buy-format-gguf-lower = Nada dentro do orçamento comporta o modelo em Q4_K_M: calculado para um GGUF { $format } no llama.cpp, uma quantização menor que perde mais qualidade.
buy-more = …e mais { $count } configurações na resposta completa (--full).
verdict-buy-best = O melhor com { $budget }: { $setup } ({ $price }) { $count ->
        [one] roda
       *[other] rodam
    } { $model } em { $format }{ $speed }{ $step }.
verdict-buy-speed = , a uns { $speed } tokens/s
verdict-buy-step-same = ; a mesma configuração também roda em { $format }{ $speed }
verdict-buy-step-more = ; { $n ->
        [two] duas
        [three] três
        [four] quatro
       *[many] { $count }
    } rodam em { $format } ({ $price }){ $speed }
verdict-buy-step-other = ; { $setup } ({ $price }) { $count ->
        [one] roda
       *[other] rodam
    } em { $format }{ $speed }
fit-title = O que cabe na { $setup }, por formato
fit-group = Em { $bits } bits ({ $format }, { $runtime }):
fit-group-none = nada cabe em { $format }
fit-more = …e mais { $count } na resposta completa (--full).
buy-card-runs = até { $model } em Q4_K_M
verdict-cards-runs = O melhor com { $budget }: { $gpu } ({ $memory } GB, { $price }), a maior memória que dá pra comprar: roda modelos até o { $model } em Q4_K_M{ $pair }.
verdict-cards-pair = ; duas { $gpu } ({ $price }, { $memory } GB) rodam até o { $model }
