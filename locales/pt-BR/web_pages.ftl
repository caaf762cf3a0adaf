# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = Respondido em português porque você escreveu em português
# /api/v1/compare with no list, or with one GPU: what was wrong, and an example for it.
api-compare-gpus-missing = Falta o parâmetro “gpus”: liste de duas a oito GPUs, separadas por vírgula. Exemplo: /api/v1/compare?gpus=rtx-4090,rtx-3090
api-compare-one-gpu = “gpus” traz só uma GPU, e uma comparação precisa de pelo menos duas. Exemplo: /api/v1/compare?gpus=rtx-4090,rtx-3090
# The home page's examples: one per kind of question, its label and a question to open.
web-example-estimate-kind = Estimativa
web-example-estimate = llama 3.1 70b em fp16 em duas 4090
web-example-compare-kind = Comparar
web-example-compare = rtx 4090 vs rtx 3090
web-example-explain-kind = Explicar
web-example-explain = o que é nvlink?
web-example-fit-kind = O que cabe
web-example-fit = o que roda em duas 3090?
web-example-budget-kind = Orçamento
web-example-budget = qual placa comprar com R$ 10 mil?
web-example-context-kind = Contexto máximo
web-example-context = contexto máximo do qwen 2.5 32b q4_k_m numa 4090
web-example-error-kind = Um erro colado
web-example-error = torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free.
# The home page's advanced fields (host RAM bandwidth) sit behind this.
web-more-options = Mais opções
# /api and /docs: the API's reference page, rendered from the OpenAPI document (whose own text is English).
web-api-title = API JSON
web-api-intro = Toda resposta deste site também sai em JSON. Os endpoints abaixo vêm do documento OpenAPI; as descrições estão em inglês.
web-api-document = O documento OpenAPI (JSON)
web-api-required = obrigatório
web-api-try = Experimente:
