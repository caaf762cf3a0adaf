# A comparison at chat length: the verdict, one short line per setup (render/compare_short.rs).
compare-short-tensor = FP16 { $fp16 } TFLOPS
compare-short-tensor-fp8 = FP16 { $fp16 } / FP8 { $fp8 } TFLOPS
compare-short-nvlink = NVLink { $version }
compare-short-no-nvlink = sin NVLink
compare-short-price-street = { $price } hoy
compare-short-price-launch = { $price } de lanzamiento
compare-short-runs = 4 bits: hasta { $model }
compare-short-runs-none = 4 bits: ninguno de los modelos populares
compare-chat-more = Las fichas técnicas completas (consumo, ECC, precio en la nube, qué funciona en 16 bits): agrega `--full`.
compare-setups-4bit = 4 bits
compare-setups-runs = { $setup }: { $memory } GB, { $model } funciona en { $format }
compare-setups-also = { $setup }: { $memory } GB, también funciona
compare-setups-not = { $setup }: { $memory } GB, no funciona
compare-setups-not-upto = { $setup }: { $memory } GB, no funciona (llega hasta { $model })
compare-usual =
    { $where ->
        [local] Para LLMs locales,
       *[other] Para LLMs,
    } la { $cheap } te da { $memory } y el { $bandwidth } % del ancho de banda de la { $dear } por el { $price } % del precio
compare-usual-memory-same = los mismos { $gb } GB
compare-usual-memory-more = { $gb } GB ({ $diff } GB más)
compare-usual-memory-less = { $gb } GB ({ $diff } GB menos)
compare-usual-dear = la { $dear } { $pluses }
compare-usual-prefill = hace el prefill unas { $ratio } × más rápido
compare-usual-decode = genera tokens unas { $ratio } × más rápido
compare-usual-fp8 = soporta FP8
compare-usual-and = {" y "}
button-full-specs = Fichas completas
