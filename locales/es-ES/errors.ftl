# Errors and help (es-ES).

help-intro = Calculo cuánta memoria de GPU necesita un LLM. Pregúntame por un modelo, una precisión y, si quieres, tus GPU.
help-not-understood = No encontré ningún modelo ni tamaño de modelo en ese mensaje.
help-examples-title = Prueba, por ejemplo:
help-example-1 = llama 3.1 70b en fp16 en dos 4090
help-example-2 = ¿cabe qwen 32b en q4_k_m con 32k de contexto?
help-example-3 = entrenar llama 3 8b con qlora en una 3060 12gb
help-unparsed = No entendí: { $words }

error-unknown-model = No conozco el modelo "{ $input }".
error-unknown-gpu = No conozco la GPU "{ $input }".
error-suggestions = ¿Querías decir { $list }?
error-bad-context = El contexto debe estar entre 1 y 10 000 000 tokens.
error-bad-batch = El batch debe estar entre 1 y 100 000.
error-bad-gpu-count = El número de GPU debe estar entre 1 y 4096.
error-bad-params = El tamaño del modelo debe ser un número positivo de miles de millones, como máximo 100 000 (100 billones de parámetros).
error-bad-lora-rank = El rango de LoRA debe estar entre 1 y 4096.
error-bad-memory-share = La utilización de memoria de la GPU debe ser mayor que 0 y como mucho 1 (vLLM usa 0,9 por defecto).
error-precision-not-trainable = { $mode } no puede entrenar pesos guardados en { $precision }: usa fp16/bf16, o QLoRA para 4 bits.
error-unknown-option = Valor desconocido para { $what }: "{ $value }".
error-unknown-precision = Precisión desconocida: "{ $input }". Conocidas: fp32, fp16, bf16, fp8, int8, int4, nf4, gptq-int4, awq-int4, q4_k_m, q8_0, …
error-unknown-topic = No hay ninguna guía llamada "{ $input }". Temas: { $topics }.
error-need-model = Indica un modelo (--model) o un tamaño en miles de millones (--params-b).
error-example = Por ejemplo: { $example }
error-internal = Algo falló de nuestro lado; la pregunta quedó registrada.
error-not-a-number = "{ $value }" no es un valor válido para { $what }: indica un número entero.

# Names of the options an error can be about.
field-model-size = tamaño del modelo
field-context = contexto
field-prompt-length = longitud del prompt
field-generation-length = longitud de generación
field-batch = batch
field-gpu-count = número de GPU
field-lora-rank = rango de LoRA
field-mode = modo
field-runtime = runtime
field-optimizer = optimizador
field-lora-targets = capas objetivo de LoRA
field-gradient-checkpointing = gradient checkpointing
field-sharding = reparto
field-cpu-offload = offload a la CPU
field-gpu-memory-utilization = utilización de memoria de la GPU
field-max-num-batched-tokens = máximo de tokens por batch
field-master-weights = pesos maestros
field-optimizer-in-backward = optimizador en el backward
field-framework = framework de entrenamiento
field-engine-version = versión del motor
field-chunked-loss = pérdida por bloques
