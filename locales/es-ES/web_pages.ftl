# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = Respondido en español porque escribiste en español
# /api/v1/compare with no list, or with one GPU: what was wrong, and an example for it.
api-compare-gpus-missing = Falta el parámetro «gpus»: indica de dos a ocho GPU, separadas por comas. Ejemplo: /api/v1/compare?gpus=rtx-4090,rtx-3090
api-compare-one-gpu = «gpus» tiene una sola GPU, y para comparar hacen falta al menos dos. Ejemplo: /api/v1/compare?gpus=rtx-4090,rtx-3090
# The home page's examples: one per kind of question, its label and a question to open.
web-example-estimate-kind = Estimación
web-example-estimate = llama 3.1 70b en fp16 en dos 4090
web-example-compare-kind = Comparar
web-example-compare = rtx 4090 vs rtx 3090
web-example-explain-kind = Explicar
web-example-explain = ¿qué es nvlink?
web-example-fit-kind = Qué cabe
web-example-fit = ¿qué puedo correr en dos 3090?
web-example-budget-kind = Presupuesto
web-example-budget = ¿qué GPU compro con 2000 dólares?
web-example-context-kind = Contexto máximo
web-example-context = contexto máximo de qwen 2.5 32b q4_k_m en una 4090
web-example-error-kind = Un error pegado
web-example-error = torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free.
# The home page's advanced fields (host RAM bandwidth) sit behind this.
web-more-options = Más opciones
# /api and /docs: the API's reference page, rendered from the OpenAPI document (whose own text is English).
web-api-title = API JSON
web-api-intro = Cada respuesta de este sitio también está en JSON. Los endpoints de abajo vienen del documento OpenAPI; sus descripciones están en inglés.
web-api-document = El documento OpenAPI (JSON)
web-api-required = obligatorio
web-api-try = Prueba:
