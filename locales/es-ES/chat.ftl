# A follow-up's answer opens with what it changed in the previous question.
chat-same-question = Misma pregunta, { $changes }:
chat-change-cards = en { $count } × { $gpu }
chat-change-gpus = { $n ->
    [one] en { $count } GPU
   *[other] en { $count } GPU
}
chat-change-precision = en { $precision }
chat-change-kv-precision = con el KV cache en { $precision }
chat-change-context = con { $tokens } tokens de contexto
chat-change-batch = con batch { $batch }
chat-change-runtime = con { $runtime }
chat-change-mode = para { $mode }
chat-change-model = para { $model }
chat-change-max-context = pidiendo el contexto más largo
# A follow-up ("y si uso 2 placas?") with no question before it.
chat-follow-up-to-what = ¿Seguimiento de qué? No tengo aquí ninguna pregunta tuya anterior para cambiar. Haz primero la pregunta completa y luego cambia una cosa, por ejemplo:
    - llama 3.1 8b en una 4090
    - ¿y si uso 2 placas?
# The answer page's follow-up box.
chat-follow-up-label = Cambia una cosa (seguimiento)
chat-follow-up-placeholder = ¿y si uso 2 placas?
# A card given by its memory ("en una de 24gb").
chat-card-by-memory = Tarjeta de { $memory } GB, estimada como la más común de ese tamaño: { $gpu }.
