# Modelos consultados en el Hugging Face Hub o leídos de un config.json que aporta el usuario.
hub-error-not-found = No encontré `{ $repo }` en el Hugging Face Hub. Revisa cómo está escrito (propietario/nombre) o pregunta por un modelo que conozca.
hub-error-gated = `{ $repo }` tiene acceso restringido: acepta sus condiciones en el Hub y define HF_TOKEN con un token de esa cuenta para que pueda leer sus archivos.
hub-error-no-weights = `{ $repo }` no tiene archivos de pesos que pueda leer (safetensors o GGUF; falta: { $detail }).
hub-error-malformed = Los archivos de `{ $repo }` están mal formados: { $detail }.
hub-error-too-large = Una cabecera de `{ $repo }` supera el límite que leo ({ $detail }), así que me detuve en lugar de descargarla.
hub-error-unreachable = El Hugging Face Hub no respondió a tiempo sobre `{ $repo }` y no tengo ningún modelo con ese nombre o tamaño que lo sustituya. Vuelve a intentarlo más tarde.
hub-error-offline = Las consultas al Hub están desactivadas (modo sin conexión) y no conozco ningún modelo llamado `{ $repo }`. Pregunta por un modelo que conozca o indica su tamaño.
hub-error-invalid-config = No puedo usar este config.json ({ $repo }): { $detail }.
hub-why-offline = las consultas al Hub están desactivadas
hub-why-unreachable = el Hugging Face Hub no respondió
hub-why-slow = el Hugging Face Hub tardó demasiado
hub-why-busy = hay demasiadas consultas al Hub en este momento
hub-fallback-catalog = { $why }, así que `{ $repo }` se estimó como { $model }, el modelo más parecido que conozco.
hub-fallback-size = { $why }, así que `{ $repo }` se estimó por el tamaño que indica su nombre ({ $model }).
hub-exact-safetensors = pesos: { $gib } GiB, leídos de las cabeceras safetensors del repositorio ({ $files } archivos, { $tensors } tensores, { $quantized } cuantizados; { $method }).
hub-exact-gguf = pesos: { $gib } GiB, leídos de la cabecera del archivo GGUF ({ $tensors } tensores, { $quantized } cuantizados; { $method }).
opt-estimate-config = config
    .description = El config.json de un modelo que no conozco
web-config-summary = ¿Un modelo que no conozco? Pega su config.json
web-config-label = config.json
web-config-question = La tarea (opcional)
web-config-placeholder = fp8 en 2x h100, contexto de 32k
# The command line, while a Hub look-up takes more than 300 ms.
cli-hub-looking-up = Consultando { $repo } en el Hugging Face Hub…
