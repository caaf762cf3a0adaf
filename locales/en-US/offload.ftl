## Inference offload to CPU RAM (llama.cpp) and "max context" answers.
lever-offload-layers = with { $runtime }, { $gpu_layers } of { $layers } layers on the { $gpus_n ->
    [one] GPU
   *[other] GPUs
} (`{ $flag }`) and { $ram } GiB in CPU RAM, about { $speed } tokens/s
lever-offload-experts = with { $runtime }, the experts of the first { $moe_layers } of { $layers } layers in CPU RAM (`{ $flag }`, { $ram } GiB), about { $speed } tokens/s
offload-ram-assumed = Offload speeds assume { $bandwidth } GB/s of host RAM bandwidth (dual-channel DDR5-5600).
offload-ram-given = Offload speeds use { $bandwidth } GB/s of host RAM bandwidth.
answer-max-context = Longest context on { $setup } with { $runtime }: **{ $tokens } tokens**.
answer-max-context-model = Longest context on { $setup } with { $runtime }: **{ $tokens } tokens**, the model's own maximum.
answer-max-context-no-gpu = { $model } takes up to **{ $tokens } tokens** of context; name a GPU to see how much of it fits.
answer-max-context-none = Not even 256 tokens of context fit on { $setup } with { $runtime }.
field-ram-bandwidth = RAM bandwidth
error-bad-ram-bandwidth = The host RAM bandwidth must be a number of GB/s above 0 (dual-channel DDR5-5600 is 89.6).
# The command line only (estimate): how to give the RAM bandwidth the offload speeds assume.
cli-ram-bandwidth-hint = Give your host RAM bandwidth with `--ram-bandwidth GBS` for your own offload speeds.
