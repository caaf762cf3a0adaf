# A comparison at chat length: the verdict, one short line per setup (render/compare_short.rs).
compare-short-tensor = FP16 { $fp16 } TFLOPS
compare-short-tensor-fp8 = FP16 { $fp16 } / FP8 { $fp8 } TFLOPS
compare-short-nvlink = NVLink { $version }
compare-short-no-nvlink = no NVLink
compare-short-price-street = { $price } now
compare-short-price-launch = { $price } at launch
compare-short-runs = 4-bit: up to { $model }
compare-short-runs-none = 4-bit: none of the popular models
compare-chat-more = The full spec sheets (power, ECC, cloud price, what runs at 16 bits): add `--full`.
compare-setups-4bit = 4 bits
compare-setups-runs = { $setup }: { $memory } GB, runs { $model } at { $format }
compare-setups-also = { $setup }: { $memory } GB, runs it too
compare-setups-not = { $setup }: { $memory } GB, does not
compare-setups-not-upto = { $setup }: { $memory } GB, does not (up to { $model })
compare-usual =
    { $where ->
        [local] For local LLMs
       *[other] For LLMs
    } the { $cheap } gives { $memory } and { $bandwidth }% of the { $dear }'s bandwidth for { $price }% of the price
compare-usual-memory-same = the same { $gb } GB
compare-usual-memory-more = { $gb } GB ({ $diff } GB more)
compare-usual-memory-less = { $gb } GB ({ $diff } GB less)
compare-usual-dear = the { $dear } { $pluses }
compare-usual-prefill = prefills about { $ratio } × faster
compare-usual-decode = generates about { $ratio } × faster
compare-usual-fp8 = runs FP8
compare-usual-and = {" and "}
button-full-specs = Full specs
