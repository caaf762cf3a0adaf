# A follow-up's answer opens with what it changed in the previous question.
chat-same-question = 同样的问题，{ $changes }：
chat-change-cards = 换成 { $count } × { $gpu }
chat-change-gpus = { $n ->
   *[other] 换成 { $count } 张 GPU
}
chat-change-precision = 改用 { $precision }
chat-change-kv-precision = KV 缓存改用 { $precision }
chat-change-context = 上下文 { $tokens } token
chat-change-batch = batch 为 { $batch }
chat-change-runtime = 改用 { $runtime }
chat-change-mode = 改为{ $mode }
chat-change-model = 换成 { $model }
chat-change-max-context = 问最长上下文
# A follow-up ("那换成两张卡呢") with no question before it.
chat-follow-up-to-what = 接着哪个问题？这里还没有你之前的问题可以改。请先问完整的问题，再改一处，例如：
    - 一张4090能跑llama 3.1 8b吗
    - 那换成两张卡呢
# The answer page's follow-up box.
chat-follow-up-label = 改一处接着问
chat-follow-up-placeholder = 那换成两张卡呢
# A card given by its memory ("24g 显卡").
chat-card-by-memory = { $memory } GB 的显卡，按这个容量最常见的 { $gpu } 估算。
