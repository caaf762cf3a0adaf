# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = Respondido em português porque você escreveu em português
# /api/v1/compare with no list, or with one GPU: what was wrong, and an example for it.
api-compare-gpus-missing = Falta o parâmetro “gpus”: liste de duas a oito GPUs, separadas por vírgula. Exemplo: /api/v1/compare?gpus=rtx-4090,rtx-3090
api-compare-one-gpu = “gpus” traz só uma GPU, e uma comparação precisa de pelo menos duas. Exemplo: /api/v1/compare?gpus=rtx-4090,rtx-3090
