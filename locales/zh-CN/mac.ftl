# Mac 与其他统一内存设备（issue 35 第 4 项）。
note-mac-wired-limit = macOS 默认只让 GPU 使用这台 Mac { $memory } GB 内存中的 { $usable } GiB；运行 `{ $command }` 可把上限提高到 { $raised } GiB（重启后失效），其余留给 macOS。
runtime-mlx = MLX
runtime-lm-studio = LM Studio
choice-runtime-mlx = MLX
choice-runtime-lm-studio = LM Studio
