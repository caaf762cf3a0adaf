# Errors and help (en-US).

help-intro = I size GPU memory for LLMs. Ask me about a model, a precision and, if you like, your GPUs.
help-not-understood = I couldn't find a model or a model size in that message.
help-examples-title = Try for example:
help-example-1 = llama 3.1 70b fp16 on 2x 4090
help-example-2 = qwen 32b q4_k_m, 32k context
help-example-3 = qlora llama 3 8b on a 3060 12gb
help-unparsed = Not understood: { $words }

error-unknown-model = I don't know the model "{ $input }".
error-unknown-gpu = I don't know the GPU "{ $input }".
error-suggestions = Did you mean { $list }?
error-bad-context = The context must be between 1 and 10,000,000 tokens.
error-bad-batch = The batch must be between 1 and 100,000.
error-bad-gpu-count = The number of GPUs must be between 1 and 4,096.
error-bad-params = The model size must be a positive number of billions, at most 100,000 (100 trillion parameters).
error-bad-lora-rank = The LoRA rank must be between 1 and 4,096.
error-bad-memory-share = The GPU memory utilization must be above 0 and at most 1 (vLLM's default is 0.9).
error-precision-not-trainable = { $mode } cannot train weights stored as { $precision }: use fp16/bf16, or QLoRA for 4-bit.
error-unknown-option = Unknown { $what }: "{ $value }".
error-unknown-precision = Unknown precision "{ $input }". Known: fp32, fp16, bf16, fp8, int8, int4, nf4, gptq-int4, awq-int4, q4_k_m, q8_0, …
error-unknown-topic = No guide called "{ $input }". Topics: { $topics }.
error-need-model = Name a model (--model) or a size in billions (--params-b).
error-example = For example: { $example }
error-internal = Something went wrong on our side; the question was logged.
error-not-a-number = "{ $value }" is not a valid { $what }: give a whole number.

# Names of the options an error can be about.
field-model-size = model size
field-context = context
field-prompt-length = prompt length
field-generation-length = generation length
field-batch = batch
field-gpu-count = GPU count
field-lora-rank = LoRA rank
field-mode = mode
field-runtime = runtime
field-optimizer = optimizer
field-lora-targets = LoRA targets
field-gradient-checkpointing = gradient checkpointing
field-sharding = sharding
field-cpu-offload = CPU offload
field-gpu-memory-utilization = GPU memory utilization
field-max-num-batched-tokens = max num batched tokens
field-master-weights = master weights
field-optimizer-in-backward = optimizer in backward
field-framework = training framework
field-engine-version = engine version
field-chunked-loss = chunked loss
