# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = Respondido en español porque escribiste en español
# /api/v1/compare with no list, or with one GPU: what was wrong, and an example for it.
api-compare-gpus-missing = Falta el parámetro «gpus»: indica de dos a ocho GPU, separadas por comas. Ejemplo: /api/v1/compare?gpus=rtx-4090,rtx-3090
api-compare-one-gpu = «gpus» tiene una sola GPU, y para comparar hacen falta al menos dos. Ejemplo: /api/v1/compare?gpus=rtx-4090,rtx-3090
