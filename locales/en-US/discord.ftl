# Discord: slash command names, descriptions, options, choices, buttons and notices.
# Command and option names must be lowercase, without spaces, at most 32 characters;
# descriptions at most 100 characters; choice names at most 100 characters.

cmd-estimate = estimate
    .description = How much GPU memory a model needs, and which GPUs fit
opt-estimate-model = model
    .description = Model name or id, e.g. llama 3.1 70b
opt-estimate-precision = precision
    .description = Weight precision or quantization format
opt-estimate-context = context
    .description = Tokens held per sequence (prompt + output); default 8192
opt-estimate-batch = batch
    .description = Sequences at once; default 1
opt-estimate-mode = mode
    .description = Inference or a kind of fine-tuning
opt-estimate-gpu = gpu
    .description = A GPU to check the job against
opt-estimate-gpus = gpus
    .description = How many of that GPU
opt-estimate-runtime = runtime
    .description = The serving stack

cmd-compare = compare
    .description = Compare GPUs side by side and see which models each runs
opt-compare-gpu_a = gpu_a
    .description = First GPU
opt-compare-gpu_b = gpu_b
    .description = Second GPU
opt-compare-gpu_c = gpu_c
    .description = Third GPU (optional)
opt-compare-gpu_d = gpu_d
    .description = Fourth GPU (optional)

cmd-explain = explain
    .description = A short guide: VRAM, NVLink, quantization, KV cache and more
opt-explain-topic = topic
    .description = What to explain

cmd-fit = fit
    .description = Which models fit on a GPU setup, and with how much context
opt-fit-gpu = gpu
    .description = The GPU
opt-fit-count = count
    .description = How many of that GPU; default 1
opt-fit-precision = precision
    .description = Weight precision; default fp16

cmd-language = language
    .description = Choose the language I reply to you in
opt-language-language = language
    .description = Leave empty to see the current setting
opt-language-server = server
    .description = Set the server's default instead (Manage Server)

cmd-stats = stats
    .description = What this server asks most: models, precisions, languages
opt-stats-period = period
    .description = Time span; default the last 30 days

cmd-forget-me = forget-me
    .description = Delete your logged questions and preferences

cmd-listen = listen
    .description = Answer every sizing question in this channel, no mention needed
opt-listen-enabled = enabled
    .description = On or off; default on

choice-mode-inference = Inference
choice-mode-full-finetune = Full fine-tune
choice-mode-lora = LoRA fine-tune
choice-mode-qlora = QLoRA fine-tune
choice-precision-float = { $name } (floating point)
choice-precision-int = { $name } (weight-only quantization)
choice-precision-gguf = { $name } (GGUF, llama.cpp)
choice-runtime-transformers = Transformers (PyTorch)
choice-runtime-vllm = vLLM
choice-runtime-sglang = SGLang
choice-runtime-llama-cpp = llama.cpp
choice-runtime-ollama = Ollama
choice-language-auto = Automatic (follow my Discord language)
choice-language-en = English
choice-language-pt = Portuguese (Brazil)
choice-language-es = Spanish
choice-language-zh = Chinese (Simplified)
choice-period-day = Last 24 hours
choice-period-week = Last 7 days
choice-period-month = Last 30 days
choice-period-all = All time

button-explain-nvlink = What is NVLink?
button-explain-quantization = What is quantization?
button-explain-multi-gpu = Splitting over GPUs
button-breakdown = Full breakdown

discord-footer = vramguide · estimates, not guarantees · /explain for the why
discord-breakdown-title = Breakdown
discord-advice-title = Advice
discord-more-title = Rule of thumb
discord-notes-title = Notes
discord-guides-title = Guides
discord-fit-models-title = What fits on { $setup } at { $precision }
discord-fit-models-line = **{ $model }**: up to { $context } tokens of context
discord-fit-models-none = Nothing in the catalog fits on { $setup } at { $precision }. Try a smaller precision or more GPUs.
discord-fit-models-more = …and { $count } more.

notice-rate-limited = You are asking very fast. Please wait { $seconds } s and try again.
notice-not-yours = Only the person who asked can use these buttons. Ask your own question to get yours.
notice-button-expired = This button has expired. Please ask again.
notice-language-set = I will reply to you in { $language }.
notice-language-cleared = I will follow your Discord language again.
notice-language-current = I reply to you in { $language }.
notice-language-server-set = This server's default reply language is now { $language }.
notice-language-server-cleared = This server has no default reply language any more.
notice-needs-manage-server = You need the Manage Server permission for this.
notice-needs-manage-channels = You need the Manage Channels permission for this.
notice-guild-only = This command only works in a server.
notice-listen-on = I will answer every sizing question in this channel.
notice-listen-off = I will only answer in this channel when mentioned.
notice-listen-no-intent = Saved, but I cannot read messages here yet: this bot runs without the Message Content intent. Enable it in the Developer Portal (Bot › Privileged Gateway Intents) and start the bot with --message-content. Mentions still work.
notice-forgot = Done: I deleted { $rows_n ->
    [one] { $rows } stored row
   *[other] { $rows } stored rows
} about you.
notice-stats-empty = No questions logged for this server in that period.
notice-internal-error = Something went wrong on my side. Please try again in a moment.
