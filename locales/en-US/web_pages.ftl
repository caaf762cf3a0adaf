# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = Answered in English because you wrote in English
# /api/v1/compare with no list, or with one GPU: what was wrong, and an example for it.
api-compare-gpus-missing = The parameter “gpus” is missing: list two to eight GPUs, separated by commas. Example: /api/v1/compare?gpus=rtx-4090,rtx-3090
api-compare-one-gpu = “gpus” names only one GPU, and a comparison needs at least two. Example: /api/v1/compare?gpus=rtx-4090,rtx-3090
