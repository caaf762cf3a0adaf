# Answers (en-US): the words around an estimate.

mode-inference = inference
mode-full-finetune = full fine-tune
mode-lora = LoRA
mode-qlora = QLoRA

answer-title = { $model } · { $precision } · { $mode }
answer-job = { $context } tokens · batch { $batch } · { $runtime }
answer-job-training = sequences of { $context } tokens · micro-batch { $batch } · { $optimizer }
answer-total = Estimated peak memory: **{ $total } GiB**
answer-total-split = Estimated peak memory: **{ $total } GiB** in all, **{ $per_gpu } GiB** per GPU over { $gpus }
answer-breakdown-title = Breakdown:

part-weights = weights
part-kv-cache = KV cache
part-activations = activations
part-overhead = overhead
part-gradients = gradients
part-optimizer = optimizer states
part-item = { $label } { $value } GiB

answer-fit-yes = ✅ Fits on { $setup }: { $per_gpu } GiB per GPU of { $usable } GiB usable ({ $headroom } GiB to spare).
answer-fit-tight = ⚠️ Tight, may not fit on { $setup }: { $per_gpu } GiB per GPU of { $usable } GiB usable, within this estimate's ±{ $band }% error band.
answer-fit-no = ❌ Does not fit on { $setup }: { $per_gpu } GiB per GPU needed, { $usable } GiB usable.
answer-fit-needed = It fits on { $count } × { $gpu }.
answer-fit-needed-cluster = It would take { $count } × { $gpu }: more cards than one machine takes, so look at the setups below.
answer-fit-never = Adding more of these cards does not make it fit (each one would still need more than it has).
answer-fit-offload = With its states in CPU memory (FSDP `cpu_offload`, ZeRO-Offload: `--cpu-offload`) it fits: { $per_gpu } GiB per GPU, with slower steps.
answer-usable-why = Usable memory is the label minus the CUDA context and the runtime's reserve.

answer-setups-title = Setups that fit
answer-setups-title-training = Setups that fit (training)
answer-setup-speed = ≈{ $tps } tokens/s
answer-setup-price = { $price } at launch prices
price-usd = ${ $amount }
answer-nothing-fits = Nothing in the catalog holds this job, even 64 GPUs of the largest kind.

tag-cheapest = cheapest
tag-cheapest-single = cheapest single card
tag-fewest-cards = fewest cards
tag-fastest = fastest
tag-datacenter = datacenter

link-single = one GPU
link-nvlink = NVLink
link-nvlink-bridge = NVLink bridge
link-pcie = PCIe
link-infinity-fabric = Infinity Fabric
link-multi-node = several nodes

advice-nvlink = This job moves a lot of data between GPUs (training or tensor parallelism): NVLink (SXM servers, bridged pairs) pays off over plain PCIe.
advice-layer-split = Split by layers (llama.cpp, device_map="auto"), only small activations cross between cards: PCIe is enough.
advice-sxm-only = Within one server, only SXM machines (8 GPUs on NVLink/NVSwitch) hold this job.
advice-multi-node = This needs several 8-GPU servers linked by InfiniBand.

answer-speed-note = Speeds are estimates from memory bandwidth, not measurements.
answer-pool-capacity = { $runtime } at { $util }% of the card leaves room for { $tokens } tokens of KV cache: { $sequences_n ->
    [one] one sequence
   *[other] about { $sequences } sequences
} of { $context } tokens at once.
answer-pool-capacity-none = { $runtime } at { $util }% of the card leaves room for { $tokens } tokens of KV cache: not one sequence of { $context } tokens, so this setup does not serve it.

answer-rule = Rule of thumb (P × 4 bytes × Q/32 × 1.2): **{ $rule } GB** ({ $rule_gib } GiB).
rule-close = It agrees with our estimate within { $pct }%.
rule-lower = Our estimate is { $pct }% lower: the rule's flat 20% margin is more than this job's KV cache and activations need.
rule-higher = Our estimate is { $pct }% higher: at { $context } tokens × batch { $batch }, the KV cache and activations take more than the rule's flat 20%.
rule-quantized = The rule counts { $nominal } bits per weight; { $precision } really stores about { $bits } bits, plus 16-bit embeddings where the format keeps them.
rule-training = The rule covers inference only: training adds gradients ({ $gradients } GiB), optimizer states ({ $optimizer } GiB) and the activations kept for the backward pass.

assumed-title = Assumed:
assumed-precision = { $precision } (no precision given)
assumed-precision-native = { $precision }, the format the checkpoint ships in (no precision given)
assumed-context = { $tokens } tokens of context (none given)
assumed-runtime = the { $runtime } profile (no runtime named)
assumed-sharding = { $sharding } over the GPUs (no sharding given)
assumed-checkpointing-on = gradient checkpointing on, as { $method } recipes do (not stated)
assumed-checkpointing-off = gradient checkpointing off (not stated)

match-newest = "{ $model }", the newest of { $count } models by that name; give the version for another.
match-corrected = Read "{ $input }" as { $model }.
match-assumed = Not sure which model "{ $input }" is: this answer assumes { $model }. Give the exact name for another one.
match-sized-from-name = I don't know { $name }: it is sized as a { $kind ->
    [moe] mixture-of-experts
   *[dense] dense
} model of { $params } billion parameters, shaped like { $like }. Give a Hub id (org/name) for its exact architecture.

note-synthetic = No catalog model of that name: the architecture is derived from the size ({ $params } billion parameters, shaped like { $reference }).
note-moe = Mixture of experts: all experts sit in memory, though only { $active } billion parameters work per token (that is what sets the speed).
note-config-disagrees = The config's shapes give { $config } billion parameters but the checkpoint's files hold { $header } billion: the config may not describe these weights, so the files' count is used.
note-mla = Multi-head latent attention stores a compressed cache: { $bytes } bytes per token.
note-sliding-window = Sliding-window layers keep at most { $window } tokens in their cache.
note-hybrid-state = Only { $attention } of its { $layers } layers keep a KV cache that grows with the context; the others (linear attention or Mamba) hold a fixed state of about { $state } MiB per sequence, whatever its length.
note-vision-tower = The checkpoint includes a vision encoder ({ $size } million parameters), counted in the weights even for text-only use.
note-vision-tower-tokens = The checkpoint includes a vision encoder ({ $size } million parameters), counted in the weights even for text-only use; each image takes about { $tokens } tokens of context, so add them to the context you ask for.
note-context-beyond = The model was trained for at most { $max } tokens; longer contexts need rope scaling and may degrade.
note-embeddings-16bit = { $precision } keeps the embeddings and the output layer in 16 bits.
note-experts-only = { $precision } covers the expert weights only; attention, embeddings and the output layer stay in 16 bits.
note-vllm = vLLM reserves { $util }% of each card up front and fills the rest with KV cache (start-up figures of vLLM { $version }).
note-sharded = Training states are split over { $gpus } with { $sharding }: { $what }.
sharded-ddp = every GPU holds a full copy
sharded-zero1 = each GPU holds its share of the optimizer states
sharded-zero2 = each GPU holds its share of the optimizer states and gradients
sharded-zero3 = each GPU holds its share of the weights, gradients and optimizer states
note-sharded-offload = Optimizer states (and, with ZeRO-3/FSDP, the weights) are offloaded to CPU memory: slower steps, far less GPU memory.
note-cpu-offload = Optimizer states are offloaded to CPU memory: slower steps, far less GPU memory.
note-all-offload = Weights, gradients and optimizer states are all offloaded to CPU memory ({ $sharding }): each layer comes to the GPU only while it runs, so steps are much slower and GPU memory holds little more than the layer at work.
note-host-states = The offloaded states need about { $gib } GiB of the machine's CPU memory (RAM), on top of what the system and data loading use.
note-cached-reading = nvidia-smi will likely show more, about { $low }-{ $high } GiB per GPU: with offload, PyTorch keeps freed blocks in its cache (1.6-2.3 times what tensors use, as we measured), and hands them back before it runs out of memory.
note-paged-out = Paged 8-bit AdamW's states do not all fit: about { $gib } GiB per GPU page out to CPU memory, which slows every step.
note-fp8-weight-only = This card has no FP8 tensor cores (those came with Ada and Hopper): the FP8 weights are stored in 8 bits but computed in 16 (weight-only), so they save memory, not time; int8 (W8A8) is its fast 8-bit path.
note-checkpointing = Gradient checkpointing keeps only each layer's input and recomputes the rest.
note-framework-hf = Sized as the Hugging Face Trainer with PEFT runs it.
note-framework-unsloth = Sized as Unsloth runs it: checkpointed layer inputs wait in CPU memory, lm_head and the loss run fused a chunk at a time, the 4-bit base is not cast to fp32, and its notebooks train with 8-bit AdamW.
note-framework-axolotl = Sized as Axolotl runs it: bf16 weights with no fp32 master copy; Cut Cross Entropy and Liger stay off unless the config turns them on.
note-framework-llama-factory = Sized as LLaMA-Factory runs it: the Hugging Face Trainer with its defaults (Liger off).
note-framework-torchtune = Sized as torchtune runs it: pure bf16 with no fp32 master copy, a chunked loss, and LoRA in bf16.
note-backward-overlap = The backward pass frees activations as it writes gradients, so the peak is less than the sum of the parts above.
note-runtime-mismatch = { $runtime } does not load { $precision } natively; the figures assume it can.
answer-error-band = Margin of error: ±{ $pct }% ({ $basis }).
error-band-measured = from measurements of this runtime and format
error-band-unmeasured = no measurement backs this case yet, so this is a wide guess

answer-guides-title = Read more:

compare-title = GPU comparison
compare-memory = Memory
compare-bandwidth = Bandwidth
compare-fp16 = FP16/BF16 tensor TFLOPS (dense, FP32 accumulate)
compare-fp8 = FP8 tensor TFLOPS (dense, FP32 accumulate)
compare-nvlink = NVLink
compare-form = Form factor
compare-power = Power
compare-ecc = ECC
compare-price = Price
compare-price-launch = { $price } at launch
compare-cloud-price = Cloud rental per hour
compare-price-per-gb = Price per GB
compare-runs-16bit = Runs at 16-bit
compare-runs-4bit = Runs at 4-bit (Q4_K_M)
compare-runs-note = "Runs" means one card, 8,192 tokens of context, usable memory after the runtime's reserve.
compare-yes = yes
compare-no = no
compare-none = none of the popular models
compare-no-price = not sold at list price
form-consumer = consumer card
form-pcie = PCIe card
form-sxm = SXM module (servers)
form-unified = unified memory (SoC)

# A number of GPUs, with the plural the language uses.
gpu-count = { $count_n ->
    [one] { $count } GPU
   *[other] { $count } GPUs
}

# Punctuation that joins parts of an answer (assumptions, a setup's labels).
sep-clause = {"; "}
sep-list = {", "}
sep-open = {" ("}
sep-close = )
sep-after-title = {" "}
sep-colon = {": "}

## The plan: levers that make a job fit, serving capacity, the launch command.
answer-levers-title = To make it fit on { $gpus_n ->
    [one] this GPU:
   *[other] these GPUs:
}
answer-levers-title-room = For more room on { $gpus_n ->
    [one] this GPU:
   *[other] these GPUs:
}
answer-levers-none = No change on these cards (format, context, offload, sharding), and no number of them within one rack, makes it fit.
# After a setup or a lever and sep-colon: "2 × RTX 3090: 21.5 GiB per GPU".
amount-per-gpu = { $per_gpu } GiB per GPU
lever-precision = weights in { $value } ({ $quality })
lever-precision-gpus = weights in { $value } ({ $quality }) on { $count }
lever-kv-precision = KV cache in { $value }
lever-context = a context of at most { $value } tokens
lever-offload = optimizer states in CPU memory (`cpu_offload`), with slower steps
lever-gradient-checkpointing = gradient checkpointing on (steps about a third slower)
lever-qlora = QLoRA (4-bit NF4 base) instead of LoRA
lever-optimizer = the { $value } optimizer
lever-zero = full sharding with { $sharding }
lever-more-gpus = { $count } of this card
lever-runtime-changed = { $runtime } instead of { $asked }: { $usable } GiB usable per GPU instead of { $asked_usable } GiB
answer-serving = Serving capacity: { $pool } GiB of KV cache; one request can hold up to { $context } tokens; { $concurrency_n ->
    [one] one request
   *[other] { $concurrency } requests
} of { $asked } tokens at once, about { $speed } tokens/s in total.
answer-serving-none = Serving capacity: { $pool } GiB of KV cache; one request can hold up to { $context } tokens; not even one request of { $asked } tokens fits.
answer-launch-title = To start it:
answer-launch-missing = No { $precision } checkpoint of this model is on our list, so there is no command to paste: look for one on the Hugging Face Hub (search “{ $search }”) and load it with { $runtime }.
answer-launch-generic = A size alone names no checkpoint, so there is no command to paste: name the model ("llama 3.1 70b", "qwen2.5 72b") for its launch line with { $runtime }.
lever-quality-negligible = almost no quality loss
lever-quality-small = a small quality loss
lever-quality-moderate = some quality loss, the usual trade-off
lever-quality-noticeable = a noticeable quality loss

# The title of an answer for a bare size ("70b"), sized with a catalog model's architecture.
model-generic-shape = a { $size }B model with { $like }'s architecture
model-generic-title = { $size }B model, { $like }'s architecture

# The last line of a chat-length answer at the terminal: where the rest is.
answer-chat-more = Every setup, the rule of thumb, the assumptions and notes: add `--full`.
