# Modelos buscados no Hugging Face Hub ou lidos de um config.json enviado pelo usuário.
hub-error-not-found = Não encontrei `{ $repo }` no Hugging Face Hub. Confira a grafia (dono/nome) ou pergunte sobre um modelo que eu conheço.
hub-error-gated = `{ $repo }` tem acesso restrito: aceite os termos no Hub e defina HF_TOKEN com um token dessa conta para eu poder ler os arquivos.
hub-error-no-weights = `{ $repo }` não tem arquivos de pesos que eu consiga ler (safetensors ou GGUF; falta: { $detail }).
hub-error-malformed = Os arquivos de `{ $repo }` estão malformados: { $detail }.
hub-error-too-large = Um cabeçalho de `{ $repo }` é maior do que o limite que eu leio ({ $detail }), então parei em vez de baixá-lo.
hub-error-unreachable = O Hugging Face Hub não respondeu a tempo sobre `{ $repo }`, e não tenho nenhum modelo com esse nome ou tamanho para usar no lugar. Tente de novo mais tarde.
hub-error-offline = As consultas ao Hub estão desligadas (modo offline) e não conheço nenhum modelo chamado `{ $repo }`. Pergunte sobre um modelo que eu conheço ou informe o tamanho.
hub-error-invalid-config = Não consigo usar este config.json ({ $repo }): { $detail }.
hub-why-offline = as consultas ao Hub estão desligadas
hub-why-unreachable = o Hugging Face Hub não respondeu
hub-why-slow = o Hugging Face Hub demorou demais
hub-why-busy = há consultas demais ao Hub neste momento
hub-fallback-catalog = { $why }, então `{ $repo }` foi estimado como { $model }, o modelo mais parecido que eu conheço.
hub-fallback-size = { $why }, então `{ $repo }` foi estimado pelo tamanho que aparece no nome ({ $model }).
hub-exact-safetensors = pesos: { $gib } GiB, lidos dos cabeçalhos safetensors do repositório ({ $files } arquivos, { $tensors } tensores, { $quantized } quantizados; { $method }).
hub-exact-gguf = pesos: { $gib } GiB, lidos do cabeçalho do arquivo GGUF ({ $tensors } tensores, { $quantized } quantizados; { $method }).
opt-estimate-config = config
    .description = O config.json de um modelo que eu não conheço
web-config-summary = Um modelo que eu não conheço? Cole o config.json dele
web-config-label = config.json
web-config-question = A tarefa (opcional)
web-config-placeholder = fp8 em 2x h100, contexto de 32k
# The command line, while a Hub look-up takes more than 300 ms.
cli-hub-looking-up = Consultando { $repo } no Hugging Face Hub…
