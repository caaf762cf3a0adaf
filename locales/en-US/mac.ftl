# Macs and other unified memory (issue 35 item 4).
note-mac-wired-limit = By default macOS lets the GPU use { $usable } GiB of this Mac's { $memory } GB; `{ $command }` raises that to { $raised } GiB until the next restart, leaving the rest to macOS.
runtime-mlx = MLX
runtime-lm-studio = LM Studio
choice-runtime-mlx = MLX
choice-runtime-lm-studio = LM Studio
