# What a budget buys (issue 33 / 35): the table, the format it was sized in, the dated rate.
buy-rate-date = { $month } { $day }, { $year }
buy-month-1 = January
buy-month-2 = February
buy-month-3 = March
buy-month-4 = April
buy-month-5 = May
buy-month-6 = June
buy-month-7 = July
buy-month-8 = August
buy-month-9 = September
buy-month-10 = October
buy-month-11 = November
buy-month-12 = December
buy-model-generic = a { $size }B model
buy-price-kind = { $price }, { $kind }
buy-used = used
buy-setup-one = one { $gpu }
buy-setup-one-used = one used { $gpu }
buy-setup-many = { $count } × { $gpu }
buy-setup-many-used = { $count } used { $gpu } cards
buy-row = { $setup } · { $price } ({ $kind }) · { $format } · ≈{ $speed } tokens/s · { $spare } GB free
buy-format-gguf = Sized as a { $format } GGUF with llama.cpp (the same files Ollama and LM Studio run): the format people buy cards for at this budget.
buy-format-gguf-lower = Nothing within the budget holds it at Q4_K_M: sized as a { $format } GGUF with llama.cpp, a smaller quant that loses more quality.
buy-more = …and { $count } more setups in the full answer (--full).
verdict-buy-best = Best for { $budget }: { $setup } ({ $price }) { $count ->
        [one] runs
       *[other] run
    } { $model } at { $format }{ $speed }{ $step }.
verdict-buy-speed = , about { $speed } tokens/s
verdict-buy-step-same = ; the same setup runs it at { $format } too{ $speed }
verdict-buy-step-more = ; { $n ->
        [two] two
        [three] three
        [four] four
       *[many] { $count }
    } of them run it at { $format } ({ $price }){ $speed }
verdict-buy-step-other = ; { $setup } ({ $price }) { $count ->
        [one] runs
       *[other] run
    } it at { $format }{ $speed }
fit-title = What fits on { $setup }, by format
fit-group = At { $bits } bits ({ $format }, { $runtime }):
fit-group-none = nothing fits at { $format }
fit-more = …and { $count } more in the full answer (--full).
buy-card-runs = up to { $model } at Q4_K_M
verdict-cards-runs = Best for { $budget }: { $gpu } ({ $memory } GB, { $price }), the most memory the money buys: it runs models up to { $model } at Q4_K_M{ $pair }.
verdict-cards-pair = ; two { $gpu } cards ({ $price }, { $memory } GB) run up to { $model }
