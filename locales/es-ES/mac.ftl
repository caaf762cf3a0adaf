# Macs y otras memorias unificadas (issue 35, punto 4).
note-mac-wired-limit = De forma predeterminada, macOS deja que la GPU use { $usable } GiB de los { $memory } GB de esta Mac; `{ $command }` sube ese límite a { $raised } GiB hasta el próximo reinicio y deja el resto para macOS.
runtime-mlx = MLX
runtime-lm-studio = LM Studio
choice-runtime-mlx = MLX
choice-runtime-lm-studio = LM Studio
