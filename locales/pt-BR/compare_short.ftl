# A comparison at chat length: the verdict, one short line per setup (render/compare_short.rs).
compare-short-tensor = FP16 { $fp16 } TFLOPS
compare-short-tensor-fp8 = FP16 { $fp16 } / FP8 { $fp8 } TFLOPS
compare-short-nvlink = NVLink { $version }
compare-short-no-nvlink = sem NVLink
compare-short-price-street = { $price } hoje
compare-short-price-launch = { $price } no lançamento
compare-short-runs = 4 bits: até { $model }
compare-short-runs-none = 4 bits: nenhum dos modelos populares
compare-chat-more = As fichas técnicas completas (consumo, ECC, preço na nuvem, o que roda em 16 bits): use `--full`.
compare-setups-4bit = 4 bits
compare-setups-runs = { $setup }: { $memory } GB, roda { $model } em { $format }
compare-setups-also = { $setup }: { $memory } GB, também roda
compare-setups-not = { $setup }: { $memory } GB, não roda
compare-setups-not-upto = { $setup }: { $memory } GB, não roda (vai até { $model })
compare-usual =
    { $where ->
        [local] Para LLMs locais,
       *[other] Para LLMs,
    } a { $cheap } entrega { $memory } e { $bandwidth }% da largura de banda da { $dear } por { $price }% do preço
compare-usual-memory-same = os mesmos { $gb } GB
compare-usual-memory-more = { $gb } GB ({ $diff } GB a mais)
compare-usual-memory-less = { $gb } GB ({ $diff } GB a menos)
compare-usual-dear = a { $dear } { $pluses }
compare-usual-prefill = faz o prefill cerca de { $ratio } × mais rápido
compare-usual-decode = gera tokens cerca de { $ratio } × mais rápido
compare-usual-fp8 = roda FP8
compare-usual-and = {" e "}
button-full-specs = Fichas completas
