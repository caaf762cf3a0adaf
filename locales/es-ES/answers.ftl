# Answers (es-ES): el texto alrededor de una estimación.

mode-inference = inferencia
mode-full-finetune = fine-tuning completo
mode-lora = LoRA
mode-qlora = QLoRA

answer-title = { $model } · { $precision } · { $mode }
answer-job = { $context } tokens · batch { $batch } · { $runtime }
answer-job-training = secuencias de { $context } tokens · micro-batch { $batch } · { $optimizer }
answer-total = Pico de memoria estimado: **{ $total } GiB**
answer-total-split = Pico de memoria estimado: **{ $total } GiB** en total, **{ $per_gpu } GiB** por GPU en { $gpus }
answer-breakdown-title = Desglose:

part-weights = pesos
part-kv-cache = caché KV
part-activations = activaciones
part-overhead = overhead
part-gradients = gradientes
part-optimizer = estados del optimizador
part-item = { $label } { $value } GiB

answer-fit-yes = ✅ Cabe en { $setup }: { $per_gpu } GiB por GPU de { $usable } GiB utilizables (sobran { $headroom } GiB).
answer-fit-tight = ⚠️ Justo, puede que no quepa en { $setup }: { $per_gpu } GiB por GPU de { $usable } GiB utilizables, dentro del margen de error de ±{ $band }% de esta estimación.
answer-fit-no = ❌ No cabe en { $setup }: necesita { $per_gpu } GiB por GPU y solo hay { $usable } GiB utilizables.
answer-fit-needed = Cabe en { $count } × { $gpu }.
answer-fit-needed-cluster = Harían falta { $count } × { $gpu }: más tarjetas de las que admite una sola máquina, así que mira las configuraciones de abajo.
answer-fit-never = Añadir más tarjetas de este modelo no lo soluciona (cada una seguiría necesitando más memoria de la que tiene).
answer-fit-offload = Con los estados en la memoria de la CPU (`cpu_offload` de FSDP, ZeRO-Offload: `--cpu-offload`) cabe: { $per_gpu } GiB por GPU, con pasos más lentos.
answer-usable-why = La memoria utilizable es la nominal menos el contexto CUDA y la reserva del runtime.

answer-setups-title = Configuraciones que caben
answer-setups-title-training = Configuraciones que caben (entrenamiento)
answer-setup-speed = ≈{ $tps } tokens/s
answer-setup-price = { $price } a precio de lanzamiento
price-usd = { $amount } USD
answer-nothing-fits = Nada del catálogo puede con este trabajo, ni siquiera 64 GPU del modelo más grande.

tag-cheapest = la más barata
tag-cheapest-single = tarjeta única más barata
tag-fewest-cards = menos tarjetas
tag-fastest = la más rápida
tag-datacenter = centro de datos

link-single = una GPU
link-nvlink = NVLink
link-nvlink-bridge = puente NVLink
link-pcie = PCIe
link-infinity-fabric = Infinity Fabric
link-multi-node = varios nodos

advice-nvlink = Este trabajo mueve muchos datos entre GPU (entrenamiento o paralelismo de tensores): NVLink (servidores SXM, pares con puente) compensa frente a PCIe a secas.
advice-layer-split = Si se reparte por capas (llama.cpp, device_map="auto"), entre tarjetas solo pasan activaciones pequeñas: con PCIe basta.
advice-sxm-only = Dentro de un solo servidor, solo las máquinas SXM (8 GPU con NVLink/NVSwitch) pueden con este trabajo.
advice-multi-node = Esto requiere varios servidores de 8 GPU conectados por InfiniBand.

answer-speed-note = Las velocidades son estimaciones a partir del ancho de banda de memoria, no mediciones.
answer-pool-capacity = { $runtime } al { $util } % de la tarjeta deja sitio para { $tokens } tokens de caché KV: { $sequences_n ->
    [one] una secuencia
   *[other] unas { $sequences } secuencias
} de { $context } tokens a la vez.
answer-pool-capacity-none = { $runtime } al { $util } % de la tarjeta deja sitio para { $tokens } tokens de caché KV: ni una sola secuencia de { $context } tokens, así que esta configuración no la sirve.

answer-rule = Regla práctica (P × 4 bytes × Q/32 × 1,2): **{ $rule } GB** ({ $rule_gib } GiB).
rule-close = Coincide con nuestra estimación con un margen de { $pct } %.
rule-lower = Nuestra estimación es un { $pct } % menor: el margen fijo del 20 % de la regla supera lo que necesitan la caché KV y las activaciones de este trabajo.
rule-higher = Nuestra estimación es un { $pct } % mayor: con { $context } tokens × batch { $batch }, la caché KV y las activaciones ocupan más que el 20 % fijo de la regla.
rule-quantized = La regla cuenta { $nominal } bits por peso; en realidad { $precision } guarda unos { $bits } bits, más embeddings en 16 bits cuando el formato los conserva.
rule-training = La regla solo cubre la inferencia: el entrenamiento añade gradientes ({ $gradients } GiB), estados del optimizador ({ $optimizer } GiB) y las activaciones que se guardan para el backward.

assumed-title = Supuestos:
assumed-precision = { $precision } (no se indicó precisión)
assumed-precision-native = { $precision }, el formato en que se publica el checkpoint (no se indicó precisión)
assumed-context = { $tokens } tokens de contexto (no se indicó)
assumed-runtime = el perfil { $runtime } (no se indicó runtime)
assumed-sharding = { $sharding } entre las GPU (no se indicó cómo repartir)
assumed-checkpointing-on = gradient checkpointing activado, como en las recetas de { $method } (no se indicó)
assumed-checkpointing-off = gradient checkpointing desactivado (no se indicó)

match-newest = "{ $model }", el más reciente de { $count } modelos con ese nombre; indica la versión para otro.
match-corrected = Interpreté "{ $input }" como { $model }.
match-assumed = No tengo claro qué modelo es "{ $input }": esta respuesta supone { $model }. Indica el nombre exacto si es otro.
match-sized-from-name = No conozco { $name }: se estimó como un modelo { $kind ->
    [moe] de mezcla de expertos (MoE)
   *[dense] denso
} de { $params } millones de parámetros, con la forma de { $like }. Indica un id del Hub (org/nombre) para la arquitectura exacta.

note-synthetic = No hay ningún modelo con ese nombre en el catálogo: la arquitectura se deduce del tamaño ({ $params } millones de parámetros, con la forma de { $reference }).
note-moe = Mezcla de expertos (MoE): todos los expertos están en memoria, aunque solo { $active } millones de parámetros trabajan por token (eso es lo que marca la velocidad).
note-config-disagrees = Las dimensiones del config dan { $config } millones de parámetros, pero los archivos del checkpoint tienen { $header } millones: puede que el config no describa estos pesos, así que se usa el recuento de los archivos.
note-mla = La multi-head latent attention guarda una caché comprimida: { $bytes } bytes por token.
note-sliding-window = Las capas de ventana deslizante guardan como máximo { $window } tokens en su caché.
note-hybrid-state = Solo { $attention } de sus { $layers } capas guardan una caché KV que crece con el contexto; las demás (atención lineal o Mamba) mantienen un estado fijo de unos { $state } MiB por secuencia, sea cual sea su longitud.
note-vision-tower = El checkpoint incluye un codificador de visión ({ $size } millones de parámetros), que cuenta en los pesos aunque solo uses texto.
note-vision-tower-tokens = El checkpoint incluye un codificador de visión ({ $size } millones de parámetros), que cuenta en los pesos aunque solo uses texto; cada imagen ocupa unos { $tokens } tokens de contexto, así que súmalos al contexto que pidas.
note-context-beyond = El modelo se entrenó con un máximo de { $max } tokens; los contextos más largos necesitan rope scaling y pueden perder calidad.
note-embeddings-16bit = { $precision } mantiene los embeddings y la capa de salida en 16 bits.
note-experts-only = { $precision } solo cubre los pesos de los expertos; la atención, los embeddings y la capa de salida siguen en 16 bits.
note-vllm = vLLM reserva de entrada el { $util } % de cada tarjeta y llena el resto con caché KV (cifras de arranque de vLLM { $version }).
note-sharded = Los estados de entrenamiento se reparten entre { $gpus } con { $sharding }: { $what }.
sharded-ddp = cada GPU guarda una copia completa
sharded-zero1 = cada GPU guarda su parte de los estados del optimizador
sharded-zero2 = cada GPU guarda su parte de los estados del optimizador y de los gradientes
sharded-zero3 = cada GPU guarda su parte de los pesos, los gradientes y los estados del optimizador
note-sharded-offload = Los estados del optimizador (y, con ZeRO-3/FSDP, los pesos) pasan a la memoria de la CPU: pasos más lentos, mucha menos memoria de GPU.
note-cpu-offload = Los estados del optimizador pasan a la memoria de la CPU: pasos más lentos, mucha menos memoria de GPU.
note-all-offload = Los pesos, los gradientes y los estados del optimizador pasan todos a la memoria de la CPU ({ $sharding }): cada capa sube a la GPU solo mientras se ejecuta, así que los pasos son mucho más lentos y la GPU apenas guarda más que la capa en curso.
note-host-states = Los estados descargados necesitan unos { $gib } GiB de memoria de la CPU (RAM) de la máquina, además de lo que usan el sistema y la carga de datos.
note-cached-reading = nvidia-smi mostrará probablemente más, unos { $low }-{ $high } GiB por GPU: con la descarga, PyTorch guarda en caché los bloques liberados (entre 1,6 y 2,3 veces lo que ocupan los tensores, según medimos) y los devuelve antes de quedarse sin memoria.
note-paged-out = Los estados de AdamW 8-bit paginado no caben todos: unos { $gib } GiB por GPU pasan a la memoria de la CPU, lo que hace más lento cada paso.
note-fp8-weight-only = Esta tarjeta no tiene núcleos tensoriales FP8 (llegaron con Ada y Hopper): los pesos FP8 se guardan en 8 bits pero se calculan en 16 (solo pesos), así que ahorran memoria, no tiempo; int8 (W8A8) es su vía rápida de 8 bits.
note-checkpointing = El gradient checkpointing guarda solo la entrada de cada capa y recalcula el resto.
note-framework-hf = Calculado como lo ejecuta el Trainer de Hugging Face con PEFT.
note-framework-unsloth = Calculado como lo ejecuta Unsloth: las entradas de capa que guarda el gradient checkpointing esperan en la memoria de la CPU, lm_head y la pérdida se calculan juntos por trozos, la base de 4 bits no se convierte a fp32 y sus notebooks entrenan con AdamW de 8 bits.
note-framework-axolotl = Calculado como lo ejecuta Axolotl: pesos en bf16 sin copia maestra en fp32; Cut Cross Entropy y Liger quedan desactivados salvo que la configuración los active.
note-framework-llama-factory = Calculado como lo ejecuta LLaMA-Factory: el Trainer de Hugging Face con sus valores por defecto (Liger desactivado).
note-framework-torchtune = Calculado como lo ejecuta torchtune: bf16 puro sin copia maestra en fp32, pérdida calculada por trozos y LoRA en bf16.
note-backward-overlap = El backward libera las activaciones a medida que escribe los gradientes, así que el pico es menor que la suma de las partes de arriba.
note-runtime-mismatch = { $runtime } no carga { $precision } de forma nativa; las cifras suponen que sí.
answer-error-band = Margen de error: ±{ $pct } % ({ $basis }).
error-band-measured = según mediciones de este runtime y formato
error-band-unmeasured = aún no hay mediciones para este caso, así que es una estimación amplia

answer-guides-title = Más información:

compare-title = Comparativa de GPU
compare-memory = Memoria
compare-bandwidth = Ancho de banda
compare-fp16 = TFLOPS tensor FP16/BF16 (denso, acumulación en FP32)
compare-fp8 = TFLOPS tensor FP8 (denso, acumulación en FP32)
compare-nvlink = NVLink
compare-form = Formato
compare-power = Consumo
compare-ecc = ECC
compare-price = Precio
compare-price-launch = { $price } en el lanzamiento
compare-cloud-price = Alquiler en la nube por hora
compare-price-per-gb = Precio por GB
compare-runs-16bit = Funciona en 16 bits
compare-runs-4bit = Funciona en 4 bits (Q4_K_M)
compare-runs-note = "Funciona" significa una tarjeta, 8192 tokens de contexto y la memoria utilizable tras la reserva del runtime.
compare-yes = sí
compare-no = no
compare-none = ninguno de los modelos populares
compare-no-price = no se vende a precio de lista
form-consumer = tarjeta de consumo
form-pcie = tarjeta PCIe
form-sxm = módulo SXM (servidores)
form-unified = memoria unificada (SoC)

# A number of GPU, with the plural the language uses.
gpu-count = { $count_n ->
    [one] { $count } GPU
   *[other] { $count } GPU
}

# Punctuation that joins parts of an answer (assumptions, a setup's labels).
sep-clause = {"; "}
sep-list = {", "}
sep-open = {" ("}
sep-close = )
sep-after-title = {" "}
sep-colon = {": "}

## El plan: cambios que hacen que el trabajo quepa, capacidad de servicio, el comando para arrancarlo.
answer-levers-title = Para que quepa en { $gpus_n ->
    [one] esta GPU:
   *[other] estas GPU:
}
answer-levers-title-room = Para tener más margen en { $gpus_n ->
    [one] esta GPU:
   *[other] estas GPU:
}
answer-levers-none = Ningún cambio en estas tarjetas (formato, contexto, offload a la CPU, particionado), ni ninguna cantidad de ellas dentro de un rack, hace que quepa.
# After a setup or a lever and sep-colon: "2 × RTX 3090: 21.5 GiB per GPU".
amount-per-gpu = { $per_gpu } GiB por GPU
lever-precision = pesos en { $value } ({ $quality })
lever-precision-gpus = pesos en { $value } ({ $quality }) en { $count }
lever-kv-precision = caché KV en { $value }
lever-context = un contexto de como mucho { $value } tokens
lever-offload = estados del optimizador en la memoria de la CPU (`cpu_offload`), con pasos más lentos
lever-gradient-checkpointing = gradient checkpointing activado (pasos alrededor de un tercio más lentos)
lever-qlora = QLoRA (base NF4 de 4 bits) en lugar de LoRA
lever-optimizer = el optimizador { $value }
lever-zero = particionado completo con { $sharding }
lever-more-gpus = { $count } de esta tarjeta
lever-runtime-changed = { $runtime } en lugar de { $asked }: { $usable } GiB utilizables por GPU en lugar de { $asked_usable } GiB
answer-serving = Capacidad de servicio: { $pool } GiB de caché KV; una petición admite hasta { $context } tokens; { $concurrency_n ->
    [one] una petición
   *[other] { $concurrency } peticiones
} de { $asked } tokens a la vez, unos { $speed } tokens/s en total.
answer-serving-none = Capacidad de servicio: { $pool } GiB de caché KV; una petición admite hasta { $context } tokens; no cabe ni una petición de { $asked } tokens.
answer-launch-title = Para arrancarlo:
answer-launch-missing = No tenemos en la lista ningún checkpoint { $precision } de este modelo, así que no hay comando que pegar: busca uno en el Hub de Hugging Face («{ $search }») y cárgalo con { $runtime }.
answer-launch-generic = Un tamaño solo no nombra ningún checkpoint, así que no hay comando para pegar: di el modelo ("llama 3.1 70b", "qwen2.5 72b") para ver su línea de comando con { $runtime }.
lever-quality-negligible = casi sin pérdida de calidad
lever-quality-small = una pequeña pérdida de calidad
lever-quality-moderate = algo de pérdida de calidad, el compromiso habitual
lever-quality-noticeable = una pérdida de calidad apreciable

# The title of an answer for a bare size ("70b"), sized with a catalog model's architecture.
model-generic-shape = un modelo de { $size }B con la arquitectura de { $like }
model-generic-title = Modelo de { $size }B, arquitectura de { $like }

# The last line of a chat-length answer at the terminal: where the rest is.
answer-chat-more = Todas las configuraciones, la regla práctica, los supuestos y las notas: agrega `--full`.
