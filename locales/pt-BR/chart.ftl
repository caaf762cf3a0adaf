# O gráfico de memória (src/render/chart.rs): SVG na página e o PNG do Discord e das prévias
# de link. Rótulos curtos: é lido no celular. Todo caractere daqui precisa estar nas fontes
# embutidas: depois de mudar, rode `python3 data/gen/subset_fonts.py`.

chart-heading = Memória por GPU
chart-subtitle = { $precision } · { $mode } · { $context } tokens
chart-mode-inference = inferência
chart-mode-full-finetune = fine-tuning completo
chart-mode-lora = LoRA
chart-mode-qlora = QLoRA
chart-part-weights = pesos
chart-part-kv-cache = cache KV
chart-part-activations = ativações
chart-part-gradients = gradientes
chart-part-optimizer = estados do otimizador
chart-part-overhead = overhead
chart-usage = { $needed } / { $usable } GiB
chart-usable = memória utilizável
chart-capacity = memória da GPU
chart-needed = { $needed } GiB por GPU
chart-nothing-fits = Nenhuma GPU do catálogo tem tanta memória
chart-alt = Memória por GPU de { $model }, parte por parte, comparada com a memória utilizável de cada configuração
