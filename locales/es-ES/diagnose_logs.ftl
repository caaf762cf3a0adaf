# Errores pegados de más engines, y errores que no son de memoria (es-ES).
# Cada arreglo dice lo que cuesta.

diag-title-sampler-warmup = { $engine } se quedó sin memoria al calentar el sampler
diag-title-multimodal-profile = { $engine } se quedó sin memoria perfilando el peor caso de imágenes
diag-title-system-memory = { $engine } necesita más memoria del sistema de la que hay libre
diag-title-prefill-tokens = { $engine } no puede con el batch de prefill del calentamiento
diag-title-metal-out-of-memory = { $engine } se quedó sin la memoria de GPU de la Mac
diag-title-driver-too-old = No es un error de memoria: el driver de NVIDIA es demasiado viejo
diag-title-illegal-memory-access = No es falta de memoria: un kernel ha leído fuera de su memoria
diag-title-nccl = No es un error de memoria: falló NCCL, la comunicación entre GPU
diag-title-tokenizer = No es un error de memoria: el archivo del tokenizer es más nuevo que tu librería tokenizers
diag-title-missing-module = No es un error de memoria: falta un módulo de Python
diag-title-disk-full = No es un error de memoria: el disco está lleno
diag-title-missing-file = No es un error de memoria: falta un archivo
diag-title-bitsandbytes-setup = No es un error de memoria: bitsandbytes no encontró una librería CUDA para él

diag-cause-sampler-warmup = Al arrancar, vLLM muestrea una vez para max_num_seqs peticiones ficticias; los logits de tantas secuencias no cupieron junto a los pesos.
diag-cause-multimodal-profile = vLLM perfila el peor caso: todas las secuencias con el máximo de imágenes y videos por prompt. Ese pico, no tus entradas reales, es lo que no cupo.
diag-cause-system-memory = Ollama revisa la RAM (y la VRAM) antes de cargar: el modelo y su contexto necesitan más de lo que hay libre.
diag-cause-prefill-tokens = TGI calienta con un batch de `--max-batch-prefill-tokens` tokens; sus activaciones no cupieron junto a los pesos y la caché KV.
diag-cause-metal-out-of-memory = En una Mac la GPU solo puede usar parte de la memoria unificada; los pesos más la caché KV de este contexto la superaron.
diag-cause-driver-too-old = El driver soporta un CUDA más viejo que aquel con el que se compiló tu PyTorch. La memoria de la tarjeta no tiene nada que ver.
diag-cause-illegal-memory-access = Un kernel de la GPU ha leído o escrito fuera de sus buffers: un bug o un build que no coincide, no una tarjeta llena. Más memoria no lo arregla.
diag-cause-nccl = Los procesos de un job multi-GPU no han podido comunicarse (a menudo la memoria compartida en un contenedor, o la red entre nodos).
diag-cause-tokenizer = El tokenizer.json lo ha escrito una versión de tokenizers más nueva que la instalada.
diag-cause-missing-module = El paquete no está instalado en este Python, o su parte compilada se ha hecho para otro Python u otro CUDA.
diag-cause-disk-full = Se acabó el espacio en disco al escribir una descarga, un checkpoint o una caché.
diag-cause-missing-file = La ruta que lee el job no existe, o a la carpeta del modelo le falta un archivo.
diag-cause-bitsandbytes-setup = bitsandbytes no pudo cargar un build para el CUDA que encontró y cayó en su librería de CPU.

diag-fig-system = Memoria necesaria { $required }, disponible { $available }
diag-fig-devices-free = Libre por dispositivo: { $list }
diag-fig-flash-attn-off = Flash attention: apagado
diag-fig-max-num-seqs = Secuencias por batch: { $n }
diag-fig-prefill = Tokens de prefill pedidos: { $n }

fix-max-num-seqs = menos secuencias a la vez; cuesta throughput solo con mucha carga
fix-limit-mm-per-prompt = menos imágenes por prompt en el perfil de peor caso; cuesta prompts con más imágenes que eso
fix-smaller-inputs = menos entradas a la vez; cuesta velocidad, no resultados
fix-zero-offload = optimizer states y parámetros en la memoria de la CPU; cuesta tiempo por paso y RAM
fix-unsloth-checkpointing = el checkpointing con offload de Unsloth; cuesta algo de tiempo por paso
fix-flash-attention = flash attention no necesita un buffer de atención del tamaño del contexto; no cuesta nada en las GPU compatibles
fix-ubatch = un micro-batch más pequeño reduce el buffer de cálculo; cuesta algo de velocidad en el prompt
fix-tensor-split = reparte los pesos según lo que cada tarjeta tiene libre; no cuesta nada
fix-smaller-quant = una cuantización más pequeña del mismo modelo; cuesta algo de calidad
fix-ollama-num-ctx = un contexto más corto usa menos memoria; cuesta cuánto texto ve el modelo (o pon num_ctx en el Modelfile)
fix-ollama-num-gpu = menos capas en la GPU, el resto en la CPU; cuesta velocidad
fix-ollama-flash-attention = flash attention y una caché KV de 8 bits reducen más o menos a la mitad la memoria del contexto; casi no cuestan nada (reinicia el servidor)
fix-free-system-memory = descarga otros modelos y cierra programas que ocupan RAM; no cuesta nada
fix-max-batch-prefill-tokens = un batch de prefill más pequeño; cuesta throughput con prompts largos
fix-max-batch-total-tokens = menos tokens en curso; cuesta peticiones simultáneas
fix-mlx-max-kv-size = limita la caché KV (mlx_lm); cuesta los tokens más viejos de chats largos
fix-update-driver = instala un driver que soporte el CUDA de tu PyTorch; cuesta un reinicio
fix-torch-for-driver = o instala el PyTorch compilado para el CUDA que soporta tu driver
fix-cuda-launch-blocking = ejecútalo una vez así para ver qué kernel falló; cuesta velocidad mientras depuras
fix-upgrade-engine = una versión más nueva muchas veces ya tiene el kernel arreglado
fix-nccl-debug = así NCCL dice qué falló
fix-nccl-shm = los contenedores necesitan memoria compartida para NCCL
fix-upgrade-tokenizers = las versiones nuevas leen archivos de tokenizer nuevos
fix-reinstall = reinstálalo para este Python y este CUDA
fix-free-disk = mira qué disco está lleno y mueve la caché de Hugging Face a uno con espacio
fix-check-path = revisa que la ruta exista y que la carpeta del modelo tenga todos los archivos
fix-upgrade-bitsandbytes = un bitsandbytes actual trae builds para los CUDA actuales; su autochequeo dice qué falta

diag-verdict-short = Necesita { $need } por GPU y la tarjeta tiene { $total }: no cabe tal como está; los arreglos de abajo lo hacen caber.
diag-verdict-other = Necesita { $need } de los { $total } de la tarjeta: cabe, pero hay { $other } ocupados fuera de este job.
diag-verdict-fits = Necesita { $need } de los { $total } de la tarjeta: debería caber, así que el pico del log viene del batch, de la longitud de secuencia o de la fragmentación.

diag-title-profile-run = { $engine } se quedó sin memoria en su pasada de perfilado
diag-cause-profile-run = Antes de dimensionar la caché KV, vLLM ejecuta un batch de `max_num_batched_tokens` tokens para medir las activaciones; ese batch no cupo junto a los pesos.
fix-max-num-batched-tokens = menos tokens por pasada; cuesta algo de velocidad en el prefill
