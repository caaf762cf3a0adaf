# Models looked up on the Hugging Face Hub, or read from a config.json the user brings.
hub-error-not-found = I couldn't find `{ $repo }` on the Hugging Face Hub. Check the spelling (owner/name), or ask about a model I know.
hub-error-gated = `{ $repo }` is gated: accept its terms on the Hub, then set HF_TOKEN to a token of that account so I can read its files.
hub-error-no-weights = `{ $repo }` has no weight files I can read (safetensors or GGUF; missing: { $detail }).
hub-error-malformed = The files of `{ $repo }` don't parse: { $detail }.
hub-error-too-large = A header of `{ $repo }` is larger than I read ({ $detail }), so I stopped instead of downloading it.
hub-error-unreachable = The Hugging Face Hub didn't answer about `{ $repo }` in time, and I have no model of that name or size to stand in. Try again later.
hub-error-offline = Hub look-ups are off (offline mode), and I have no model of the name `{ $repo }`. Ask about a model I know, or give its size.
hub-error-invalid-config = I can't use this config.json ({ $repo }): { $detail }.
hub-why-offline = Hub look-ups are off
hub-why-unreachable = the Hugging Face Hub didn't answer
hub-why-slow = the Hugging Face Hub was too slow
hub-why-busy = there are too many Hub look-ups right now
hub-fallback-catalog = { $why }, so `{ $repo }` is estimated as { $model }, the closest model I know.
hub-fallback-size = { $why }, so `{ $repo }` is estimated from the size in its name ({ $model }).
hub-exact-safetensors = weights: { $gib } GiB, read from the repo's safetensors headers ({ $files } files, { $tensors } tensors, { $quantized } quantized; { $method }).
hub-exact-gguf = weights: { $gib } GiB, read from the GGUF file's header ({ $tensors } tensors, { $quantized } quantized; { $method }).
opt-estimate-config = config
    .description = A model's config.json, for a model I don't know
web-config-summary = A model I don't know? Paste its config.json
web-config-label = config.json
web-config-question = The job (optional)
web-config-placeholder = fp8 on 2x h100, 32k context
# The command line, while a Hub look-up takes more than 300 ms.
cli-hub-looking-up = Looking up { $repo } on the Hugging Face Hub…
