# A follow-up's answer opens with what it changed in the previous question.
chat-same-question = Mesma pergunta, { $changes }:
chat-change-cards = em { $count } × { $gpu }
chat-change-gpus = { $n ->
    [one] em { $count } GPU
   *[other] em { $count } GPUs
}
chat-change-precision = em { $precision }
chat-change-kv-precision = com o KV cache em { $precision }
chat-change-context = com { $tokens } tokens de contexto
chat-change-batch = com batch { $batch }
chat-change-runtime = com { $runtime }
chat-change-mode = para { $mode }
chat-change-model = para o { $model }
chat-change-max-context = pedindo o maior contexto
# A follow-up ("e com 2 placas?") with no question before it.
chat-follow-up-to-what = Continuação de quê? Não tenho aqui nenhuma pergunta sua anterior pra mudar. Mande a pergunta inteira primeiro e depois mude uma coisa, por exemplo:
    - llama 3.1 8b numa 4090
    - e com 2 placas?
# The answer page's follow-up box.
chat-follow-up-label = Mude uma coisa (continuação)
chat-follow-up-placeholder = e com 2 placas?
# A card given by its memory ("numa de 24gb").
chat-card-by-memory = Placa de { $memory } GB, estimada como a mais comum desse tamanho: { $gpu }.
