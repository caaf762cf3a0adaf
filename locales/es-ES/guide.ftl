# Guide topics (es-ES): written for vramguide; facts from the seed articles, words our own.

## VRAM

guide-vram-title = VRAM: qué ocupa la memoria de la GPU
guide-vram-summary = Qué guarda la memoria de la GPU al ejecutar o entrenar un LLM, por qué es lo primero que se agota y cómo estimarla rápido.
guide-vram-body =
    Para ejecutar o entrenar un LLM, la memoria de la propia tarjeta gráfica (**VRAM**) tiene que alojar todo lo que la GPU usa en cada paso:
    - **Pesos**: parámetros × bytes por parámetro (2 bytes en fp16/bf16, unos 0,5 en 4 bits).
    - **Caché KV**: claves y valores de cada token del contexto, para cada secuencia del batch.
    - **Activaciones**: tensores temporales de la pasada hacia delante, que alcanzan su pico mientras se procesa un prompt largo.
    - **Overhead del runtime**: contexto CUDA, espacios de trabajo de cuBLAS, caché del asignador, CUDA graphs.
    - En el **entrenamiento** se suman los **gradientes** y los **estados del optimizador**: con Adam en precisión mixta son unos 16 bytes por parámetro, sin contar las activaciones.

    Casi siempre la memoria es el primer límite. Si el trabajo no cabe, ninguna otra especificación de la tarjeta importa; descargar parte del modelo a la RAM del sistema funciona, pero es muchas veces más lento.

    Una vez que cabe, el **ancho de banda de memoria** marca la velocidad. Generar cada token (decode) implica leer todos los pesos una vez, así que el techo aproximado es ancho de banda ÷ tamaño del modelo: un modelo de 8B en 16 bits (unos 16 GB) en una RTX 4090 (1008 GB/s) se queda cerca de 60 tokens/s para un solo usuario. La capacidad de cálculo pesa más con prompts largos y en el entrenamiento.

    La cifra de la caja promete más de lo que puedes usar. El **contexto CUDA** ocupa unos 0,3-0,5 GiB por proceso, los frameworks guardan reservas y el escritorio gráfico también puede quedarse con algo. La memoria de las GPU se fabrica en tamaños binarios: una tarjeta de "24 GB" tiene 24 GiB (de 2^30 bytes cada uno), que es lo que muestra nvidia-smi. La diferencia del 7 % entre GB (10^9 bytes) y GiB afecta a los archivos de modelo y a la regla práctica de abajo, que cuentan en GB: los 140 GB de pesos en bf16 de un modelo de 70B son 130 GiB. En los Mac con **Apple Silicon**, la memoria unificada se comparte con el sistema y, por defecto, la GPU solo puede usar entre 2/3 y 3/4 de ella.

    La **regla práctica** clásica:
    `M = P × 4 bytes × (Q / 32) × 1,2`
    donde P es el número de parámetros, Q los bits por peso y 1,2 un margen del 20 %. Para un modelo de 70B en 16 bits: 70 × 10^9 × 4 × 16/32 × 1,2 = **168 GB**. Sirve como primera aproximación, pero:
    - ignora la **caché KV**, que crece con la longitud del contexto y el tamaño del batch y puede superar a los pesos;
    - los formatos cuantizados guardan bits extra para las escalas, así que "4 bits" en realidad son entre 4,16 y 4,85 bits;
    - entrenar exige varias veces más memoria que la inferencia.

    Por eso vramguide calcula cada parte a partir de la arquitectura del modelo (capas, cabezas KV, dimensión de cabeza) y de la precisión, el contexto y el batch que indiques, y las muestra por separado.

## NVLink

guide-nvlink-title = NVLink: cuándo importa
guide-nvlink-summary = NVLink es un enlace directo y rápido entre GPU: clave para entrenar y para el paralelismo de tensores, mucho menos para repartir capas.
guide-nvlink-body =
    El **NVLink** de NVIDIA conecta una GPU directamente con otra, sin pasar por el bus PCIe, y es muchísimo más rápido:
    - **NVLink 3** (A100): 600 GB/s por GPU
    - **NVLink 4** (H100, H200): 900 GB/s por GPU
    - **NVLink 5** (B200): 1,8 TB/s por GPU
    - **PCIe 4.0 x16**: unos 32 GB/s en cada sentido; **PCIe 5.0 x16**: unos 64 GB/s en cada sentido

    Las cifras de NVLink suman los dos sentidos; aun comparando con la misma base, la diferencia está entre 7 y 14 veces. En los servidores HGX y DGX, un **NVSwitch** conecta las 8 GPU, de modo que cualquier pareja se comunica a máxima velocidad.

    Compensa cuando las GPU intercambian tensores grandes continuamente:
    - **Entrenamiento** con varias GPU: los gradientes pasan por un all-reduce en cada paso, y **ZeRO/FSDP** además reúne los pesos fragmentados capa a capa.
    - **Inferencia con paralelismo de tensores** (vLLM `--tensor-parallel-size`): cada capa hace dos all-reduce, uno después de la atención y otro después del MLP, así que un modelo de 70B con 80 capas se sincroniza 160 veces por token generado.

    Importa mucho menos en la **inferencia con capas repartidas (pipeline)**, como la que hacen llama.cpp o `device_map="auto"`: entre tarjetas solo viaja el estado oculto de la frontera, unos 16 KB por token en un modelo de 70B, algo que PCIe maneja sin problema.

    Qué tarjetas lo tienen:
    - **GeForce**: la RTX 3090 admitía un puente para 2 tarjetas; las **series RTX 40 y 50 no tienen NVLink**.
    - **Workstation**: la **RTX A6000** tiene puente para 2 tarjetas (112,5 GB/s). La RTX 6000 Ada lo perdió, digan lo que digan algunas tablas comparativas.
    - **Centro de datos**: los módulos SXM (A100, H100, H200, B200) tienen NVLink completo; las versiones PCIe solo se emparejan mediante puentes (A100 PCIe, H100 PCIe, H100 NVL).

    Un mito frecuente: NVLink **no** convierte dos tarjetas en una GPU gigante con la memoria sumada. Cada GPU sigue viendo solo su propia VRAM, y el framework tiene que repartir el modelo igualmente (por tensores, por pipeline o fragmentado). NVLink solo abarata el tráfico entre las partes. Para ver cómo están conectadas las GPU de una máquina, ejecuta `nvidia-smi topo -m`: NV# indica NVLink, mientras que PIX, PHB, NODE o SYS indican que el tráfico va por PCIe o entre CPU.

## Tensor Cores

guide-tensor-cores-title = Tensor Cores: los motores de matrices
guide-tensor-cores-summary = Los Tensor Cores son unidades de matrices que aceleran muchísimo el cálculo en fp16, bf16, fp8 e int8; esto es lo que aporta cada generación.
guide-tensor-cores-body =
    Los **Tensor Cores** son unidades de las GPU NVIDIA que hacen una pequeña multiplicación-acumulación de matrices en una sola operación. Casi todo el cómputo de un transformer son multiplicaciones de matrices, así que de ahí sale la velocidad de un LLM. Los **CUDA cores** normales se encargan del cálculo general en FP32 y enteros; los Tensor Cores hacen el trabajo de matrices en menor precisión y muchas veces más rápido.

    Generaciones:
    - **1.ª, Volta** (V100, 2017): FP16.
    - **2.ª, Turing** (RTX 20, T4): añade INT8 e INT4.
    - **3.ª, Ampere** (A100, RTX 30): añade **TF32** y **BF16**, además de la dispersión estructurada 2:4.
    - **4.ª, Hopper** (H100, H200) y Ada (RTX 40, L40S): añade **FP8**; el **Transformer Engine** de Hopper ajusta la escala de FP8 capa a capa.
    - **5.ª, Blackwell** (B200, RTX 50): añade **FP4** y FP6.

    Dónde ayudan:
    - El **prefill** (lectura del prompt) y el **entrenamiento** están limitados por el cálculo: grandes productos de matriz por matriz, donde los TFLOPS de los Tensor Cores marcan el ritmo.
    - El **decode con un solo usuario** está limitado por el ancho de banda: cada token nuevo es un producto de matriz por vector que espera a la memoria, así que tener más TFLOPS apenas cambia nada. Agrupar a muchos usuarios en un batch vuelve a convertir el decode en trabajo de matriz por matriz.

    Cómo leer las fichas técnicas:
    - Las cifras **con dispersión** (sparse) suponen dispersión estructurada 2:4 y son exactamente el **doble de las densas**. Los LLM casi nunca se ejecutan así, de modo que divídelas entre dos: la A100 da 312 TFLOPS densos en FP16; 624 es la cifra con dispersión.
    - Las **GeForce** ejecutan fp16/bf16 con **acumulación en fp32** (lo que usa PyTorch) a la **mitad** de la tasa anunciada: una RTX 4090 ofrece unos 165 TFLOPS densos, no 330. Las tarjetas de centro de datos y de workstation (A100, H100, RTX A6000, L40S) no tienen ese recorte.
    - FP8 y FP4 solo ayudan si tus kernels y el formato del modelo los usan (vLLM, TensorRT-LLM, Transformer Engine).

    Para aprovechar los Tensor Cores, calcula en fp16/bf16 o permite TF32 en código fp32 con `torch.set_float32_matmul_precision("high")`. Por defecto, las multiplicaciones de matrices en fp32 de PyTorch no pasan por ellos.

## SXM

guide-sxm-title = SXM o PCIe: módulo o tarjeta
guide-sxm-summary = Los módulos SXM van en placas HGX/DGX con NVLink y más potencia; las tarjetas PCIe caben en servidores normales. Cuándo elegir cada uno.
guide-sxm-body =
    Las GPU de centro de datos de NVIDIA existen en dos formatos físicos.

    Una GPU **SXM** es un módulo que se monta en plano sobre la **baseboard** de un servidor (HGX), normalmente 4 u 8 por placa, como en los sistemas DGX y HGX. El zócalo cambia con cada generación (SXM2 en la V100, SXM4 en la A100, SXM5 en la H100), así que los módulos no son intercambiables. La versión **PCIe** es una tarjeta de expansión normal que se inserta en una ranura de cualquier servidor o estación de trabajo.

    Lo que aporta SXM:
    - **Más potencia**: la H100 SXM llega a **700 W** y la H100 PCIe se queda en **350 W**, así que la SXM mantiene frecuencias más altas.
    - **Memoria más rápida**: la H100 SXM tiene 3,35 TB/s de ancho de banda HBM3, frente a unos 2 TB/s de la H100 PCIe. Las configuraciones más grandes (H200 con 141 GB a 4,8 TB/s, B200) llegan primero, o solo, en SXM.
    - **NVLink entre todas**: en una placa HGX de 8 GPU, el NVSwitch enlaza cada GPU con todas las demás a 900 GB/s (H100/H200).

    Lo que aporta PCIe:
    - Cabe en servidores corrientes y en algunas estaciones de trabajo, con alimentación y refrigeración estándar.
    - Es más barata, se vende por unidades y es fácil ampliar más adelante.
    - El tráfico entre GPU va por PCIe (unos 32-64 GB/s en cada sentido) o por un **puente NVLink de 2 tarjetas** en algunos modelos (A100 PCIe, H100 PCIe, H100 NVL).
    - Las tarjetas PCIe de centro de datos tienen refrigeración pasiva y dependen del flujo de aire del servidor: compruébalo antes de meter una en una torre de escritorio.

    Cuándo SXM es la única opción realista:
    - Entrenamiento o fine-tuning completo de modelos grandes en 8 GPU, con gradientes y pesos fragmentados circulando sin parar.
    - Servir los modelos más grandes, con cientos de GB de pesos, usando paralelismo de tensores en 8 GPU: por ejemplo, DeepSeek R1 (671B, unos 671 GB en FP8) en 8× H200.

    Para un solo modelo de 70B en 4 bits, o para inferencia con capas repartidas, las tarjetas PCIe van perfectamente.

    No puedes comprar un módulo SXM suelto para un equipo de escritorio: necesita la baseboard, la alimentación y la refrigeración de un servidor HGX. En la práctica, se llega a SXM comprando el servidor completo o alquilando instancias en la nube, normalmente los nodos "8× H100" u "8× H200". Un servidor HGX H100 completo, con 8 GPU, consume unos 10 kW, así que también necesita la alimentación y la refrigeración de un centro de datos.

## Precision

guide-precision-title = Precisión: fp32, bf16, fp16, fp8, int8, int4
guide-precision-summary = Cuántos bytes ocupa cada formato numérico, para qué sirve cada uno y cómo la precisión determina la memoria de los pesos.
guide-precision-body =
    La **precisión** de un formato es el número de bits con que se guarda cada número. En los pesos determina directamente la memoria: parámetros × bytes por parámetro.

    - **fp32**: 4 bytes. Era el estándar para entrenar; en inferencia de LLM solo desperdicia memoria y velocidad.
    - **fp16**: 2 bytes, con un rango estrecho; al entrenar necesita **loss scaling** para evitar underflow y overflow.
    - **bf16**: 2 bytes con el **mismo rango de exponente que fp32**, por lo que el entrenamiento es más estable sin loss scaling. Requiere Ampere o posterior; V100 y T4 se quedan en fp16.
    - **fp8**: 1 byte, en dos variantes, E4M3 (más precisión, para pesos y activaciones) y E5M2 (más rango, para gradientes), con soporte en hardware en Hopper, Ada y Blackwell; se usa en inferencia y, cada vez más, en entrenamiento.
    - **int8 / int4**: normalmente **cuantización solo de pesos**: los pesos se guardan en 8 o 4 bits más las escalas y se expanden a 16 bits al calcular.
    - **TF32** no es un formato de almacenamiento: es la forma en que los Tensor Cores de Ampere en adelante aceleran el cálculo de matrices en fp32.

    Memoria por cada **mil millones de parámetros**, solo pesos:
    - fp32: ~3,7 GiB
    - fp16/bf16: ~1,9 GiB
    - 8 bits: ~0,93 GiB
    - 4 bits: ~0,47 GiB más las escalas, es decir, unos 0,5 GiB

    Así, un modelo de 70B necesita unos 131 GiB en bf16 y entre 33 y 40 GiB en 4 bits, según el formato. La caché KV y el overhead del runtime van aparte.

    La inferencia se hace casi siempre en **16 bits o menos**. Los modelos se publican en bf16, y cargarlos en fp32 duplica la memoria sin ninguna mejora de calidad. Usa bf16 si tu GPU lo admite, fp16 en tarjetas más antiguas y 8 o 4 bits cuando falte memoria. `torch.cuda.is_bf16_supported()` te dice si la GPU actual admite bf16.

    En el **entrenamiento con precisión mixta** el cálculo se hace en bf16/fp16, pero el optimizador conserva unos **pesos maestros en fp32** para las actualizaciones. Con Adam eso suma unos 16 bytes por parámetro (2 de pesos, 2 de gradientes, 4 de la copia maestra y 8 de los dos momentos), sin contar las activaciones: el fine-tuning completo de un modelo de 7B necesita unos 112 GB. Por eso LoRA, QLoRA y los optimizadores de 8 bits son tan populares.

## Quantization

guide-quantization-title = Cuantización: GPTQ, AWQ, GGUF, NF4, FP8
guide-quantization-summary = Los formatos cuantizados guardan los pesos con menos bits: los bits reales por peso, la memoria que ahorras y la calidad que pierdes.
guide-quantization-body =
    Con la **cuantización**, los pesos se guardan con menos bits, en grupos que comparten una escala (y a veces un punto cero). Esas escalas cuestan bits extra, así que los **bits efectivos por peso** siempre quedan algo por encima del nombre del formato.

    Formatos para GPU (vLLM, Transformers, TGI):
    - **GPTQ**: posentrenamiento, calibrado con textos de muestra, corrige el error de redondeo capa a capa.
    - **AWQ**: tiene en cuenta las activaciones y protege los canales que reciben las activaciones más grandes.
    - Ambos son de 4 bits solo para pesos, normalmente con **grupos de 128**: unos **4,16 bits por peso** contando la escala de 16 bits y el cero de 4 bits de cada grupo (4,25 corresponde a grupos de 64). Los embeddings y `lm_head` suelen quedarse en 16 bits, lo que se nota bastante en modelos pequeños con vocabularios grandes.
    - **FP8**: flotantes de 8 bits para los pesos y a menudo para las activaciones, rápido en Hopper, Ada y Blackwell, con una calidad cercana a bf16.
    - **NF4 de bitsandbytes**: NormalFloat de 4 bits, unos **4,13 bits** con doble cuantización; es la base del fine-tuning con **QLoRA**, pero para servir es más lento que los kernels de GPTQ/AWQ.

    Los tipos **GGUF** de llama.cpp, Ollama y LM Studio (bits efectivos por peso, de media en todo el archivo):
    - **Q8_0**: 8,5
    - **Q6_K**: ≈6,57
    - **Q5_K_M**: ≈5,7
    - **Q4_K_M**: ≈4,85, el más habitual por defecto
    - **Q3_K_M**: ≈4,0
    - **Q2_K**: ≈3,2, muy por encima de sus 2 bits nominales

    Las mezclas K-quant mantienen los tensores más sensibles en mayor precisión; por eso la media queda por encima de los bits nominales.

    Memoria = parámetros × bits efectivos ÷ 8. Llama 3.1 70B en Q4_K_M: 70,6 × 10^9 × 4,85 ÷ 8 ≈ 42,8 GB (39,8 GiB) solo de pesos, antes de la caché KV.

    Calidad, a grandes rasgos:
    - **8 bits**: prácticamente sin pérdidas.
    - **4 bits** (Q4_K_M, AWQ, GPTQ): una pérdida pequeña, normalmente aceptable para chat y código.
    - **Por debajo de 4 bits**: la calidad cae más deprisa, sobre todo en modelos pequeños. Un 70B en 3 bits todavía puede ser útil; un 8B en 2 bits, rara vez.

    La **caché KV** se puede cuantizar aparte de los pesos: `--kv-cache-dtype fp8` en vLLM, `--cache-type-k q8_0` y `--cache-type-v q8_0` (o q4_0) en llama.cpp, donde cuantizar la caché V requiere flash attention (`-fa`). En 8 bits la caché se reduce a la mitad con poca pérdida.

## KV cache

guide-kv-cache-title = Caché KV: la memoria que crece con el contexto
guide-kv-cache-summary = La caché KV guarda las claves y valores de cada token anterior; cómo calcular su tamaño y por qué los contextos largos ocupan tanto.
guide-kv-cache-body =
    Al generar texto, cada token nuevo de un transformer calcula la atención sobre todos los anteriores. En lugar de recalcularlos, el modelo guarda sus **claves y valores** (keys y values) en cada capa: es la **caché KV**. Crece una entrada por token, para cada secuencia del batch.

    Tamaño en bytes:
    `2 × capas × kv_heads × head_dim × tokens × batch × bytes por valor`
    El 2 cuenta claves más valores; los bytes por valor son 2 en fp16/bf16 y 1 en fp8.

    Ejemplo, **Llama 3.1 70B** (80 capas, 8 cabezas KV, head_dim 128) en 16 bits: 2 × 80 × 8 × 128 × 2 = **327 680 bytes por token**, es decir, 320 KiB. Con 32k tokens (32 768) son **10 GiB** para una sola secuencia; 8 usuarios con 32k cada uno necesitan 80 GiB, el doble que los pesos en 4 bits.

    Qué la reduce:
    - **GQA / MQA**: varias cabezas de query comparten una misma cabeza KV. Llama 3.1 70B tiene 64 cabezas de query y solo 8 cabezas KV, una caché 8× menor que con atención multi-head completa. Llama 2 7B, con MHA clásica, necesita 512 KiB por token, más que Llama 3.1 70B.
    - **MLA** (DeepSeek V3/R1) guarda un latente comprimido: kv_lora_rank 512 más 64 dimensiones RoPE por capa, o sea, (512 + 64) × 61 capas × 2 bytes = **70 272 bytes por token** en 16 bits, para un modelo de 671B.
    - Las capas con **ventana deslizante** (Gemma 2/3, gpt-oss) solo guardan los tokens de la ventana más reciente (128 tokens en gpt-oss, 1024 en Gemma 3, 4096 en Gemma 2), así que solo las capas globales crecen con el contexto.
    - La **cuantización de la caché KV** (fp8, q8_0, q4_0) la reduce a la mitad o a la cuarta parte.

    Como crece **de forma lineal con el contexto y con el batch**, los documentos largos o muchos usuarios simultáneos pueden necesitar más memoria que los propios pesos. Llama 3.1 8B con su contexto máximo de 128k necesita 16 GiB de caché, más que sus 15 GiB de pesos en bf16.

    Los motores de inferencia la planifican desde el arranque. **vLLM** carga los pesos y reserva el resto de la memoria, hasta el límite de `--gpu-memory-utilization` (0,9 por defecto), como bloques KV gestionados por **PagedAttention**. Por eso `nvidia-smi` muestra la tarjeta casi llena incluso en reposo; `--max-model-len` y `--max-num-seqs` deciden cómo se reparte ese espacio.

## Out of memory

guide-oom-title = CUDA out of memory: causas y soluciones
guide-oom-summary = Qué provoca el error "CUDA out of memory" y cómo resolverlo, desde el tamaño del modelo y del contexto hasta la fragmentación.
guide-oom-body =
    El mensaje `CUDA out of memory. Tried to allocate X GiB` significa que una asignación no cupo en lo que quedaba libre en la tarjeta. También indica cuánto asignó PyTorch y cuánto está **reservado pero sin asignar**; esas cifras te dicen en qué caso estás.

    Causas habituales y cómo resolverlas:
    - **Modelo demasiado grande para su precisión**: cárgalo en bf16 en lugar de fp32, cuantízalo (8 bits, o 4 bits con AWQ/GPTQ/GGUF), repártelo entre GPU (`device_map="auto"`, `--tensor-parallel-size` en vLLM) o descarga algunas capas a la CPU (un `-ngl` menor en llama.cpp), a costa de velocidad.
    - **Contexto o batch demasiado grandes**: la caché KV crece con ambos. Reduce el contexto máximo (`--max-model-len` en vLLM, `-c` en llama.cpp, `num_ctx` en Ollama), el número de secuencias simultáneas (`--max-num-seqs`) o el tamaño del batch.
    - **Pico de activaciones con prompts largos**: el prefill de un prompt extenso crea tensores temporales enormes. Usa **flash attention** (o SDPA de PyTorch) y **chunked prefill** para procesar el prompt por trozos.
    - **Entrenamiento**: activa el **gradient checkpointing**, usa un micro-batch más pequeño con **acumulación de gradientes**, prueba optimizadores de 8 bits, cambia el fine-tuning completo por **LoRA/QLoRA** o fragmenta con **ZeRO/FSDP**.
    - **Fragmentación**: mucha memoria reservada pero libre en trozos pequeños. Define `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True` antes de lanzar el proceso.
    - **Otros procesos en la GPU**: revísalo con `nvidia-smi`. Un kernel de Jupyter olvidado suele retener varios gigabytes.
    - **vLLM compartiendo tarjeta**: `--gpu-memory-utilization` reserva esa fracción de toda la GPU al arrancar, así que bájalo (por ejemplo a 0,8) si hay algo más ejecutándose en ella. Si vLLM avisa de que no hay sitio para la caché KV, reduce `--max-model-len`.

    Culpables menos evidentes:
    - Un **dataset o data loader** que sube el dataset entero a la GPU en vez de mover un batch cada vez.
    - **Guardar en caché el conjunto de prueba**, o acumular predicciones en la GPU durante la evaluación: déjalos en la CPU.
    - Evaluar sin `torch.no_grad()` ni `torch.inference_mode()`, lo que conserva activaciones para un backward que nunca llega.
    - Sumar `loss` en lugar de `loss.item()` a lo largo de los pasos, lo que mantiene vivo el grafo de cada paso.

    Si nada de esto funciona, el trabajo necesita de verdad más memoria de la que tiene la tarjeta: estímala con vramguide y elige una configuración que quepa con algo de margen.

## Multi-GPU

guide-multi-gpu-title = Varias GPU: paralelismo de datos, tensores y pipeline
guide-multi-gpu-summary = Las formas de repartir un modelo entre varias GPU, lo que cuesta cada una en memoria y ancho de banda, y cuál encaja con tu caso.
guide-multi-gpu-body =
    Usar varias GPU responde a uno de dos objetivos: **hacer que quepa** un modelo que no entra en una sola tarjeta, o **ir más rápido** con uno que ya cabe. Las estrategias principales:

    - **Paralelismo de datos** (DDP): cada GPU tiene una **copia completa** del modelo y procesa batches distintos; en cada paso se promedian los gradientes. Acelera el entrenamiento, pero no ayuda a que el modelo quepa. En inferencia equivale a varias réplicas detrás de un balanceador de carga.
    - **Paralelismo de tensores**: las matrices de pesos de cada capa se reparten entre las GPU, que trabajan juntas en cada token, con dos all-reduce por capa (después de la atención y después del MLP). Reduce la memoria y la latencia, pero exige una **interconexión rápida** como NVLink. En vLLM: `--tensor-parallel-size 2`; el valor tiene que dividir el número de cabezas de atención: 2, 4 y 8 suelen valer, y también 16, 32 o 64 cuando las cabezas lo permiten (64 cabezas: cualquier potencia de dos hasta 64).
    - **Pipeline / reparto por capas**: las capas consecutivas viven en GPU distintas (la primera mitad en la GPU 0, la segunda en la GPU 1). llama.cpp (`--split-mode layer`, el modo por defecto) y `device_map="auto"` de Transformers funcionan así. El tráfico es mínimo, pero con un solo usuario solo trabaja una GPU a la vez, así que no es más rápido que una única tarjeta grande. `--pipeline-parallel-size` en vLLM hace lo mismo para muchas peticiones en paralelo.
    - **ZeRO / FSDP** (entrenamiento): fragmenta los **estados del optimizador, los gradientes y los pesos** entre las GPU y reúne cada capa cuando hace falta. ZeRO-1 fragmenta los estados del optimizador, ZeRO-2 añade los gradientes, y ZeRO-3 y FSDP en modo full shard añaden los pesos.

    Memoria por GPU, de forma aproximada:
    `por GPU ≈ total ÷ número de GPU + overhead por GPU`
    El overhead incluye el contexto CUDA de cada proceso (0,3-0,5 GiB), los búferes de comunicación, las activaciones y las partes que no se reparten por igual, como los embeddings y la capa de salida. El reparto casi nunca es perfecto: deja un 10-15 % de margen y, en llama.cpp, ajusta la proporción con `--tensor-split 3,1` si las tarjetas son distintas.

    Dos GPU de consumo sin NVLink, como 2× RTX 3090 o 2× RTX 4090 por PCIe, son:
    - **buenas** para inferencia con capas repartidas: un 70B en 4 bits en 2× 24 GB funciona con un contexto moderado;
    - aceptables para inferencia con paralelismo de tensores en vLLM, con algo de pérdida;
    - **malas** para entrenar con paralelismo de tensores o totalmente fragmentado, donde manda la comunicación. El paralelismo de datos con LoRA es un término medio razonable.

## CUDA_VISIBLE_DEVICES

guide-cuda-visible-devices-title = CUDA_VISIBLE_DEVICES: qué GPU ve cada trabajo
guide-cuda-visible-devices-summary = Usa CUDA_VISIBLE_DEVICES para elegir y reordenar las GPU que ve un proceso y ejecutar trabajos separados en una misma máquina.
guide-cuda-visible-devices-body =
    La variable de entorno `CUDA_VISIBLE_DEVICES` la lee el runtime de CUDA cuando arranca un proceso. Indica qué GPU físicas puede usar ese proceso y en qué orden; dentro del proceso, las GPU visibles se renumeran desde cero.

    `CUDA_VISIBLE_DEVICES=0,2 python train.py`
    Aquí el script solo ve dos GPU: la física 0 aparece como `cuda:0` y la física 2 como `cuda:1`, y `torch.cuda.device_count()` devuelve 2. El orden importa: `2,0` las intercambia.

    Dos trabajos en la misma máquina:
    `CUDA_VISIBLE_DEVICES=0 python job_a.py &`
    `CUDA_VISIBLE_DEVICES=1 python job_b.py`
    Cada trabajo cree que tiene una sola GPU, `cuda:0`, y ninguno puede tocar la memoria del otro. Lo mismo sirve para trabajos con varias GPU (`CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc_per_node=2 train.py`) y para servidores de vLLM o llama.cpp.

    Trampas habituales:
    - **Defínela antes de que arranque CUDA.** Desde la shell o un lanzador siempre llegas a tiempo. Dentro de Python, asigna `os.environ["CUDA_VISIBLE_DEVICES"]` antes de importar torch, o como mínimo antes de la primera llamada a CUDA; los cambios posteriores se ignoran.
    - **La numeración puede no coincidir con la de nvidia-smi.** Por defecto, CUDA pone primero la GPU más rápida, mientras que `nvidia-smi` sigue el orden del bus PCI. En máquinas con tarjetas distintas, define `CUDA_DEVICE_ORDER=PCI_BUS_ID` para que ambas numeraciones coincidan.
    - **Un valor vacío oculta todas las GPU**: con `CUDA_VISIBLE_DEVICES=` CUDA no encuentra ningún dispositivo, algo útil para forzar una ejecución en CPU. Un índice no válido corta la lista: solo siguen visibles las GPU anteriores a él.
    - También puedes usar los UUID de las GPU (de `nvidia-smi -L`) o los ID de instancias MIG en lugar de índices; no cambian aunque muevas las tarjetas de ranura.
    - El propio `nvidia-smi` ignora la variable y siempre muestra todas las GPU.
    - En Docker, `--gpus device=1` expone una sola GPU al contenedor, que la ve como GPU 0.

    En AMD con ROCm, el equivalente es `HIP_VISIBLE_DEVICES`. ROCm también acepta `CUDA_VISIBLE_DEVICES` por compatibilidad, y `ROCR_VISIBLE_DEVICES` filtra a un nivel más bajo.

## Choosing

guide-choosing-title = Cómo elegir GPU: un marco de decisión
guide-choosing-summary = Un método paso a paso para elegir GPU para un trabajo con LLM: primero memoria, luego ancho de banda o cálculo, número de tarjetas y presupuesto.
guide-choosing-body =
    Sigue estos pasos en orden; cada uno descarta parte de las opciones.

    1) **Primero, la memoria.** Describe el trabajo: qué modelo, qué precisión, cuánto contexto, cuántas secuencias simultáneas, inferencia o entrenamiento (completo, LoRA, QLoRA). Estima pesos + caché KV + activaciones + overhead y deja un 10-20 % de margen. Si no cabe, lo demás da igual.

    2) **Después, la velocidad.** En inferencia, el **ancho de banda de memoria** determina los tokens por segundo que ve un usuario. En entrenamiento y con batches grandes, el rendimiento lo marca el **cálculo de los Tensor Cores**: compara TFLOPS densos en bf16/fp8, no las cifras con dispersión.

    3) **Número de tarjetas.** Una tarjeta en la que quepa todo es mejor que dos juntas: es más sencillo y no hay coste de comunicación. Si no es posible, usa el menor número de tarjetas. La inferencia con capas repartidas funciona bien por PCIe; el entrenamiento con varias GPU y la inferencia con paralelismo de tensores piden **NVLink** y, en la gama más alta, servidores **SXM**.

    4) **Aspectos prácticos.** Presupuesto, consumo y refrigeración (una RTX 4090 consume 450 W, y dos exigen una fuente de alimentación potente y buen flujo de aire), memoria **ECC** para entrenamientos que duran semanas y el ecosistema de software: CUDA funciona en todas partes; ROCm y Metal de Apple, en menos herramientas. En proyectos cortos, **alquilar** GPU en la nube por horas suele salir más barato que comprar; compra cuando la tarjeta vaya a estar ocupada durante muchos meses.

    Configuraciones típicas:
    - **RTX 3060 12 GB / RTX 4060 Ti 16 GB**: modelos pequeños, 7-14B en 4 bits o 7-8B en 8 bits, QLoRA con modelos pequeños.
    - **RTX 3090 / 4090 24 GB**: hasta unos 30B en 4 bits (un 32B en Q4_K_M ocupa unos 18,5 GiB de pesos), QLoRA de modelos de 7-13B.
    - **RTX A6000 / RTX 6000 Ada 48 GB**: **70B en 4 bits en una sola tarjeta** (unos 40 GiB de pesos más un contexto moderado).
    - **A100 / H100 80 GB, H200 141 GB**: 70B en 16 bits (unos 131 GiB de pesos) en 2 a 4 tarjetas, contextos largos, muchos usuarios y entrenamiento y fine-tuning a gran escala.
    - **Nodos 8× H200 o B200**: los modelos abiertos más grandes, como DeepSeek R1 en FP8 (unos 671 GB de pesos, es decir, 625 GiB: menos que los 640 GiB de 8 tarjetas de 80 GB, pero más que los unos 611 GiB utilizables después del contexto CUDA y la reserva del runtime de cada tarjeta).

    Desconfía de las tablas que dan solo los pesos en 4 bits como "requisito de VRAM" de un modelo: los pesos en 4 bits de un modelo de 7B ocupan unos 3,5 GB, pero el mismo modelo necesita unos 14-15 GB en bf16, y en ambos casos hay que sumar la caché KV y el overhead. vramguide muestra cada parte para que compares configuraciones con la misma base.
