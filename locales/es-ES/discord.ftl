# Discord: nombres, descripciones, opciones y opciones fijas de los comandos, botones y avisos.
# Nombres de comandos y opciones: minúsculas, sin espacios, hasta 32 caracteres;
# descripciones y opciones fijas: hasta 100 caracteres.

cmd-estimate = estimar
    .description = Cuánta memoria de GPU necesita un modelo y qué GPU sirven
opt-estimate-model = modelo
    .description = Nombre o id del modelo, p. ej. llama 3.1 70b
opt-estimate-precision = precisión
    .description = Precisión de los pesos o formato de cuantización
opt-estimate-context = contexto
    .description = Tokens por secuencia (prompt + respuesta); por defecto 8192
opt-estimate-batch = batch
    .description = Secuencias a la vez; por defecto 1
opt-estimate-mode = modo
    .description = Inferencia o un tipo de fine-tuning
opt-estimate-gpu = gpu
    .description = Una GPU con la que comprobar el trabajo
opt-estimate-gpus = gpus
    .description = Cuántas de esa GPU
opt-estimate-runtime = runtime
    .description = El stack de servicio

cmd-compare = comparar
    .description = Compara GPU lado a lado y mira qué modelos ejecuta cada una
opt-compare-gpu_a = gpu_a
    .description = Primera GPU
opt-compare-gpu_b = gpu_b
    .description = Segunda GPU
opt-compare-gpu_c = gpu_c
    .description = Tercera GPU (opcional)
opt-compare-gpu_d = gpu_d
    .description = Cuarta GPU (opcional)

cmd-explain = explicar
    .description = Una guía breve: VRAM, NVLink, cuantización, caché KV y más
opt-explain-topic = tema
    .description = Qué explicar

cmd-fit = cabe
    .description = Qué modelos caben en una configuración de GPU y con cuánto contexto
opt-fit-gpu = gpu
    .description = La GPU
opt-fit-count = cantidad
    .description = Cuántas de esa GPU; por defecto 1
opt-fit-precision = precisión
    .description = Precisión de los pesos; por defecto fp16

cmd-language = idioma
    .description = Elige el idioma en el que te respondo
opt-language-language = idioma
    .description = Déjalo vacío para ver la configuración actual
opt-language-server = servidor
    .description = Fijar el idioma por defecto del servidor (Gestionar servidor)

cmd-stats = estadísticas
    .description = Lo que más se pregunta en este servidor: modelos, precisiones, idiomas
opt-stats-period = periodo
    .description = Intervalo de tiempo; por defecto los últimos 30 días

cmd-forget-me = olvídame
    .description = Borra tus preguntas registradas y tus preferencias

cmd-listen = escuchar
    .description = Responder a cada pregunta de dimensionamiento en este canal, sin mención
opt-listen-enabled = activado
    .description = Activar o desactivar; por defecto activado

choice-mode-inference = Inferencia
choice-mode-full-finetune = Fine-tuning completo
choice-mode-lora = Fine-tuning LoRA
choice-mode-qlora = Fine-tuning QLoRA
choice-precision-float = { $name } (coma flotante)
choice-precision-int = { $name } (cuantización solo de pesos)
choice-precision-gguf = { $name } (GGUF, llama.cpp)
choice-runtime-transformers = Transformers (PyTorch)
choice-runtime-vllm = vLLM
choice-runtime-sglang = SGLang
choice-runtime-llama-cpp = llama.cpp
choice-runtime-ollama = Ollama
choice-language-auto = Automático (seguir el idioma de mi Discord)
choice-language-en = Inglés
choice-language-pt = Portugués (Brasil)
choice-language-es = Español
choice-language-zh = Chino (simplificado)
choice-period-day = Últimas 24 horas
choice-period-week = Últimos 7 días
choice-period-month = Últimos 30 días
choice-period-all = Desde el principio

button-explain-nvlink = ¿Qué es NVLink?
button-explain-quantization = ¿Qué es la cuantización?
button-explain-multi-gpu = Repartir entre GPU
button-breakdown = Desglose completo

discord-footer = vramguide · estimaciones, no garantías · /explicar para saber por qué
discord-breakdown-title = Desglose
discord-advice-title = Consejos
discord-more-title = Regla práctica
discord-notes-title = Notas
discord-guides-title = Guías
discord-fit-models-title = Qué cabe en { $setup } con { $precision }
discord-fit-models-line = **{ $model }**: hasta { $context } tokens de contexto
discord-fit-models-none = Nada del catálogo cabe en { $setup } con { $precision }. Prueba una precisión menor o más GPU.
discord-fit-models-more = …y { $count } más.

notice-rate-limited = Estás preguntando muy rápido. Espera { $seconds } s y vuelve a intentarlo.
notice-not-yours = Solo quien preguntó puede usar estos botones. Haz tu propia pregunta para tener los tuyos.
notice-button-expired = Este botón caducó. Vuelve a preguntar, por favor.
notice-language-set = Te responderé en { $language }.
notice-language-cleared = Volveré a seguir el idioma de tu Discord.
notice-language-current = Te respondo en { $language }.
notice-language-server-set = El idioma por defecto de las respuestas en este servidor ahora es { $language }.
notice-language-server-cleared = Este servidor ya no tiene idioma por defecto para las respuestas.
notice-needs-manage-server = Necesitas el permiso Gestionar servidor para esto.
notice-needs-manage-channels = Necesitas el permiso Gestionar canales para esto.
notice-guild-only = Este comando solo funciona en un servidor.
notice-listen-on = Responderé a cada pregunta de dimensionamiento en este canal.
notice-listen-off = En este canal solo responderé cuando me mencionen.
notice-listen-no-intent = Guardado, pero todavía no puedo leer los mensajes aquí: este bot funciona sin el intent Message Content. Actívalo en el Developer Portal (Bot › Privileged Gateway Intents) e inicia el bot con --message-content. Las menciones siguen funcionando.
notice-forgot = Hecho: borré { $rows_n ->
    [one] { $rows } registro
   *[other] { $rows } registros
} sobre ti.
notice-stats-empty = No hay preguntas registradas en este servidor en ese periodo.
notice-internal-error = Algo falló de nuestro lado. Inténtalo de nuevo en un momento.
