# Guide topics (en-US): written for vramguide; facts from the seed articles, words our own.

## VRAM

guide-vram-title = VRAM: what fills GPU memory
guide-vram-summary = What GPU memory holds when you run or train an LLM, why it runs out first, and how to estimate it quickly.
guide-vram-body =
    For an LLM, the GPU's own memory (**VRAM**) must hold everything the GPU touches at every step:
    - **Weights**: parameters × bytes per parameter (2 bytes at fp16/bf16, about 0.5 at 4-bit).
    - **KV cache**: keys and values of every token in the context, for every sequence in the batch.
    - **Activations**: temporary tensors of the forward pass, largest while a long prompt is being processed.
    - **Runtime overhead**: CUDA context, cuBLAS workspaces, the allocator's cache, CUDA graphs.
    - For **training**, add **gradients** and **optimizer states**: with Adam in mixed precision that is about 16 bytes per parameter, before activations.

    Memory is usually the first wall you hit. If the job does not fit, no other spec of the card matters; offloading to system RAM works but is many times slower.

    Once it fits, **memory bandwidth** sets the speed. Generating each token (decode) reads all the weights once, so a rough ceiling is bandwidth ÷ model size: an 8B model in 16-bit (about 16 GB) on an RTX 4090 (1,008 GB/s) tops out near 60 tokens/s for a single stream. Compute matters more for long prompts and for training.

    The label promises more than you can use. The **CUDA context** takes about 0.3-0.5 GiB per process, frameworks keep reserves, and a desktop session may hold some too. GPU memory is made in binary sizes: a "24 GB" card holds 24 GiB (2^30 bytes each), which is what nvidia-smi shows. The 7% gap between GB (10^9 bytes) and GiB applies to model files and to the rule of thumb below, which count in GB: 140 GB of bf16 weights for a 70B model are 130 GiB. On **Apple Silicon**, unified memory is shared with the system, and by default the GPU may use only about 2/3 to 3/4 of it.

    The classic **rule of thumb**:
    `M = P × 4 bytes × (Q / 32) × 1.2`
    with P the number of parameters, Q the bits per weight and 1.2 a 20% margin. For a 70B model at 16 bits: 70 × 10^9 × 4 × 16/32 × 1.2 = **168 GB**. A fine first guess, but:
    - it ignores the **KV cache**, which grows with context length and batch size and can outgrow the weights;
    - quantized formats store extra bits for scales, so "4-bit" really means about 4.16 to 4.85 bits;
    - training needs several times more than inference.

    That is why vramguide computes each part from the model's architecture (layers, KV heads, head size) and from your precision, context and batch, and shows them separately.

## NVLink

guide-nvlink-title = NVLink: when it matters
guide-nvlink-summary = NVLink is a fast direct link between GPUs: vital for training and tensor parallelism, much less so for layer-split inference.
guide-nvlink-body =
    NVIDIA's **NVLink** is a direct GPU-to-GPU connection. It bypasses the PCIe bus and is far faster:
    - **NVLink 3** (A100): 600 GB/s per GPU
    - **NVLink 4** (H100, H200): 900 GB/s per GPU
    - **NVLink 5** (B200): 1.8 TB/s per GPU
    - **PCIe 4.0 x16**: about 32 GB/s each way; **PCIe 5.0 x16**: about 64 GB/s each way

    NVLink figures add both directions together; even compared on that basis, NVLink is roughly 7 to 14 times faster. In HGX and DGX servers an **NVSwitch** connects all 8 GPUs, so every pair talks at full speed.

    It pays off when GPUs exchange large tensors often:
    - **Training** on several GPUs: gradients are all-reduced at every step, and **ZeRO/FSDP** also gathers the sharded weights layer by layer.
    - **Tensor-parallel inference** (vLLM `--tensor-parallel-size`): every layer does two all-reduces, one after attention and one after the MLP, so a 70B model with 80 layers synchronizes 160 times per generated token.

    It matters much less for **layer-split (pipeline) inference**, the way llama.cpp or `device_map="auto"` work: only the hidden state at the boundary crosses between cards, about 16 KB per token for a 70B model, which PCIe handles easily.

    Which cards have it:
    - **GeForce**: the RTX 3090 had a 2-way bridge; the **RTX 40 and 50 series have no NVLink** at all.
    - **Workstation**: the **RTX A6000** has a 2-way bridge (112.5 GB/s). The RTX 6000 Ada dropped it, whatever some comparison tables say.
    - **Datacenter**: SXM modules (A100, H100, H200, B200) have full NVLink; PCIe versions only pair up through bridges (A100 PCIe, H100 PCIe, H100 NVL).

    A common myth: NVLink does **not** merge two cards into one big GPU with pooled memory. Each GPU still sees only its own VRAM, and the framework still has to split the model (tensor, pipeline or sharded). NVLink just makes the traffic between the pieces cheap. To see how the GPUs in a machine are connected, run `nvidia-smi topo -m`: NV# means NVLink, while PIX, PHB, NODE or SYS mean the traffic goes over PCIe or across CPUs.

## Tensor Cores

guide-tensor-cores-title = Tensor Cores: the matrix engines
guide-tensor-cores-summary = Tensor Cores are matrix units that make fp16, bf16, fp8 and int8 math many times faster; here is what each generation adds.
guide-tensor-cores-body =
    NVIDIA's **Tensor Cores** are units inside the GPU that perform a small matrix multiply-accumulate in one operation. Transformers spend most of their compute on matrix multiplications, so that is where LLM speed comes from. Ordinary **CUDA cores** handle general FP32 and integer math; Tensor Cores do matrix work in lower precision many times faster.

    Generations:
    - **1st, Volta** (V100, 2017): FP16.
    - **2nd, Turing** (RTX 20, T4): adds INT8 and INT4.
    - **3rd, Ampere** (A100, RTX 30): adds **TF32** and **BF16**, plus 2:4 structured sparsity.
    - **4th, Hopper** (H100, H200) and Ada (RTX 40, L40S): adds **FP8**; Hopper's **Transformer Engine** manages FP8 scaling layer by layer.
    - **5th, Blackwell** (B200, RTX 50): adds **FP4** and FP6.

    Where they help:
    - **Prefill** (reading the prompt) and **training** are compute-bound: large matrix-matrix products, where Tensor Core TFLOPS set the pace.
    - **Single-stream decode** is bandwidth-bound: each new token is a matrix-vector product that waits on memory, so extra TFLOPS barely help. Batching many users turns decode back into matrix-matrix work.

    Reading spec sheets:
    - **Sparse** figures assume 2:4 structured sparsity and are exactly **twice the dense** ones. LLMs almost never run sparse, so halve them: the A100 does 312 dense TFLOPS in FP16; 624 is the sparse number.
    - **GeForce** cards run fp16/bf16 with **fp32 accumulate** (what PyTorch uses) at **half** the headline rate: an RTX 4090 delivers about 165 dense TFLOPS, not 330. Datacenter and workstation cards (A100, H100, RTX A6000, L40S) have no such cap.
    - FP8 and FP4 only help when your kernels and model format use them (vLLM, TensorRT-LLM, Transformer Engine).

    To use Tensor Cores at all, compute in fp16/bf16, or allow TF32 for fp32 code with `torch.set_float32_matmul_precision("high")`. Plain fp32 matmuls in PyTorch skip them by default.

## SXM

guide-sxm-title = SXM vs PCIe: module or card
guide-sxm-summary = SXM modules sit on HGX/DGX baseboards with NVLink and higher power; PCIe cards fit ordinary servers. When you need which.
guide-sxm-body =
    NVIDIA datacenter GPUs come in two physical forms.

    An **SXM** GPU is a module that mounts flat on a server **baseboard** (HGX), usually 4 or 8 per board, as in DGX and HGX systems. The socket changes between generations (SXM2 for V100, SXM4 for A100, SXM5 for H100), so modules are not interchangeable. **PCIe** is a regular add-in card that goes into a slot in any server or workstation.

    What SXM brings:
    - **More power**: an H100 SXM is rated up to **700 W**, an H100 PCIe **350 W**, so the SXM part sustains higher clocks.
    - **Faster memory**: the H100 SXM has 3.35 TB/s of HBM3 bandwidth against about 2 TB/s for the H100 PCIe. The biggest configurations (H200 with 141 GB at 4.8 TB/s, B200) arrive first, or only, as SXM.
    - **NVLink everywhere**: on an 8-GPU HGX board, NVSwitch links every GPU to every other at 900 GB/s (H100/H200).

    What PCIe brings:
    - Fits ordinary servers and some workstations, with standard power and cooling.
    - Cheaper, sold one by one, easy to add later.
    - GPU-to-GPU traffic goes over PCIe (about 32-64 GB/s each way), or through a **2-card NVLink bridge** on some models (A100 PCIe, H100 PCIe, H100 NVL).
    - Datacenter PCIe cards are passively cooled and rely on server airflow: check before putting one in a desktop tower.

    When SXM is the only realistic option:
    - Training or full fine-tuning of large models across 8 GPUs, where gradients and sharded weights move constantly.
    - Serving the largest models, with hundreds of GB of weights, using tensor parallelism over 8 GPUs: for example DeepSeek R1 (671B, about 671 GB at FP8) on 8× H200.

    For one 70B model at 4-bit, or for layer-split inference, PCIe cards are perfectly fine.

    You cannot buy an SXM module as a single card for a desktop: it needs the baseboard, power delivery and cooling of an HGX server. In practice you get SXM by buying a complete server or by renting cloud instances, typically the "8× H100" or "8× H200" nodes. A full 8-GPU HGX H100 server draws around 10 kW, so it also needs datacenter power and cooling.

## Precision

guide-precision-title = Precision: fp32, bf16, fp16, fp8, int8, int4
guide-precision-summary = How many bytes each number format takes, what each one is good for, and how precision sets the memory needed for weights.
guide-precision-body =
    The **precision** of a format is the number of bits used for each number. For weights it sets memory directly: parameters × bytes per parameter.

    - **fp32**: 4 bytes. The old training default; for LLM inference it only wastes memory and speed.
    - **fp16**: 2 bytes with a narrow range; training needs **loss scaling** to avoid underflow and overflow.
    - **bf16**: 2 bytes with **fp32's exponent range**, so training is more stable without loss scaling. Needs Ampere or newer; V100 and T4 fall back to fp16.
    - **fp8**: 1 byte, in two flavors, E4M3 (more precision, for weights and activations) and E5M2 (more range, for gradients), with hardware support on Hopper, Ada and Blackwell; used for inference and, more and more, for training.
    - **int8 / int4**: usually **weight-only quantization**: weights stored in 8 or 4 bits plus scales, expanded back to 16-bit for the math.
    - **TF32** is not a storage format: it is how Ampere and newer Tensor Cores run fp32 matrix math faster.

    Memory per **billion parameters**, weights only:
    - fp32: ~3.7 GiB
    - fp16/bf16: ~1.9 GiB
    - 8-bit: ~0.93 GiB
    - 4-bit: ~0.47 GiB plus scales, so about 0.5 GiB

    A 70B model therefore needs about 131 GiB at bf16 and roughly 33-40 GiB at 4-bit, depending on the format. The KV cache and runtime overhead come on top.

    Inference is almost always done in **16-bit or lower**. Models are published in bf16, and loading them in fp32 doubles memory with no gain in quality. Choose bf16 when the GPU supports it, fp16 on older cards, and 8 or 4 bits when memory is short. `torch.cuda.is_bf16_supported()` tells you whether the current GPU handles bf16.

    In **mixed-precision training** the math runs in bf16/fp16 but the optimizer keeps **fp32 master weights** for the updates. With Adam that adds up to about 16 bytes per parameter (2 for weights, 2 for gradients, 4 for the master copy, 8 for the two moments), before activations: a full fine-tune of a 7B model needs around 112 GB. That is why LoRA, QLoRA and 8-bit optimizers are so popular.

## Quantization

guide-quantization-title = Quantization: GPTQ, AWQ, GGUF, NF4, FP8
guide-quantization-summary = Quantized formats store weights in fewer bits: the real bits per weight, the memory you save and the quality you give up.
guide-quantization-body =
    With **quantization**, weights are stored with fewer bits, in groups that share a scale (and sometimes a zero point). Those scales cost extra bits, so the **effective bits per weight** are always a little above the name.

    GPU formats (vLLM, Transformers, TGI):
    - **GPTQ**: post-training, calibrated on sample text, corrects the rounding error layer by layer.
    - **AWQ**: activation-aware, protects the channels that see the largest activations.
    - Both are 4-bit weight-only, typically with **group size 128**: about **4.16 bits per weight** once the 16-bit scale and 4-bit zero point of each group are counted (4.25 is group size 64). Embeddings and `lm_head` usually stay in 16-bit, which adds noticeably on small models with large vocabularies.
    - **FP8**: 8-bit floats for weights and often activations, fast on Hopper, Ada and Blackwell, with quality close to bf16.
    - **bitsandbytes NF4**: 4-bit NormalFloat, about **4.13 bits** with double quantization; the basis of **QLoRA** fine-tuning, but slower for serving than GPTQ/AWQ kernels.

    The **GGUF** types for llama.cpp, Ollama and LM Studio (effective bits per weight, averaged over the whole file):
    - **Q8_0**: 8.5
    - **Q6_K**: ≈6.57
    - **Q5_K_M**: ≈5.7
    - **Q4_K_M**: ≈4.85, the usual default
    - **Q3_K_M**: ≈4.0
    - **Q2_K**: ≈3.2, far above its nominal 2 bits

    The K-quant mixes keep sensitive tensors at higher precision, which is why the averages sit above the nominal bits.

    Memory = parameters × effective bits ÷ 8. Llama 3.1 70B at Q4_K_M: 70.6 × 10^9 × 4.85 ÷ 8 ≈ 42.8 GB (39.8 GiB) of weights, before the KV cache.

    Quality, roughly:
    - **8-bit**: nearly lossless.
    - **4-bit** (Q4_K_M, AWQ, GPTQ): a small loss, usually fine for chat and code.
    - **Below 4 bits**: quality drops faster, especially on small models. A 70B at 3 bits can still be useful; an 8B at 2 bits rarely is.

    The **KV cache** can be quantized separately from the weights: `--kv-cache-dtype fp8` in vLLM, `--cache-type-k q8_0` and `--cache-type-v q8_0` (or q4_0) in llama.cpp, where quantizing the V cache requires flash attention (`-fa`). At 8 bits this halves the cache with little loss.

## KV cache

guide-kv-cache-title = KV cache: the memory that grows with context
guide-kv-cache-summary = The KV cache keeps keys and values of every past token; how to size it and why long contexts eat so much memory.
guide-kv-cache-body =
    When a transformer generates text, each new token attends to all previous ones. Instead of recomputing them, the model keeps their **keys and values** for every layer: the **KV cache**. It grows by one entry per token, for every sequence in the batch.

    Size in bytes:
    `2 × layers × kv_heads × head_dim × tokens × batch × bytes per value`
    The 2 counts keys plus values; bytes per value is 2 at fp16/bf16 and 1 at fp8.

    Example, **Llama 3.1 70B** (80 layers, 8 KV heads, head_dim 128) at 16-bit: 2 × 80 × 8 × 128 × 2 = **327,680 bytes per token**, or 320 KiB. At 32k tokens (32,768) that is **10 GiB** for one sequence; 8 users at 32k each need 80 GiB, double the 4-bit weights.

    What makes it smaller:
    - **GQA / MQA**: several query heads share one KV head. Llama 3.1 70B has 64 query heads but only 8 KV heads, an 8× smaller cache than full multi-head attention. Llama 2 7B, with classic MHA, needs 512 KiB per token, more than Llama 3.1 70B.
    - **MLA** (DeepSeek V3/R1) caches a compressed latent instead: kv_lora_rank 512 plus 64 RoPE dimensions per layer, so (512 + 64) × 61 layers × 2 bytes = **70,272 bytes per token** at 16-bit, for a 671B model.
    - **Sliding-window** layers (Gemma 2/3, gpt-oss) keep only the most recent window of tokens (128 tokens in gpt-oss, 1,024 in Gemma 3, 4,096 in Gemma 2), so only the global layers grow with the context.
    - **KV quantization** (fp8, q8_0, q4_0) halves or quarters it.

    Because it grows **linearly with context and with batch**, long documents or many concurrent users can need more memory than the weights. Llama 3.1 8B at its full 128k context needs 16 GiB of cache, more than its 15 GiB of bf16 weights.

    Serving engines plan for it up front. **vLLM** loads the weights, then reserves the remaining memory up to `--gpu-memory-utilization` (0.9 by default) as KV blocks managed by **PagedAttention**. That is why `nvidia-smi` shows the card almost full even when idle; `--max-model-len` and `--max-num-seqs` decide how that space is shared.

## Out of memory

guide-oom-title = CUDA out of memory: causes and fixes
guide-oom-summary = What triggers "CUDA out of memory" and how to fix it, from model size and context length to fragmentation and stray processes.
guide-oom-body =
    `CUDA out of memory. Tried to allocate X GiB` means one allocation did not fit in what was left on the card. The message also shows how much PyTorch has allocated and how much is **reserved but unallocated**; those numbers tell you which case you are in.

    Common causes and fixes:
    - **Model too large for its precision**: load in bf16 instead of fp32, quantize (8-bit, or 4-bit AWQ/GPTQ/GGUF), split across GPUs (`device_map="auto"`, vLLM `--tensor-parallel-size`), or offload some layers to the CPU (a lower `-ngl` in llama.cpp) at a cost in speed.
    - **Context or batch too large**: the KV cache grows with both. Lower the maximum context (`--max-model-len` in vLLM, `-c` in llama.cpp, `num_ctx` in Ollama), the number of concurrent sequences (`--max-num-seqs`) or the batch size.
    - **Activation peak on long prompts**: the prefill of a long prompt creates large temporary tensors. Use **flash attention** (or PyTorch SDPA) and **chunked prefill** so the prompt is processed in pieces.
    - **Training**: enable **gradient checkpointing**, use a smaller micro-batch with **gradient accumulation**, try 8-bit optimizers, switch to **LoRA/QLoRA** instead of a full fine-tune, or shard with **ZeRO/FSDP**.
    - **Fragmentation**: plenty of memory reserved but free in small pieces. Set `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True` before the process starts.
    - **Other processes on the GPU**: check `nvidia-smi`. A forgotten Jupyter kernel often holds several gigabytes.
    - **vLLM sharing a card**: `--gpu-memory-utilization` claims that fraction of the whole GPU at startup, so lower it (for example to 0.8) when something else runs there. If vLLM says there is no room for the KV cache, lower `--max-model-len` instead.

    Less obvious culprits:
    - A **dataset or data loader** that puts the whole dataset on the GPU instead of moving one batch at a time.
    - **Caching the test set**, or accumulating predictions on the GPU during evaluation: keep them on the CPU.
    - Evaluating without `torch.no_grad()` or `torch.inference_mode()`, which keeps activations for a backward pass that never comes.
    - Summing `loss` instead of `loss.item()` across steps, which keeps every step's graph alive.

    If none of this helps, the job really needs more memory than the card has: estimate it with vramguide and pick a setup that fits with some headroom.

## Multi-GPU

guide-multi-gpu-title = Multiple GPUs: data, tensor and pipeline parallel
guide-multi-gpu-summary = The ways to spread a model over several GPUs, what each costs in memory and bandwidth, and which one suits your job.
guide-multi-gpu-body =
    Using several GPUs serves one of two goals: **fitting** a model that one card cannot hold, or **going faster** with one that already fits. The main strategies:

    - **Data parallel** (DDP): each GPU holds a **full copy** of the model and processes different batches; gradients are averaged at every step. It speeds up training but does not help a model fit. For inference it simply means several replicas behind a load balancer.
    - **Tensor parallel**: the weight matrices of every layer are split across GPUs, which all work on every token together, with two all-reduces per layer (after attention and after the MLP). It cuts memory and latency but needs a **fast interconnect** such as NVLink. In vLLM: `--tensor-parallel-size 2`; the size must divide the number of attention heads: 2, 4 and 8 usually do, and so do 16, 32 or 64 when the heads allow (64 heads: any power of two up to 64).
    - **Pipeline / layer split**: consecutive layers live on different GPUs (first half on GPU 0, second half on GPU 1). llama.cpp (`--split-mode layer`, the default) and Transformers `device_map="auto"` work this way. Traffic is tiny, but for a single stream only one GPU works at a time, so it is no faster than one big card. vLLM's `--pipeline-parallel-size` does the same for many parallel requests.
    - **ZeRO / FSDP** (training): shards **optimizer states, gradients and weights** across GPUs and gathers each layer when it is needed. ZeRO-1 shards the optimizer states, ZeRO-2 adds gradients, ZeRO-3 and full-shard FSDP add the weights.

    Memory per GPU, roughly:
    `per GPU ≈ total ÷ number of GPUs + per-GPU overhead`
    The overhead covers each process's CUDA context (0.3-0.5 GiB), communication buffers, activations and parts that do not split evenly, such as embeddings and the output layer. Splits are rarely perfect: keep 10-15% headroom, and in llama.cpp set the ratio with `--tensor-split 3,1` for unequal cards.

    Two consumer GPUs without NVLink, such as 2× RTX 3090 or 2× RTX 4090 over PCIe, are:
    - **fine** for layer-split inference: a 70B at 4-bit across 2× 24 GB works with a moderate context;
    - acceptable for tensor-parallel inference in vLLM, with some overhead;
    - **poor** for tensor-parallel or fully sharded training, where communication dominates. Data parallel with LoRA is a reasonable middle ground.

## CUDA_VISIBLE_DEVICES

guide-cuda-visible-devices-title = CUDA_VISIBLE_DEVICES: which GPUs a job sees
guide-cuda-visible-devices-summary = Use CUDA_VISIBLE_DEVICES to pick and reorder the GPUs a process can see, and to run separate jobs on one machine.
guide-cuda-visible-devices-body =
    `CUDA_VISIBLE_DEVICES` is an environment variable that the CUDA runtime reads when a process starts. It lists which physical GPUs the process may use, and in what order; inside the process the visible GPUs are renumbered from zero.

    `CUDA_VISIBLE_DEVICES=0,2 python train.py`
    Here the script sees only two GPUs: physical GPU 0 appears as `cuda:0` and physical GPU 2 as `cuda:1`, and `torch.cuda.device_count()` returns 2. Order matters: `2,0` swaps them.

    Two jobs on one machine:
    `CUDA_VISIBLE_DEVICES=0 python job_a.py &`
    `CUDA_VISIBLE_DEVICES=1 python job_b.py`
    Each job believes it has a single GPU, `cuda:0`, and neither can touch the other's memory. The same works for multi-GPU jobs (`CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc_per_node=2 train.py`) and for vLLM or llama.cpp servers.

    Things that trip people up:
    - **Set it before CUDA starts.** From the shell or a launcher it is always in time. Inside Python, set `os.environ["CUDA_VISIBLE_DEVICES"]` before importing torch, or at least before the first CUDA call; later changes are ignored.
    - **Numbering can differ from nvidia-smi.** By default CUDA lists the fastest GPU first, while `nvidia-smi` uses PCI bus order. On machines with mixed cards, set `CUDA_DEVICE_ORDER=PCI_BUS_ID` so both agree.
    - **An empty value hides every GPU**: `CUDA_VISIBLE_DEVICES=` makes CUDA report no devices, handy to force a CPU run. An invalid index cuts the list: only the GPUs before it stay visible.
    - GPU UUIDs (from `nvidia-smi -L`) or MIG instance IDs also work instead of indices, and do not change when cards are moved.
    - `nvidia-smi` itself ignores the variable and always shows all GPUs.
    - In Docker, `--gpus device=1` exposes a single GPU to the container, which then sees it as GPU 0.

    On AMD with ROCm the equivalent is `HIP_VISIBLE_DEVICES`. ROCm also accepts `CUDA_VISIBLE_DEVICES` for compatibility, and `ROCR_VISIBLE_DEVICES` filters at a lower level.

## Choosing

guide-choosing-title = Choosing GPUs: a decision framework
guide-choosing-summary = A step-by-step way to choose GPUs for an LLM job: memory first, then bandwidth or compute, card count, budget and power.
guide-choosing-body =
    Work through these steps in order; each one narrows the field.

    1) **Memory first.** Describe the job: which model, which precision, how much context, how many concurrent sequences, inference or training (full, LoRA, QLoRA). Estimate weights + KV cache + activations + overhead and keep 10-20% headroom. If it does not fit, nothing else matters.

    2) **Then speed.** For inference, **memory bandwidth** sets the tokens per second a single user sees. For training and heavy batching, **Tensor Core compute** sets throughput: compare dense bf16/fp8 TFLOPS, not sparse figures.

    3) **Card count.** One card that fits beats two that fit together: simpler, with no communication overhead. Otherwise use the fewest cards. Layer-split inference runs fine over PCIe; multi-GPU training and tensor-parallel serving want **NVLink**, and at the top end **SXM** servers.

    4) **Practicalities.** Budget, power and cooling (an RTX 4090 draws 450 W, and two need a big power supply and good airflow), **ECC** memory for training runs that last weeks, and the software stack: CUDA works everywhere, ROCm and Apple Metal in fewer tools. For short projects, **renting** cloud GPUs by the hour usually beats buying; buy when the card will stay busy for many months.

    Typical setups:
    - **RTX 3060 12 GB / RTX 4060 Ti 16 GB**: small models, 7-14B at 4-bit or 7-8B at 8-bit, QLoRA on small models.
    - **RTX 3090 / 4090 24 GB**: up to about 30B at 4-bit (a 32B at Q4_K_M is about 18.5 GiB of weights), QLoRA of 7-13B models.
    - **RTX A6000 / RTX 6000 Ada 48 GB**: **70B at 4-bit on one card** (about 40 GiB of weights plus a moderate context).
    - **A100 / H100 80 GB, H200 141 GB**: 70B at 16-bit (about 131 GiB of weights) across 2-4 cards, long contexts, many users, and serious training or fine-tuning.
    - **8× H200 or B200 nodes**: the largest open models, such as DeepSeek R1 at FP8 (about 671 GB of weights, that is 625 GiB: under the 640 GiB that 8× 80 GB cards carry, but more than the roughly 611 GiB left usable once each card's CUDA context and runtime reserve are taken).

    Be wary of tables that give only a model's 4-bit weights as its "VRAM requirement": a 7B model's 4-bit weights take about 3.5 GB, but the same model needs about 14-15 GB at bf16, and the KV cache and overhead come on top in both cases. vramguide shows every part so you can compare setups on the same basis.
