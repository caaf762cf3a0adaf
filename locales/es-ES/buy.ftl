# Lo que compra un presupuesto (issues 33 y 35): la tabla, el formato del cálculo, el tipo de cambio con fecha.
buy-rate-date = { $day } de { $month } de { $year }
buy-month-1 = enero
buy-month-2 = febrero
buy-month-3 = marzo
buy-month-4 = abril
buy-month-5 = mayo
buy-month-6 = junio
buy-month-7 = julio
buy-month-8 = agosto
buy-month-9 = septiembre
buy-month-10 = octubre
buy-month-11 = noviembre
buy-month-12 = diciembre
buy-model-generic = un modelo de { $size }B
buy-price-kind = { $price }, { $kind }
buy-used = usada
buy-setup-one = una { $gpu }
buy-setup-one-used = una { $gpu } usada
buy-setup-many = { $count } × { $gpu }
buy-setup-many-used = { $count } × { $gpu } usadas
buy-row = { $setup } · { $price } ({ $kind }) · { $format } · ≈{ $speed } tokens/s · { $spare } GB libres
buy-format-gguf = Calculado para un GGUF { $format } con llama.cpp (los mismos archivos que usan Ollama y LM Studio): el formato para el que se compran tarjetas con este presupuesto.
buy-format-gguf-lower = Nada dentro del presupuesto lo aloja en Q4_K_M: calculado para un GGUF { $format } con llama.cpp, una cuantización más chica que pierde más calidad.
buy-more = …y { $count } configuraciones más en la respuesta completa (--full).
verdict-buy-best = Lo mejor con { $budget }: { $setup } ({ $price }) { $count ->
        [one] ejecuta
       *[other] ejecutan
    } { $model } en { $format }{ $speed }{ $step }.
verdict-buy-speed = , a unos { $speed } tokens/s
verdict-buy-step-same = ; la misma configuración también lo ejecuta en { $format }{ $speed }
verdict-buy-step-more = ; { $n ->
        [two] dos
        [three] tres
        [four] cuatro
       *[many] { $count }
    } lo ejecutan en { $format } ({ $price }){ $speed }
verdict-buy-step-other = ; { $setup } ({ $price }) lo { $count ->
        [one] ejecuta
       *[other] ejecutan
    } en { $format }{ $speed }
fit-title = Lo que cabe en { $setup }, por formato
fit-group = En { $bits } bits ({ $format }, { $runtime }):
fit-group-none = nada cabe en { $format }
fit-more = …y { $count } más en la respuesta completa (--full).
buy-card-runs = hasta { $model } en Q4_K_M
verdict-cards-runs = Lo mejor con { $budget }: { $gpu } ({ $memory } GB, { $price }), la mayor memoria que alcanza a comprar: ejecuta modelos de hasta { $model } en Q4_K_M{ $pair }.
verdict-cards-pair = ; dos { $gpu } ({ $price }, { $memory } GB) ejecutan hasta { $model }
