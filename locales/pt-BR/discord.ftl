# Discord: nomes, descrições, opções e escolhas dos comandos, botões e avisos.
# Nomes de comandos e opções: minúsculas, sem espaços, até 32 caracteres;
# descrições e escolhas: até 100 caracteres.

cmd-estimate = estimar
    .description = De quanta memória de GPU um modelo precisa e quais GPUs dão conta
opt-estimate-model = modelo
    .description = Nome ou id do modelo, ex.: llama 3.1 70b
opt-estimate-precision = precisão
    .description = Precisão dos pesos ou formato de quantização
opt-estimate-context = contexto
    .description = Tokens por sequência (prompt + resposta); padrão 8192
opt-estimate-batch = batch
    .description = Sequências ao mesmo tempo; padrão 1
opt-estimate-mode = modo
    .description = Inferência ou um tipo de fine-tuning
opt-estimate-gpu = gpu
    .description = Uma GPU para conferir se o job cabe
opt-estimate-gpus = gpus
    .description = Quantas dessa GPU
opt-estimate-runtime = runtime
    .description = A stack de serviço

cmd-compare = comparar
    .description = Compare GPUs lado a lado e veja quais modelos cada uma roda
opt-compare-gpu_a = gpu_a
    .description = Primeira GPU
opt-compare-gpu_b = gpu_b
    .description = Segunda GPU
opt-compare-gpu_c = gpu_c
    .description = Terceira GPU (opcional)
opt-compare-gpu_d = gpu_d
    .description = Quarta GPU (opcional)

cmd-explain = explicar
    .description = Um guia curto: VRAM, NVLink, quantização, cache KV e mais
opt-explain-topic = tema
    .description = O que explicar

cmd-fit = cabe
    .description = Quais modelos cabem numa configuração de GPU, e com quanto contexto
opt-fit-gpu = gpu
    .description = A GPU
opt-fit-count = quantidade
    .description = Quantas dessa GPU; padrão 1
opt-fit-precision = precisão
    .description = Precisão dos pesos; padrão fp16

cmd-language = idioma
    .description = Escolha o idioma em que eu respondo a você
opt-language-language = idioma
    .description = Deixe vazio para ver a configuração atual
opt-language-server = servidor
    .description = Definir o padrão do servidor (Gerenciar servidor)

cmd-stats = estatísticas
    .description = O que este servidor mais pergunta: modelos, precisões, idiomas
opt-stats-period = período
    .description = Intervalo de tempo; padrão os últimos 30 dias

cmd-forget-me = apagar-meus-dados
    .description = Apague suas perguntas registradas e suas preferências

cmd-listen = ouvir
    .description = Responder toda pergunta de dimensionamento neste canal, sem menção
opt-listen-enabled = ativado
    .description = Ligar ou desligar; padrão ligado

choice-mode-inference = Inferência
choice-mode-full-finetune = Fine-tuning completo
choice-mode-lora = Fine-tuning LoRA
choice-mode-qlora = Fine-tuning QLoRA
choice-precision-float = { $name } (ponto flutuante)
choice-precision-int = { $name } (quantização só dos pesos)
choice-precision-gguf = { $name } (GGUF, llama.cpp)
choice-runtime-transformers = Transformers (PyTorch)
choice-runtime-vllm = vLLM
choice-runtime-sglang = SGLang
choice-runtime-llama-cpp = llama.cpp
choice-runtime-ollama = Ollama
choice-language-auto = Automático (seguir o idioma do meu Discord)
choice-language-en = Inglês
choice-language-pt = Português (Brasil)
choice-language-es = Espanhol
choice-language-zh = Chinês (simplificado)
choice-period-day = Últimas 24 horas
choice-period-week = Últimos 7 dias
choice-period-month = Últimos 30 dias
choice-period-all = Desde o início

button-explain-nvlink = O que é NVLink?
button-explain-quantization = O que é quantização?
button-explain-multi-gpu = Dividir entre GPUs
button-breakdown = Detalhamento completo

discord-footer = vramguide · estimativas, não garantias · /explicar para entender o porquê
discord-breakdown-title = Detalhamento
discord-advice-title = Dicas
discord-more-title = Regra prática
discord-notes-title = Observações
discord-guides-title = Guias
discord-fit-models-title = O que cabe em { $setup } com { $precision }
discord-fit-models-line = **{ $model }**: até { $context } tokens de contexto
discord-fit-models-none = Nada do catálogo cabe em { $setup } com { $precision }. Tente uma precisão menor ou mais GPUs.
discord-fit-models-more = …e mais { $count }.

notice-rate-limited = Você está perguntando muito rápido. Espere { $seconds } s e tente de novo.
notice-not-yours = Só quem perguntou pode usar estes botões. Faça sua própria pergunta para ter os seus.
notice-button-expired = Este botão expirou. Pergunte de novo, por favor.
notice-language-set = Vou responder a você em { $language }.
notice-language-cleared = Vou voltar a seguir o idioma do seu Discord.
notice-language-current = Eu respondo a você em { $language }.
notice-language-server-set = O idioma padrão das respostas neste servidor agora é { $language }.
notice-language-server-cleared = Este servidor não tem mais um idioma padrão para as respostas.
notice-needs-manage-server = Você precisa da permissão Gerenciar servidor para isso.
notice-needs-manage-channels = Você precisa da permissão Gerenciar canais para isso.
notice-guild-only = Este comando só funciona em um servidor.
notice-listen-on = Vou responder toda pergunta de dimensionamento neste canal.
notice-listen-off = Neste canal, só vou responder quando for mencionado.
notice-listen-no-intent = Salvo, mas ainda não consigo ler as mensagens aqui: este bot roda sem a intent Message Content. Ative-a no Developer Portal (Bot › Privileged Gateway Intents) e inicie o bot com --message-content. Menções continuam funcionando.
notice-forgot = Pronto: apaguei { $rows_n ->
    [one] { $rows } registro
   *[other] { $rows } registros
} sobre você.
notice-stats-empty = Nenhuma pergunta registrada neste servidor nesse período.
notice-internal-error = Algo deu errado do meu lado. Tente de novo daqui a pouco.
