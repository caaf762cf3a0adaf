# The memory chart (src/render/chart.rs): one picture of an answer, inline SVG on the web page
# and the PNG that Discord and link previews show. Short labels: it is read on a phone.
# Every character here must be in the embedded fonts: after a change, run
# `python3 data/gen/subset_fonts.py` (tests/it/chart.rs fails until then).

chart-heading = Memory per GPU
chart-subtitle = { $precision } · { $mode } · { $context } tokens
chart-mode-inference = inference
chart-mode-full-finetune = full fine-tune
chart-mode-lora = LoRA
chart-mode-qlora = QLoRA
chart-part-weights = weights
chart-part-kv-cache = KV cache
chart-part-activations = activations
chart-part-gradients = gradients
chart-part-optimizer = optimizer states
chart-part-overhead = overhead
chart-usage = { $needed } / { $usable } GiB
chart-usable = usable memory
chart-capacity = GPU memory
chart-needed = { $needed } GiB per GPU
chart-nothing-fits = No GPU in the catalog holds that much
chart-alt = Memory per GPU for { $model }, part by part, against the usable memory of each setup
