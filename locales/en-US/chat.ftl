# A follow-up's answer opens with what it changed in the previous question.
chat-same-question = Same question, { $changes }:
chat-change-cards = on { $count } × { $gpu }
chat-change-gpus = { $n ->
    [one] on { $count } GPU
   *[other] on { $count } GPUs
}
chat-change-precision = in { $precision }
chat-change-kv-precision = with the KV cache in { $precision }
chat-change-context = with { $tokens } tokens of context
chat-change-batch = with batch { $batch }
chat-change-runtime = with { $runtime }
chat-change-mode = for { $mode }
chat-change-model = for { $model }
chat-change-max-context = asking for the longest context
# A follow-up ("and with 2 cards?") with no question before it.
chat-follow-up-to-what = Follow-up to what? I have no earlier question of yours here to change. Ask the whole question first, then change one thing, for example:
    - llama 3.1 8b on a 4090
    - and with 2 cards?
# The answer page's follow-up box.
chat-follow-up-label = Change one thing (a follow-up)
chat-follow-up-placeholder = and with 2 cards?
# A card given by its memory ("on 24gb").
chat-card-by-memory = A { $memory } GB card, sized as the common one of that size: { $gpu }.
