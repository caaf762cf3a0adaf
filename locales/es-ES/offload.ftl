## Descarga de la inferencia a la RAM de la CPU (llama.cpp) y respuestas de "contexto máximo".
lever-offload-layers = con { $runtime }, { $gpu_layers } de { $layers } capas en { $gpus_n ->
    [one] la GPU
   *[other] las GPU
} (`{ $flag }`) y { $ram } GiB en la RAM de la CPU, unos { $speed } tokens/s
lever-offload-experts = con { $runtime }, los expertos de las primeras { $moe_layers } de { $layers } capas en la RAM de la CPU (`{ $flag }`, { $ram } GiB), unos { $speed } tokens/s
offload-ram-assumed = Las velocidades con offload a RAM suponen { $bandwidth } GB/s de ancho de banda de la RAM (DDR5-5600 de doble canal).
offload-ram-given = Las velocidades con offload a RAM usan { $bandwidth } GB/s de ancho de banda de la RAM.
answer-max-context = Contexto máximo en { $setup } con { $runtime }: **{ $tokens } tokens**.
answer-max-context-model = Contexto máximo en { $setup } con { $runtime }: **{ $tokens } tokens**, el máximo del propio modelo.
answer-max-context-no-gpu = { $model } admite hasta **{ $tokens } tokens** de contexto; indica la GPU para ver cuánto cabe.
answer-max-context-none = Ni siquiera 256 tokens de contexto caben en { $setup } con { $runtime }.
field-ram-bandwidth = ancho de banda de la RAM
error-bad-ram-bandwidth = El ancho de banda de la RAM debe ser un número de GB/s mayor que 0 (la DDR5-5600 de doble canal da 89,6).
# The command line only (estimate): how to give the RAM bandwidth the offload speeds assume.
cli-ram-bandwidth-hint = Indica el ancho de banda de tu RAM con `--ram-bandwidth GBS` para ver las velocidades con descarga de tu máquina.
