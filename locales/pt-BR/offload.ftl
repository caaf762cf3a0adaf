## Offload da inferência para a RAM da CPU (llama.cpp) e respostas de "contexto máximo".
lever-offload-layers = com { $runtime }, { $gpu_layers } de { $layers } camadas { $gpus_n ->
    [one] na GPU
   *[other] nas GPUs
} (`{ $flag }`) e { $ram } GiB na RAM da CPU, cerca de { $speed } tokens/s
lever-offload-experts = com { $runtime }, os especialistas das primeiras { $moe_layers } de { $layers } camadas na RAM da CPU (`{ $flag }`, { $ram } GiB), cerca de { $speed } tokens/s
offload-ram-assumed = As velocidades com offload supõem { $bandwidth } GB/s de largura de banda da RAM (DDR5-5600 em dual channel).
offload-ram-given = As velocidades com offload usam { $bandwidth } GB/s de largura de banda da RAM.
answer-max-context = Contexto máximo em { $setup } com { $runtime }: **{ $tokens } tokens**.
answer-max-context-model = Contexto máximo em { $setup } com { $runtime }: **{ $tokens } tokens**, o máximo do próprio modelo.
answer-max-context-no-gpu = O { $model } aceita até **{ $tokens } tokens** de contexto; diga a GPU para ver quanto disso cabe.
answer-max-context-none = Nem 256 tokens de contexto cabem em { $setup } com { $runtime }.
field-ram-bandwidth = largura de banda da RAM
error-bad-ram-bandwidth = A largura de banda da RAM deve ser um número de GB/s maior que 0 (DDR5-5600 em dual channel dá 89,6).
# The command line only (estimate): how to give the RAM bandwidth the offload speeds assume.
cli-ram-bandwidth-hint = Informe a largura de banda da sua RAM com `--ram-bandwidth GBS` para ver as velocidades com offload da sua máquina.
