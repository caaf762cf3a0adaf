# Servidor do guia (pt-BR): os textos das páginas em volta das respostas, do guia e do catálogo.

web-lang-name = Português
web-language = Idioma
web-nav-ask = Perguntar
web-nav-compare = Comparar GPUs
web-nav-guide = Guia
web-nav-models = Modelos
web-nav-gpus = GPUs
web-footer = Estimativas a partir da arquitetura dos modelos e das especificações das GPUs, não medições: deixe uma folga. Cada número do catálogo traz suas fontes.

web-ask-title = De quanta memória de GPU você precisa?
web-ask-heading = De quanta memória de GPU o seu LLM precisa?
web-ask-label = Sua pergunta
web-ask-placeholder = llama 70b fp16
web-ask-button = Calcular
web-ask-hint = Diga um modelo ou um tamanho (13b) e, se quiser, a precisão, o tamanho do contexto, a GPU e o modo (inferência, LoRA, QLoRA, fine-tuning completo).
web-ram-label = Largura de banda da RAM (GB/s, opcional)
web-ram-field-hint = Define a velocidade das camadas com offload para a RAM: DDR4-3200 em dual channel dá cerca de 51, DDR5-5600 em dual channel cerca de 90, um servidor DDR5-4800 de 8 canais cerca de 307.
web-ram-hint = Sua RAM é mais rápida ou mais lenta? Informe a largura de banda dela no campo “Largura de banda da RAM”, abaixo da caixa da pergunta, para ver as velocidades com offload da sua máquina.
web-ask-examples = Experimente uma destas

web-bar-caption = { $needed } GiB necessários por GPU; uma { $gpu } tem { $capacity } GiB
web-bar-caption-none = { $needed } GiB necessários por GPU: nenhuma GPU do catálogo tem tanta memória
web-bar-capacity = Memória da GPU
web-details-title = Como a estimativa se compara
web-guides-title = Saiba mais no guia
web-json-link = Esta resposta em JSON

web-compare-title = Comparar GPUs
web-compare-label = GPUs, separadas por vírgulas
web-compare-button = Comparar

web-guide-title = Guia
web-guide-intro = Explicações curtas sobre o que ocupa a memória da GPU, como a precisão e a quantização mudam isso e como escolher o hardware.
web-guide-more = Outros tópicos

web-models-title = Modelos
web-models-intro = Os modelos que o vramguide conhece, com as fontes da arquitetura usadas nas estimativas.
web-gpus-title = GPUs
web-gpus-intro = As GPUs que o vramguide conhece, com as fichas técnicas e os artigos de onde vêm os números.
web-col-model = Modelo
web-col-family = Família
web-col-params = Parâmetros (bilhões)
web-col-context = Contexto máximo (tokens)
web-col-license = Licença
web-col-sources = Fontes
web-col-gpu = GPU
web-col-vendor = Fabricante
web-col-memory = Memória
web-col-bandwidth = Largura de banda
web-col-fp16 = TFLOPS FP16/BF16 (denso, acumulação em FP32)
web-col-price = Preço

web-not-found-title = Página não encontrada
web-not-found-body = Não há nada neste endereço. Faça sua pergunta aqui ou escolha um tópico do guia logo abaixo.
web-rate-limited = Muitas solicitações vindas do seu endereço. Tente de novo em { $seconds } s.
web-busy = O servidor está ocupado desenhando gráficos. Tente de novo em { $seconds } s.
web-too-many-connections = Conexões demais no momento. Tente de novo em { $seconds } s.
web-too-long = Essa pergunta é longa demais: no máximo { $max } caracteres, por favor.
web-missing-parameter = Falta o parâmetro “{ $name }”.
web-value-too-long = O parâmetro “{ $name }” é longo demais: no máximo { $max } caracteres.
web-too-many-gpus = Compare no máximo { $max } GPUs de cada vez.
web-bad-request = Não foi possível ler esta solicitação. Confira o endereço e os parâmetros.
web-method-not-allowed = Este endereço só responde a solicitações GET.
web-timeout = A solicitação demorou demais e foi interrompida.
web-body-too-large = A solicitação é grande demais: um log colado pode ter até 64 KB. Cole as últimas linhas, onde está o erro.
web-internal-error = Algo deu errado do nosso lado. Tente de novo, por favor.

# The answer's first screen, and the copy button of the launch line.
web-verdict-fits = Cabe
web-verdict-tight = No limite: pode não caber
web-verdict-no = Não cabe
web-verdict-estimate = Estimativa
web-copy = Copiar
web-copied = Copiado
web-fit-models-title = Modelos que rodam, do maior para o menor
web-buy-setups-title = Configurações dentro do orçamento, da mais rápida para a mais lenta
web-buy-cards-title = Placas dentro do orçamento, da com mais memória para a com menos
