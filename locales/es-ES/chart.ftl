# El gráfico de memoria (src/render/chart.rs): SVG en la página y el PNG de Discord y de las
# vistas previas de enlaces. Etiquetas cortas: se lee en el móvil. Cada carácter de aquí debe
# estar en las fuentes incrustadas: tras un cambio, ejecuta `python3 data/gen/subset_fonts.py`.

chart-heading = Memoria por GPU
chart-subtitle = { $precision } · { $mode } · { $context } tokens
chart-mode-inference = inferencia
chart-mode-full-finetune = fine-tuning completo
chart-mode-lora = LoRA
chart-mode-qlora = QLoRA
chart-part-weights = pesos
chart-part-kv-cache = caché KV
chart-part-activations = activaciones
chart-part-gradients = gradientes
chart-part-optimizer = optimizador
chart-part-overhead = overhead
chart-usage = { $needed } / { $usable } GiB
chart-usable = memoria utilizable
chart-capacity = memoria de la GPU
chart-needed = { $needed } GiB por GPU
chart-nothing-fits = Ninguna GPU del catálogo tiene tanta memoria
chart-alt = Memoria por GPU de { $model }, parte por parte, frente a la memoria utilizable de cada configuración
