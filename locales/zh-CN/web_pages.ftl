# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = 你用中文提问，所以用中文回答
# /api/v1/compare with no list, or with one GPU: what was wrong, and an example for it.
api-compare-gpus-missing = 缺少参数“gpus”：请列出两到八张 GPU，用逗号分隔。示例：/api/v1/compare?gpus=rtx-4090,rtx-3090
api-compare-one-gpu = “gpus”只给了一张 GPU，比较至少需要两张。示例：/api/v1/compare?gpus=rtx-4090,rtx-3090
