# Pasted errors of more engines, and errors that are not about memory (en-US).
# Each fix says what it costs.

diag-title-sampler-warmup = { $engine } ran out of memory warming up the sampler
diag-title-multimodal-profile = { $engine } ran out of memory profiling the worst-case images
diag-title-system-memory = { $engine } needs more system memory than is free
diag-title-prefill-tokens = { $engine } cannot hold its warm-up batch of prefill tokens
diag-title-metal-out-of-memory = { $engine } ran out of the Mac's GPU memory
diag-title-driver-too-old = Not a memory error: the NVIDIA driver is too old
diag-title-illegal-memory-access = Not a memory shortage: a kernel read outside its memory
diag-title-nccl = Not a memory error: NCCL, the GPU-to-GPU link, failed
diag-title-tokenizer = Not a memory error: the tokenizer file is newer than your tokenizers library
diag-title-missing-module = Not a memory error: a Python module is missing
diag-title-disk-full = Not a memory error: the disk is full
diag-title-missing-file = Not a memory error: a file is missing
diag-title-bitsandbytes-setup = Not a memory error: bitsandbytes found no CUDA library for it

diag-cause-sampler-warmup = At start-up vLLM samples once for max_num_seqs dummy requests; the logits of that many sequences did not fit next to the weights.
diag-cause-multimodal-profile = vLLM profiles the worst case: every sequence with the most images and videos allowed per prompt. That peak, not your real inputs, ran out.
diag-cause-system-memory = Ollama checks RAM (and VRAM) before loading: the model and its context need more than is free.
diag-cause-prefill-tokens = TGI warms up with one batch of `--max-batch-prefill-tokens` tokens; its activations did not fit next to the weights and the KV cache.
diag-cause-metal-out-of-memory = On a Mac the GPU may use only part of the unified memory; the weights plus the KV cache for this context passed it.
diag-cause-driver-too-old = The driver supports an older CUDA than the one your PyTorch was built for. Your card's memory has nothing to do with it.
diag-cause-illegal-memory-access = A GPU kernel read or wrote outside its buffers: a bug or a mismatched build, not a full card. More memory will not fix it.
diag-cause-nccl = The processes of a multi-GPU job could not talk to each other (often shared memory in a container, or the network between nodes).
diag-cause-tokenizer = The tokenizer.json was written by a newer tokenizers version than the one installed.
diag-cause-missing-module = The package is not installed in this Python, or its compiled part was built for another Python or CUDA.
diag-cause-disk-full = Writing a download, a checkpoint or a cache ran out of disk space.
diag-cause-missing-file = The path the job reads does not exist, or the model folder lacks a file.
diag-cause-bitsandbytes-setup = bitsandbytes could not load a build for the CUDA it found; it fell back to its CPU library.

diag-fig-system = Memory needed { $required }, available { $available }
diag-fig-devices-free = Free per device: { $list }
diag-fig-flash-attn-off = Flash attention: off
diag-fig-max-num-seqs = Sequences per batch: { $n }
diag-fig-prefill = Prefill tokens asked: { $n }

fix-max-num-seqs = fewer sequences at once; costs throughput under heavy load only
fix-limit-mm-per-prompt = fewer images per prompt for the worst-case profile; costs prompts with more images than that
fix-smaller-inputs = fewer inputs at once; costs speed, not results
fix-zero-offload = keep optimizer states and parameters in CPU memory; costs step time and RAM
fix-unsloth-checkpointing = Unsloth's offloaded checkpointing; costs a little step time
fix-flash-attention = flash attention needs no context-sized attention buffer; costs nothing on supported GPUs
fix-ubatch = a smaller micro-batch shrinks the compute buffer; costs some prompt speed
fix-tensor-split = split the weights by what each card has free; costs nothing
fix-smaller-quant = a smaller quantization of the same model; costs some quality
fix-ollama-num-ctx = a shorter context needs less memory; costs how much text the model sees (or set num_ctx in the Modelfile)
fix-ollama-num-gpu = fewer layers on the GPU, the rest on the CPU; costs speed
fix-ollama-flash-attention = flash attention and an 8-bit KV cache roughly halve the context's memory; costs almost nothing (restart the server)
fix-free-system-memory = unload other models and close programs that hold RAM; costs nothing
fix-max-batch-prefill-tokens = a smaller prefill batch; costs throughput for long prompts
fix-max-batch-total-tokens = fewer tokens in flight; costs concurrent requests
fix-mlx-max-kv-size = bound the KV cache (mlx_lm); costs the oldest tokens of long chats
fix-update-driver = install a driver that supports your PyTorch's CUDA; costs a reboot
fix-torch-for-driver = or install the PyTorch built for the CUDA your driver supports
fix-cuda-launch-blocking = run once with this to see which kernel failed; costs speed while debugging
fix-upgrade-engine = a newer version often has the kernel fixed
fix-nccl-debug = NCCL then says what failed
fix-nccl-shm = containers need shared memory for NCCL
fix-upgrade-tokenizers = newer versions read newer tokenizer files
fix-reinstall = reinstall it for this Python and CUDA
fix-free-disk = see which disk is full and move the Hugging Face cache to one with space
fix-check-path = check the path exists and the model folder has every file
fix-upgrade-bitsandbytes = a current bitsandbytes ships builds for current CUDA versions; its self-check says what is missing

diag-verdict-short = It needs { $need } per GPU and the card has { $total }: it does not fit as set; the fixes below bring it under.
diag-verdict-other = It needs { $need } of the card's { $total }: it fits, but { $other } is held outside this job.
diag-verdict-fits = It needs { $need } of the card's { $total }: it should fit, so the peak in the log comes from the batch, the sequence length or fragmentation.

diag-title-profile-run = { $engine } ran out of memory in its profile run
diag-cause-profile-run = Before sizing the KV cache, vLLM runs one batch of `max_num_batched_tokens` tokens to measure the activations; that batch did not fit next to the weights.
fix-max-num-batched-tokens = fewer tokens per forward pass; costs some prefill speed
