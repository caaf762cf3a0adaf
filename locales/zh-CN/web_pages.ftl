# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = 你用中文提问，所以用中文回答
# /api/v1/compare with no list, or with one GPU: what was wrong, and an example for it.
api-compare-gpus-missing = 缺少参数“gpus”：请列出两到八张 GPU，用逗号分隔。示例：/api/v1/compare?gpus=rtx-4090,rtx-3090
api-compare-one-gpu = “gpus”只给了一张 GPU，比较至少需要两张。示例：/api/v1/compare?gpus=rtx-4090,rtx-3090
# The home page's examples: one per kind of question, its label and a question to open.
web-example-estimate-kind = 估算
web-example-estimate = 两张4090能跑llama 3.1 70b fp16吗
web-example-compare-kind = 对比
web-example-compare = rtx 4090 和 rtx 3090 对比
web-example-explain-kind = 解释
web-example-explain = nvlink 是什么？
web-example-fit-kind = 能跑什么
web-example-fit = 两张3090能跑什么模型？
web-example-budget-kind = 预算
web-example-budget = 预算 15000 元买哪张显卡？
web-example-context-kind = 最大上下文
web-example-context = 一张4090跑qwen 2.5 32b q4_k_m 最大上下文多少
web-example-error-kind = 粘贴报错
web-example-error = torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free.
# The home page's advanced fields (host RAM bandwidth) sit behind this.
web-more-options = 更多选项
# /api and /docs: the API's reference page, rendered from the OpenAPI document (whose own text is English).
web-api-title = JSON API
web-api-intro = 本站的每个回答也都提供 JSON 格式。下面的接口来自 OpenAPI 文档，说明为英文。
web-api-document = OpenAPI 文档（JSON）
web-api-required = 必填
web-api-try = 试试：
