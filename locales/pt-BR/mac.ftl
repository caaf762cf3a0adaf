# Macs e outras memórias unificadas (issue 35, item 4).
note-mac-wired-limit = Por padrão o macOS deixa a GPU usar { $usable } GiB dos { $memory } GB deste Mac; `{ $command }` sobe esse limite para { $raised } GiB até a próxima reinicialização e deixa o resto para o macOS.
runtime-mlx = MLX
runtime-lm-studio = LM Studio
choice-runtime-mlx = MLX
choice-runtime-lm-studio = LM Studio
