# Answers (pt-BR): o texto em volta de uma estimativa.

mode-inference = inferência
mode-full-finetune = fine-tuning completo
mode-lora = LoRA
mode-qlora = QLoRA

answer-title = { $model } · { $precision } · { $mode }
answer-job = { $context } tokens · batch { $batch } · { $runtime }
answer-job-training = sequências de { $context } tokens · micro-batch { $batch } · { $optimizer }
answer-total = Pico de memória estimado: **{ $total } GiB**
answer-total-split = Pico de memória estimado: **{ $total } GiB** no total, **{ $per_gpu } GiB** por GPU em { $gpus }
answer-breakdown-title = Detalhamento:

part-weights = pesos
part-kv-cache = cache KV
part-activations = ativações
part-overhead = overhead
part-gradients = gradientes
part-optimizer = estados do otimizador
part-item = { $label } { $value } GiB

answer-fit-yes = ✅ Cabe em { $setup }: { $per_gpu } GiB por GPU de { $usable } GiB utilizáveis (sobram { $headroom } GiB).
answer-fit-tight = ⚠️ Apertado, pode não caber em { $setup }: { $per_gpu } GiB por GPU de { $usable } GiB utilizáveis, dentro da margem de erro de ±{ $band }% desta estimativa.
answer-fit-no = ❌ Não cabe em { $setup }: precisa de { $per_gpu } GiB por GPU e só há { $usable } GiB utilizáveis.
answer-fit-needed = Cabe em { $count } × { $gpu }.
answer-fit-needed-cluster = Seriam necessárias { $count } × { $gpu }: mais placas do que cabem numa máquina, então veja as configurações abaixo.
answer-fit-never = Colocar mais placas dessas não resolve (cada uma ainda precisaria de mais memória do que tem).
answer-fit-offload = Com os estados na memória da CPU (`cpu_offload` do FSDP, ZeRO-Offload: `--cpu-offload`) cabe: { $per_gpu } GiB por GPU, com passos mais lentos.
answer-usable-why = Memória utilizável é o valor nominal menos o contexto CUDA e a reserva do runtime.

answer-setups-title = Configurações que cabem
answer-setups-title-training = Configurações que cabem (treinamento)
answer-setup-speed = ≈{ $tps } tokens/s
answer-setup-price = { $price } pelo preço de lançamento
price-usd = US$ { $amount }
answer-nothing-fits = Nada no catálogo dá conta desse job, nem 64 GPUs do maior modelo.

tag-cheapest = mais barata
tag-cheapest-single = placa única mais barata
tag-fewest-cards = menos placas
tag-fastest = mais rápida
tag-datacenter = datacenter

link-single = uma GPU
link-nvlink = NVLink
link-nvlink-bridge = ponte NVLink
link-pcie = PCIe
link-infinity-fabric = Infinity Fabric
link-multi-node = vários nós

advice-nvlink = Esse job troca muitos dados entre as GPUs (treinamento ou paralelismo de tensor): NVLink (servidores SXM, pares com ponte) compensa em relação ao PCIe puro.
advice-layer-split = Dividindo por camadas (llama.cpp, device_map="auto"), só ativações pequenas passam de uma placa para outra: PCIe dá conta.
advice-sxm-only = Num único servidor, só máquinas SXM (8 GPUs com NVLink/NVSwitch) aguentam esse job.
advice-multi-node = Isso precisa de vários servidores de 8 GPUs ligados por InfiniBand.

answer-speed-note = As velocidades são estimadas a partir da largura de banda da memória, não medidas.
answer-pool-capacity = Com o { $runtime } usando { $util }% da placa, sobra espaço para { $tokens } tokens de cache KV: { $sequences_n ->
    [one] uma sequência
   *[other] cerca de { $sequences } sequências
} de { $context } tokens ao mesmo tempo.
answer-pool-capacity-none = Com o { $runtime } usando { $util }% da placa, sobra espaço para { $tokens } tokens de cache KV: nem uma sequência de { $context } tokens cabe, então esta configuração não serve.

answer-rule = Regra prática (P × 4 bytes × Q/32 × 1,2): **{ $rule } GB** ({ $rule_gib } GiB).
rule-close = Bate com a nossa estimativa, com diferença de até { $pct }%.
rule-lower = Nossa estimativa é { $pct }% menor: a margem fixa de 20% da regra é mais do que o cache KV e as ativações desse job precisam.
rule-higher = Nossa estimativa é { $pct }% maior: com { $context } tokens × batch { $batch }, o cache KV e as ativações ocupam mais do que os 20% fixos da regra.
rule-quantized = A regra conta { $nominal } bits por peso; na prática, { $precision } guarda cerca de { $bits } bits, mais embeddings em 16 bits quando o formato os mantém.
rule-training = A regra só vale para inferência: o treinamento soma gradientes ({ $gradients } GiB), estados do otimizador ({ $optimizer } GiB) e as ativações guardadas para o backward.

assumed-title = Suposições:
assumed-precision = { $precision } (nenhuma precisão informada)
assumed-precision-native = { $precision }, o formato em que o checkpoint é publicado (nenhuma precisão informada)
assumed-context = { $tokens } tokens de contexto (nenhum informado)
assumed-runtime = o perfil { $runtime } (nenhum runtime informado)
assumed-sharding = { $sharding } entre as GPUs (nenhuma fragmentação informada)
assumed-checkpointing-on = gradient checkpointing ligado, como nas receitas de { $method } (não informado)
assumed-checkpointing-off = gradient checkpointing desligado (não informado)

match-newest = "{ $model }", o mais recente de { $count } modelos com esse nome; informe a versão para outro.
match-corrected = Entendi "{ $input }" como { $model }.
match-assumed = Não tenho certeza de qual modelo é "{ $input }": esta resposta supõe { $model }. Informe o nome exato se for outro.
match-sized-from-name = Não conheço o { $name }: ele foi estimado como um modelo { $kind ->
    [moe] de mistura de especialistas (MoE)
   *[dense] denso
} de { $params } bilhões de parâmetros, no formato do { $like }. Informe um id do Hub (org/nome) para a arquitetura exata.

note-synthetic = Não há modelo com esse nome no catálogo: a arquitetura foi derivada do tamanho ({ $params } bilhões de parâmetros, no formato do { $reference }).
note-moe = Mistura de especialistas (MoE): todos os especialistas ficam na memória, embora só { $active } bilhões de parâmetros trabalhem por token (é isso que define a velocidade).
note-config-disagrees = As dimensões do config dão { $config } bilhões de parâmetros, mas os arquivos do checkpoint têm { $header } bilhões: o config pode não descrever esses pesos, então vale a contagem dos arquivos.
note-mla = A multi-head latent attention guarda um cache comprimido: { $bytes } bytes por token.
note-sliding-window = As camadas de janela deslizante guardam no máximo { $window } tokens no cache.
note-hybrid-state = Só { $attention } das { $layers } camadas mantêm um cache KV que cresce com o contexto; as outras (atenção linear ou Mamba) guardam um estado fixo de cerca de { $state } MiB por sequência, seja qual for o tamanho.
note-vision-tower = O checkpoint inclui um codificador de visão ({ $size } milhões de parâmetros), contado nos pesos mesmo se você só usar texto.
note-vision-tower-tokens = O checkpoint inclui um codificador de visão ({ $size } milhões de parâmetros), contado nos pesos mesmo se você só usar texto; cada imagem ocupa uns { $tokens } tokens de contexto, então some isso ao contexto que você pedir.
note-context-beyond = O modelo foi treinado com no máximo { $max } tokens; contextos maiores precisam de rope scaling e podem perder qualidade.
note-embeddings-16bit = { $precision } mantém os embeddings e a camada de saída em 16 bits.
note-experts-only = { $precision } cobre só os pesos dos especialistas; atenção, embeddings e camada de saída ficam em 16 bits.
note-vllm = O vLLM reserva { $util }% de cada placa logo de início e preenche o resto com cache KV (números de inicialização do vLLM { $version }).
note-sharded = Os estados de treinamento são divididos entre { $gpus } com { $sharding }: { $what }.
sharded-ddp = cada GPU guarda uma cópia completa
sharded-zero1 = cada GPU guarda a sua parte dos estados do otimizador
sharded-zero2 = cada GPU guarda a sua parte dos estados do otimizador e dos gradientes
sharded-zero3 = cada GPU guarda a sua parte dos pesos, dos gradientes e dos estados do otimizador
note-sharded-offload = Os estados do otimizador (e, com ZeRO-3/FSDP, os pesos) vão para a memória da CPU: passos mais lentos, muito menos memória de GPU.
note-cpu-offload = Os estados do otimizador vão para a memória da CPU: passos mais lentos, muito menos memória de GPU.
note-all-offload = Pesos, gradientes e estados do otimizador vão todos para a memória da CPU ({ $sharding }): cada camada só vai para a GPU enquanto é executada, então os passos ficam bem mais lentos e a GPU guarda pouco além da camada em uso.
note-host-states = Os estados descarregados precisam de cerca de { $gib } GiB de memória da CPU (RAM) da máquina, além do que o sistema e o carregamento de dados usam.
note-cached-reading = O nvidia-smi provavelmente vai mostrar mais, cerca de { $low }-{ $high } GiB por GPU: com o descarregamento, o PyTorch mantém em cache os blocos liberados (de 1,6 a 2,3 vezes o que os tensores usam, segundo nossas medições) e os devolve antes de ficar sem memória.
note-paged-out = Os estados do AdamW 8-bit paginado não cabem todos: cerca de { $gib } GiB por GPU vão para a memória da CPU, o que deixa cada passo mais lento.
note-fp8-weight-only = Esta placa não tem núcleos tensoriais FP8 (eles vieram com Ada e Hopper): os pesos FP8 ficam em 8 bits mas são calculados em 16 (só pesos), então economizam memória, não tempo; int8 (W8A8) é o caminho rápido de 8 bits dela.
note-checkpointing = O gradient checkpointing guarda só a entrada de cada camada e recalcula o resto.
note-framework-hf = Dimensionado como o Trainer do Hugging Face com PEFT roda.
note-framework-unsloth = Dimensionado como o Unsloth roda: as entradas de camada guardadas pelo gradient checkpointing esperam na memória da CPU, o lm_head e a loss rodam juntos, um pedaço de cada vez, a base de 4 bits não é convertida para fp32, e os notebooks dele treinam com AdamW de 8 bits.
note-framework-axolotl = Dimensionado como o Axolotl roda: pesos em bf16 sem cópia mestre em fp32; Cut Cross Entropy e Liger ficam desligados, a menos que a config os ligue.
note-framework-llama-factory = Dimensionado como o LLaMA-Factory roda: o Trainer do Hugging Face com os padrões dele (Liger desligado).
note-framework-torchtune = Dimensionado como o torchtune roda: bf16 puro sem cópia mestre em fp32, loss calculada em pedaços e LoRA em bf16.
note-backward-overlap = O backward libera as ativações à medida que grava os gradientes, então o pico é menor que a soma das partes acima.
note-runtime-mismatch = O { $runtime } não carrega { $precision } nativamente; os números supõem que carregue.
answer-error-band = Margem de erro: ±{ $pct }% ({ $basis }).
error-band-measured = segundo medições deste runtime e formato
error-band-unmeasured = ainda não há medição para este caso, então é uma estimativa larga

answer-guides-title = Saiba mais:

compare-title = Comparação de GPUs
compare-memory = Memória
compare-bandwidth = Largura de banda
compare-fp16 = TFLOPS tensor FP16/BF16 (denso, acumulação em FP32)
compare-fp8 = TFLOPS tensor FP8 (denso, acumulação em FP32)
compare-nvlink = NVLink
compare-form = Formato
compare-power = Consumo
compare-ecc = ECC
compare-price = Preço
compare-price-launch = { $price } no lançamento
compare-cloud-price = Aluguel na nuvem por hora
compare-price-per-gb = Preço por GB
compare-runs-16bit = Roda em 16 bits
compare-runs-4bit = Roda em 4 bits (Q4_K_M)
compare-runs-note = "Roda" significa uma placa, 8.192 tokens de contexto e memória utilizável depois da reserva do runtime.
compare-yes = sim
compare-no = não
compare-none = nenhum dos modelos populares
compare-no-price = não vendida a preço de tabela
form-consumer = placa de consumo
form-pcie = placa PCIe
form-sxm = módulo SXM (servidores)
form-unified = memória unificada (SoC)

# A number of GPUs, with the plural the language uses.
gpu-count = { $count_n ->
    [one] { $count } GPU
   *[other] { $count } GPUs
}

# Punctuation that joins parts of an answer (assumptions, a setup's labels).
sep-clause = {"; "}
sep-list = {", "}
sep-open = {" ("}
sep-close = )
sep-after-title = {" "}
sep-colon = {": "}

## O plano: ajustes que fazem o job caber, capacidade de serviço, o comando para iniciar.
answer-levers-title = Para caber { $gpus_n ->
    [one] nessa GPU:
   *[other] nessas GPUs:
}
answer-levers-title-room = Para ganhar folga { $gpus_n ->
    [one] nessa GPU:
   *[other] nessas GPUs:
}
answer-levers-none = Nenhuma mudança nestas placas (formato, contexto, offload, particionamento), nem nenhuma quantidade delas dentro de um rack, faz caber.
# After a setup or a lever and sep-colon: "2 × RTX 3090: 21.5 GiB per GPU".
amount-per-gpu = { $per_gpu } GiB por GPU
lever-precision = pesos em { $value } ({ $quality })
lever-precision-gpus = pesos em { $value } ({ $quality }) em { $count }
lever-kv-precision = cache KV em { $value }
lever-context = contexto de no máximo { $value } tokens
lever-offload = estados do otimizador na memória da CPU (`cpu_offload`), com passos mais lentos
lever-gradient-checkpointing = gradient checkpointing ligado (passos cerca de um terço mais lentos)
lever-qlora = QLoRA (base em NF4 de 4 bits) em vez de LoRA
lever-optimizer = o otimizador { $value }
lever-zero = fragmentação completa com { $sharding }
lever-more-gpus = { $count } desta placa
lever-runtime-changed = { $runtime } em vez de { $asked }: { $usable } GiB utilizáveis por GPU em vez de { $asked_usable } GiB
answer-serving = Capacidade de serviço: { $pool } GiB de cache KV; uma requisição pode ter até { $context } tokens; { $concurrency_n ->
    [one] uma requisição
   *[other] { $concurrency } requisições
} de { $asked } tokens ao mesmo tempo, cerca de { $speed } tokens/s no total.
answer-serving-none = Capacidade de serviço: { $pool } GiB de cache KV; uma requisição pode ter até { $context } tokens; não cabe nem uma requisição de { $asked } tokens.
answer-launch-title = Para iniciar:
answer-launch-missing = Não há checkpoint { $precision } deste modelo na nossa lista, então não há comando para colar: procure um no Hub do Hugging Face (“{ $search }”) e carregue com { $runtime }.
answer-launch-generic = Só o tamanho não aponta nenhum checkpoint, então não há comando para colar: diga o modelo ("llama 3.1 70b", "qwen2.5 72b") para ver a linha de comando com { $runtime }.
lever-quality-negligible = quase sem perda de qualidade
lever-quality-small = pequena perda de qualidade
lever-quality-moderate = alguma perda de qualidade, a troca mais comum
lever-quality-noticeable = perda de qualidade perceptível

# The title of an answer for a bare size ("70b"), sized with a catalog model's architecture.
model-generic-shape = um modelo de { $size }B com a arquitetura do { $like }
model-generic-title = Modelo de { $size }B, arquitetura do { $like }

# The last line of a chat-length answer at the terminal: where the rest is.
answer-chat-more = Todas as configurações, a regra prática, as suposições e as notas: acrescente `--full`.
