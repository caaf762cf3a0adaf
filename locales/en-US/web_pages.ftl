# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = Answered in English because you wrote in English
# /api/v1/compare with no list, or with one GPU: what was wrong, and an example for it.
api-compare-gpus-missing = The parameter “gpus” is missing: list two to eight GPUs, separated by commas. Example: /api/v1/compare?gpus=rtx-4090,rtx-3090
api-compare-one-gpu = “gpus” names only one GPU, and a comparison needs at least two. Example: /api/v1/compare?gpus=rtx-4090,rtx-3090
# The home page's examples: one per kind of question, its label and a question to open.
web-example-estimate-kind = Estimate
web-example-estimate = llama 3.1 70b fp16 on 2x 4090
web-example-compare-kind = Compare
web-example-compare = rtx 4090 vs rtx 3090
web-example-explain-kind = Explain
web-example-explain = what is nvlink?
web-example-fit-kind = What fits
web-example-fit = what can i run on 2x 3090?
web-example-budget-kind = Budget
web-example-budget = which gpu should I buy for $2000?
web-example-context-kind = Max context
web-example-context = max context for qwen 2.5 32b q4_k_m on a 4090
web-example-error-kind = A pasted error
web-example-error = torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free.
# The home page's advanced fields (host RAM bandwidth) sit behind this.
web-more-options = More options
# /api and /docs: the API's reference page, rendered from the OpenAPI document (whose own text is English).
web-api-title = JSON API
web-api-intro = Every answer of this site is also JSON. The endpoints below come from the OpenAPI document; their descriptions are in English.
web-api-document = The OpenAPI document (JSON)
web-api-required = required
web-api-try = Try:
