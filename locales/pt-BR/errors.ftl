# Errors and help (pt-BR).

help-intro = Eu calculo de quanta memória de GPU um LLM precisa. Me pergunte sobre um modelo, uma precisão e, se quiser, as suas GPUs.
help-not-understood = Não encontrei nenhum modelo nem tamanho de modelo nessa mensagem.
help-examples-title = Tente, por exemplo:
help-example-1 = llama 3.1 70b em fp16 em duas 4090
help-example-2 = qwen 32b em q4_k_m com contexto de 32k
help-example-3 = treinar llama 3 8b com qlora numa 3060 12gb
help-unparsed = Não entendi: { $words }

error-unknown-model = Não conheço o modelo "{ $input }".
error-unknown-gpu = Não conheço a GPU "{ $input }".
error-suggestions = Você quis dizer { $list }?
error-bad-context = O contexto deve ficar entre 1 e 10.000.000 tokens.
error-bad-batch = O batch deve ficar entre 1 e 100.000.
error-bad-gpu-count = O número de GPUs deve ficar entre 1 e 4.096.
error-bad-params = O tamanho do modelo deve ser um número positivo de bilhões, no máximo 100.000 (100 trilhões de parâmetros).
error-bad-lora-rank = O rank do LoRA deve ficar entre 1 e 4.096.
error-bad-memory-share = A utilização de memória da GPU deve ser maior que 0 e no máximo 1 (o padrão do vLLM é 0,9).
error-precision-not-trainable = { $mode } não consegue treinar pesos guardados em { $precision }: use fp16/bf16, ou QLoRA para 4 bits.
error-unknown-option = Valor desconhecido para { $what }: "{ $value }".
error-unknown-precision = Precisão desconhecida: "{ $input }". Conhecidas: fp32, fp16, bf16, fp8, int8, int4, nf4, gptq-int4, awq-int4, q4_k_m, q8_0, …
error-unknown-topic = Não há nenhum guia chamado "{ $input }". Tópicos: { $topics }.
error-need-model = Informe um modelo (--model) ou um tamanho em bilhões (--params-b).
error-example = Por exemplo: { $example }
error-internal = Algo deu errado do nosso lado; a pergunta foi registrada.
error-not-a-number = "{ $value }" não é um valor válido para { $what }: informe um número inteiro.

# Names of the options an error can be about.
field-model-size = tamanho do modelo
field-context = contexto
field-prompt-length = tamanho do prompt
field-generation-length = tamanho da geração
field-batch = batch
field-gpu-count = número de GPUs
field-lora-rank = rank do LoRA
field-mode = modo
field-runtime = runtime
field-optimizer = otimizador
field-lora-targets = alvos do LoRA
field-gradient-checkpointing = gradient checkpointing
field-sharding = fragmentação
field-cpu-offload = offload para a CPU
field-gpu-memory-utilization = utilização de memória da GPU
field-max-num-batched-tokens = máximo de tokens por batch
field-master-weights = pesos mestres
field-optimizer-in-backward = otimizador no backward
field-framework = framework de treino
field-engine-version = versão do motor
field-chunked-loss = loss em blocos
