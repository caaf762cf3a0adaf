# Erros colados de mais engines, e erros que não são de memória (pt-BR).
# Cada correção diz o que custa.

diag-title-sampler-warmup = { $engine } ficou sem memória no aquecimento do sampler
diag-title-multimodal-profile = { $engine } ficou sem memória perfilando o pior caso de imagens
diag-title-system-memory = { $engine } precisa de mais memória do sistema do que há livre
diag-title-prefill-tokens = { $engine } não comporta o batch de prefill do aquecimento
diag-title-metal-out-of-memory = { $engine } ficou sem a memória de GPU do Mac
diag-title-driver-too-old = Não é erro de memória: o driver da NVIDIA está antigo demais
diag-title-illegal-memory-access = Não é falta de memória: um kernel leu fora da sua memória
diag-title-nccl = Não é erro de memória: o NCCL, a comunicação entre GPUs, falhou
diag-title-tokenizer = Não é erro de memória: o arquivo do tokenizer é mais novo que sua biblioteca tokenizers
diag-title-missing-module = Não é erro de memória: falta um módulo Python
diag-title-disk-full = Não é erro de memória: o disco está cheio
diag-title-missing-file = Não é erro de memória: falta um arquivo
diag-title-bitsandbytes-setup = Não é erro de memória: o bitsandbytes não achou uma biblioteca CUDA para ele

diag-cause-sampler-warmup = Na inicialização o vLLM amostra uma vez para max_num_seqs requisições fictícias; os logits de tantas sequências não couberam ao lado dos pesos.
diag-cause-multimodal-profile = O vLLM perfila o pior caso: todas as sequências com o máximo de imagens e vídeos por prompt. Foi esse pico, não suas entradas reais, que estourou.
diag-cause-system-memory = O Ollama confere a RAM (e a VRAM) antes de carregar: o modelo e o contexto precisam de mais do que há livre.
diag-cause-prefill-tokens = O TGI aquece com um batch de `--max-batch-prefill-tokens` tokens; as ativações não couberam ao lado dos pesos e do cache KV.
diag-cause-metal-out-of-memory = No Mac a GPU só pode usar parte da memória unificada; os pesos mais o cache KV deste contexto passaram dela.
diag-cause-driver-too-old = O driver suporta um CUDA mais antigo que aquele com que seu PyTorch foi compilado. A memória da placa não tem nada a ver.
diag-cause-illegal-memory-access = Um kernel da GPU leu ou escreveu fora dos seus buffers: um bug ou um build incompatível, não placa cheia. Mais memória não resolve.
diag-cause-nccl = Os processos de um job multi-GPU não conseguiram se falar (muitas vezes memória compartilhada no contêiner, ou a rede entre os nós).
diag-cause-tokenizer = O tokenizer.json foi gravado por uma versão do tokenizers mais nova que a instalada.
diag-cause-missing-module = O pacote não está instalado neste Python, ou a parte compilada foi feita para outro Python ou CUDA.
diag-cause-disk-full = Acabou o espaço em disco ao gravar um download, um checkpoint ou um cache.
diag-cause-missing-file = O caminho que o job lê não existe, ou falta um arquivo na pasta do modelo.
diag-cause-bitsandbytes-setup = O bitsandbytes não conseguiu carregar um build para o CUDA que encontrou e caiu na biblioteca de CPU.

diag-fig-system = Memória necessária { $required }, disponível { $available }
diag-fig-devices-free = Livre por dispositivo: { $list }
diag-fig-flash-attn-off = Flash attention: desligado
diag-fig-max-num-seqs = Sequências por batch: { $n }
diag-fig-prefill = Tokens de prefill pedidos: { $n }

fix-max-num-seqs = menos sequências ao mesmo tempo; custa throughput só sob carga alta
fix-limit-mm-per-prompt = menos imagens por prompt no perfil de pior caso; custa prompts com mais imagens que isso
fix-smaller-inputs = menos entradas de uma vez; custa velocidade, não o resultado
fix-zero-offload = optimizer states e parâmetros na memória da CPU; custa tempo por passo e RAM
fix-unsloth-checkpointing = o checkpointing com offload do Unsloth; custa um pouco de tempo por passo
fix-flash-attention = o flash attention dispensa o buffer de atenção do tamanho do contexto; não custa nada nas GPUs suportadas
fix-ubatch = um micro-batch menor encolhe o buffer de cálculo; custa um pouco de velocidade no prompt
fix-tensor-split = divide os pesos pelo que cada placa tem livre; não custa nada
fix-smaller-quant = uma quantização menor do mesmo modelo; custa um pouco de qualidade
fix-ollama-num-ctx = um contexto menor usa menos memória; custa quanto texto o modelo enxerga (ou defina num_ctx no Modelfile)
fix-ollama-num-gpu = menos camadas na GPU, o resto na CPU; custa velocidade
fix-ollama-flash-attention = flash attention e cache KV de 8 bits reduzem a memória do contexto mais ou menos pela metade; quase não custam nada (reinicie o servidor)
fix-free-system-memory = descarregue outros modelos e feche programas que ocupam RAM; não custa nada
fix-max-batch-prefill-tokens = um batch de prefill menor; custa throughput em prompts longos
fix-max-batch-total-tokens = menos tokens em andamento; custa requisições simultâneas
fix-mlx-max-kv-size = limita o cache KV (mlx_lm); custa os tokens mais antigos de conversas longas
fix-update-driver = instale um driver que suporte o CUDA do seu PyTorch; custa um reboot
fix-torch-for-driver = ou instale o PyTorch compilado para o CUDA que seu driver suporta
fix-cuda-launch-blocking = rode uma vez assim para ver qual kernel falhou; custa velocidade enquanto depura
fix-upgrade-engine = uma versão mais nova muitas vezes já corrigiu o kernel
fix-nccl-debug = aí o NCCL diz o que falhou
fix-nccl-shm = contêineres precisam de memória compartilhada para o NCCL
fix-upgrade-tokenizers = versões mais novas leem arquivos de tokenizer mais novos
fix-reinstall = reinstale para este Python e este CUDA
fix-free-disk = veja qual disco está cheio e mova o cache do Hugging Face para um com espaço
fix-check-path = confira se o caminho existe e se a pasta do modelo tem todos os arquivos
fix-upgrade-bitsandbytes = um bitsandbytes atual traz builds para os CUDA atuais; o autoteste dele diz o que falta

diag-verdict-short = Precisa de { $need } por GPU e a placa tem { $total }: não cabe como está; as correções abaixo fazem caber.
diag-verdict-other = Precisa de { $need } dos { $total } da placa: cabe, mas { $other } estão ocupados fora deste job.
diag-verdict-fits = Precisa de { $need } dos { $total } da placa: deveria caber, então o pico do log vem do batch, do tamanho da sequência ou da fragmentação.

diag-title-profile-run = { $engine } ficou sem memória na rodada de perfil
diag-cause-profile-run = Antes de dimensionar o cache KV, o vLLM roda um batch de `max_num_batched_tokens` tokens para medir as ativações; esse batch não coube ao lado dos pesos.
fix-max-num-batched-tokens = menos tokens por passada; custa um pouco de velocidade no prefill
