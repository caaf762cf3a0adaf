# Guide topics (pt-BR): written for vramguide; facts from the seed articles, words our own.

## VRAM

guide-vram-title = VRAM: o que ocupa a memória da GPU
guide-vram-summary = O que fica na memória da GPU ao rodar ou treinar um LLM, por que ela acaba primeiro e como estimar o tamanho rapidamente.
guide-vram-body =
    Para rodar ou treinar um LLM, a memória da própria placa de vídeo (**VRAM**) precisa guardar tudo o que a GPU usa a cada passo:
    - **Pesos**: parâmetros × bytes por parâmetro (2 bytes em fp16/bf16, cerca de 0,5 em 4 bits).
    - **Cache KV**: chaves e valores de cada token do contexto, para cada sequência do batch.
    - **Ativações**: tensores temporários do forward, que chegam ao pico enquanto um prompt longo é processado.
    - **Overhead do runtime**: contexto CUDA, workspaces do cuBLAS, cache do alocador, CUDA graphs.
    - No **treinamento**, somam-se **gradientes** e **estados do otimizador**: com Adam em precisão mista, são cerca de 16 bytes por parâmetro, sem contar as ativações.

    Quase sempre a memória é o primeiro limite. Se o job não cabe, nenhuma outra especificação da placa faz diferença; jogar parte do modelo para a RAM do sistema funciona, mas fica muitas vezes mais lento.

    Depois que cabe, quem define a velocidade é a **largura de banda da memória**. Cada token gerado (decode) lê todos os pesos uma vez, então o teto aproximado é banda ÷ tamanho do modelo: um modelo de 8B em 16 bits (uns 16 GB) numa RTX 4090 (1.008 GB/s) fica perto de 60 tokens/s para um único usuário. Poder de computação pesa mais em prompts longos e no treinamento.

    O número da caixa promete mais do que você consegue usar. O **contexto CUDA** ocupa uns 0,3-0,5 GiB por processo, os frameworks guardam reservas e o ambiente gráfico também pode pegar um pedaço. A memória de GPU é fabricada em tamanhos binários: uma placa de "24 GB" tem 24 GiB (2^30 bytes cada), que é o que o nvidia-smi mostra. A diferença de 7% entre GB (10^9 bytes) e GiB vale para os arquivos de modelo e para a regra prática abaixo, que contam em GB: os 140 GB de pesos em bf16 de um modelo de 70B são 130 GiB. Nos Macs com **Apple Silicon**, a memória unificada é dividida com o sistema e, por padrão, a GPU só pode usar algo entre 2/3 e 3/4 dela.

    A **regra prática** clássica:
    `M = P × 4 bytes × (Q / 32) × 1,2`
    em que P é a quantidade de parâmetros, Q são os bits por peso e 1,2 uma margem de 20%. Para um modelo de 70B em 16 bits: 70 × 10^9 × 4 × 16/32 × 1,2 = **168 GB**. Serve como primeira aproximação, mas:
    - ignora o **cache KV**, que cresce com o tamanho do contexto e do batch e pode passar do tamanho dos pesos;
    - formatos quantizados guardam bits extras para as escalas, então "4 bits" na prática significa algo entre 4,16 e 4,85 bits;
    - treinar exige várias vezes mais memória do que a inferência.

    Por isso o vramguide calcula cada parte a partir da arquitetura do modelo (camadas, cabeças KV, dimensão das cabeças) e da precisão, do contexto e do batch que você informar, e mostra tudo separado.

## NVLink

guide-nvlink-title = NVLink: quando faz diferença
guide-nvlink-summary = NVLink é uma ligação direta e rápida entre GPUs: essencial para treinar e para paralelismo de tensor, bem menos para dividir camadas.
guide-nvlink-body =
    O **NVLink** da NVIDIA liga uma GPU diretamente à outra, sem passar pelo barramento PCIe, e é muito mais rápido:
    - **NVLink 3** (A100): 600 GB/s por GPU
    - **NVLink 4** (H100, H200): 900 GB/s por GPU
    - **NVLink 5** (B200): 1,8 TB/s por GPU
    - **PCIe 4.0 x16**: cerca de 32 GB/s em cada sentido; **PCIe 5.0 x16**: cerca de 64 GB/s em cada sentido

    Os números do NVLink somam os dois sentidos; mesmo comparando na mesma base, a diferença fica entre 7 e 14 vezes. Nos servidores HGX e DGX, um **NVSwitch** conecta as 8 GPUs, e qualquer par conversa na velocidade máxima.

    Ele compensa quando as GPUs trocam tensores grandes o tempo todo:
    - **Treinamento** em várias GPUs: os gradientes passam por all-reduce a cada passo, e o **ZeRO/FSDP** ainda reúne os pesos fragmentados camada por camada.
    - **Inferência com paralelismo de tensor** (vLLM `--tensor-parallel-size`): cada camada faz dois all-reduces, um depois da atenção e outro depois do MLP, então um modelo de 70B com 80 camadas sincroniza 160 vezes por token gerado.

    Já na **inferência com camadas divididas (pipeline)**, como fazem o llama.cpp e o `device_map="auto"`, ele importa bem menos: só o estado oculto da fronteira passa de uma placa para a outra, uns 16 KB por token num modelo de 70B, coisa que o PCIe tira de letra.

    Quais placas têm:
    - **GeForce**: a RTX 3090 aceitava ponte para 2 placas; as **séries RTX 40 e 50 não têm NVLink**.
    - **Workstation**: a **RTX A6000** tem ponte para 2 placas (112,5 GB/s). A RTX 6000 Ada perdeu o recurso, apesar do que dizem algumas tabelas comparativas.
    - **Datacenter**: os módulos SXM (A100, H100, H200, B200) têm NVLink completo; as versões PCIe só formam pares com ponte (A100 PCIe, H100 PCIe, H100 NVL).

    Um mito comum: o NVLink **não** transforma duas placas numa GPU gigante com memória somada. Cada GPU continua enxergando só a própria VRAM, e o framework ainda precisa dividir o modelo (por tensor, por pipeline ou fragmentado). O NVLink só deixa barato o tráfego entre as partes. Para ver como as GPUs de uma máquina estão ligadas, rode `nvidia-smi topo -m`: NV# indica NVLink, enquanto PIX, PHB, NODE ou SYS indicam que o tráfego passa pelo PCIe ou entre CPUs.

## Tensor Cores

guide-tensor-cores-title = Tensor Cores: os motores de matrizes
guide-tensor-cores-summary = Tensor Cores são unidades de matriz que aceleram muito as contas em fp16, bf16, fp8 e int8; veja o que cada geração trouxe.
guide-tensor-cores-body =
    Os **Tensor Cores** são unidades dentro das GPUs NVIDIA que fazem uma pequena multiplicação-acumulação de matrizes numa única operação. Quase todo o processamento de um transformer é multiplicação de matrizes, então é daí que vem a velocidade de um LLM. Os **CUDA cores** comuns cuidam das contas gerais em FP32 e inteiros; os Tensor Cores fazem as contas de matrizes em precisão mais baixa, muitas vezes mais rápido.

    Gerações:
    - **1ª, Volta** (V100, 2017): FP16.
    - **2ª, Turing** (RTX 20, T4): acrescenta INT8 e INT4.
    - **3ª, Ampere** (A100, RTX 30): acrescenta **TF32** e **BF16**, além da esparsidade estruturada 2:4.
    - **4ª, Hopper** (H100, H200) e Ada (RTX 40, L40S): acrescenta **FP8**; o **Transformer Engine** da Hopper ajusta a escala do FP8 camada por camada.
    - **5ª, Blackwell** (B200, RTX 50): acrescenta **FP4** e FP6.

    Onde eles ajudam:
    - O **prefill** (leitura do prompt) e o **treinamento** são limitados por computação: produtos grandes de matriz por matriz, em que os TFLOPS dos Tensor Cores ditam o ritmo.
    - O **decode de um único usuário** é limitado pela banda: cada token novo é um produto de matriz por vetor que fica esperando a memória, então TFLOPS a mais quase não mudam nada. Agrupar muitos usuários num batch volta a transformar o decode em multiplicação de matriz por matriz.

    Como ler as fichas técnicas:
    - Os números **esparsos** supõem esparsidade estruturada 2:4 e são exatamente o **dobro dos densos**. LLMs quase nunca rodam esparsos, então divida por dois: a A100 faz 312 TFLOPS densos em FP16; 624 é o número esparso.
    - As **GeForce** rodam fp16/bf16 com **acumulação em fp32** (o que o PyTorch usa) na **metade** da taxa anunciada: uma RTX 4090 entrega uns 165 TFLOPS densos, não 330. Placas de datacenter e workstation (A100, H100, RTX A6000, L40S) não têm esse corte.
    - FP8 e FP4 só ajudam quando seus kernels e o formato do modelo usam esses tipos (vLLM, TensorRT-LLM, Transformer Engine).

    Para usar os Tensor Cores, calcule em fp16/bf16 ou libere o TF32 em código fp32 com `torch.set_float32_matmul_precision("high")`. Por padrão, multiplicações de matrizes em fp32 no PyTorch não passam por eles.

## SXM

guide-sxm-title = SXM ou PCIe: módulo ou placa
guide-sxm-summary = Módulos SXM ficam em baseboards HGX/DGX, com NVLink e mais potência; placas PCIe cabem em servidores comuns. Quando usar cada um.
guide-sxm-body =
    As GPUs de datacenter da NVIDIA vêm em dois formatos físicos.

    Uma GPU **SXM** é um módulo que se encaixa deitado numa **baseboard** de servidor (HGX), normalmente 4 ou 8 em cada uma, como nos sistemas DGX e HGX. O encaixe muda a cada geração (SXM2 na V100, SXM4 na A100, SXM5 na H100), então os módulos não são intercambiáveis. A versão **PCIe** é uma placa de expansão comum, que entra no slot de qualquer servidor ou workstation.

    O que o SXM oferece:
    - **Mais potência**: a H100 SXM chega a **700 W**, a H100 PCIe fica em **350 W**, então a versão SXM sustenta clocks mais altos.
    - **Memória mais rápida**: a H100 SXM tem 3,35 TB/s de banda em HBM3, contra cerca de 2 TB/s da H100 PCIe. As configurações maiores (H200 com 141 GB a 4,8 TB/s, B200) chegam primeiro, ou apenas, em SXM.
    - **NVLink entre todas**: numa placa HGX de 8 GPUs, o NVSwitch liga cada GPU a todas as outras a 900 GB/s (H100/H200).

    O que o PCIe oferece:
    - Cabe em servidores comuns e em algumas workstations, com alimentação e refrigeração padrão.
    - É mais barato, vendido por unidade e fácil de ampliar depois.
    - O tráfego entre GPUs passa pelo PCIe (uns 32-64 GB/s em cada sentido) ou por uma **ponte NVLink de 2 placas** em alguns modelos (A100 PCIe, H100 PCIe, H100 NVL).
    - Placas PCIe de datacenter têm refrigeração passiva e dependem do fluxo de ar do servidor: confira antes de colocar uma num gabinete de desktop.

    Quando o SXM é a única opção realista:
    - Treinamento ou fine-tuning completo de modelos grandes em 8 GPUs, com gradientes e pesos fragmentados circulando o tempo todo.
    - Servir os maiores modelos, com centenas de GB de pesos, usando paralelismo de tensor em 8 GPUs: por exemplo, o DeepSeek R1 (671B, uns 671 GB em FP8) em 8× H200.

    Para um único modelo de 70B em 4 bits, ou para inferência com camadas divididas, placas PCIe dão conta tranquilamente.

    Não dá para comprar um módulo SXM avulso e colocar num desktop: ele precisa da baseboard, da alimentação e da refrigeração de um servidor HGX. Na prática, você chega ao SXM comprando o servidor completo ou alugando instâncias na nuvem, geralmente os nós "8× H100" ou "8× H200". Um servidor HGX H100 completo, com 8 GPUs, consome cerca de 10 kW, então também exige energia e refrigeração de datacenter.

## Precision

guide-precision-title = Precisão: fp32, bf16, fp16, fp8, int8, int4
guide-precision-summary = Quantos bytes cada formato numérico ocupa, para que serve cada um e como a precisão define a memória dos pesos.
guide-precision-body =
    A **precisão** de um formato é a quantidade de bits usada para guardar cada número. Nos pesos, ela define a memória diretamente: parâmetros × bytes por parâmetro.

    - **fp32**: 4 bytes. Era o padrão de treinamento; para inferência de LLM só desperdiça memória e velocidade.
    - **fp16**: 2 bytes, com faixa de valores estreita; no treinamento precisa de **loss scaling** para evitar underflow e overflow.
    - **bf16**: 2 bytes com a **mesma faixa de expoente do fp32**, por isso o treinamento fica mais estável sem loss scaling. Exige Ampere ou mais nova; V100 e T4 ficam no fp16.
    - **fp8**: 1 byte, em duas variantes, E4M3 (mais precisão, para pesos e ativações) e E5M2 (mais alcance, para gradientes), com suporte em hardware na Hopper, Ada e Blackwell; usado na inferência e, cada vez mais, no treinamento.
    - **int8 / int4**: normalmente **quantização só dos pesos**: os pesos ficam em 8 ou 4 bits mais as escalas e voltam para 16 bits na hora da conta.
    - O **TF32** não é formato de armazenamento: é o jeito como os Tensor Cores da Ampere em diante aceleram contas de matriz em fp32.

    Memória por **bilhão de parâmetros**, só os pesos:
    - fp32: ~3,7 GiB
    - fp16/bf16: ~1,9 GiB
    - 8 bits: ~0,93 GiB
    - 4 bits: ~0,47 GiB mais as escalas, ou seja, cerca de 0,5 GiB

    Assim, um modelo de 70B precisa de uns 131 GiB em bf16 e algo entre 33 e 40 GiB em 4 bits, dependendo do formato. Cache KV e overhead do runtime vêm por cima.

    A inferência é feita quase sempre em **16 bits ou menos**. Os modelos são publicados em bf16, e carregá-los em fp32 dobra a memória sem nenhum ganho de qualidade. Use bf16 se a GPU suportar, fp16 nas placas mais antigas e 8 ou 4 bits quando faltar memória. `torch.cuda.is_bf16_supported()` diz se a GPU atual trabalha com bf16.

    No **treinamento com precisão mista**, as contas rodam em bf16/fp16, mas o otimizador mantém **pesos mestres em fp32** para as atualizações. Com Adam, isso dá uns 16 bytes por parâmetro (2 dos pesos, 2 dos gradientes, 4 da cópia mestre, 8 dos dois momentos), sem contar as ativações: o fine-tuning completo de um modelo de 7B pede uns 112 GB. É por isso que LoRA, QLoRA e otimizadores de 8 bits fazem tanto sucesso.

## Quantization

guide-quantization-title = Quantização: GPTQ, AWQ, GGUF, NF4, FP8
guide-quantization-summary = Formatos quantizados guardam os pesos com menos bits: os bits reais por peso, a memória economizada e a qualidade perdida.
guide-quantization-body =
    Na **quantização**, os pesos são guardados com menos bits, em grupos que compartilham uma escala (e às vezes um ponto zero). Essas escalas custam bits extras, então os **bits efetivos por peso** ficam sempre um pouco acima do nome do formato.

    Formatos para GPU (vLLM, Transformers, TGI):
    - **GPTQ**: pós-treinamento, calibrado com textos de exemplo, corrige o erro de arredondamento camada por camada.
    - **AWQ**: leva as ativações em conta e protege os canais que recebem as maiores ativações.
    - Os dois são de 4 bits só nos pesos, geralmente com **grupos de 128**: cerca de **4,16 bits por peso** contando a escala de 16 bits e o zero de 4 bits de cada grupo (4,25 é o grupo de 64). Embeddings e `lm_head` costumam ficar em 16 bits, o que pesa bastante em modelos pequenos com vocabulário grande.
    - **FP8**: floats de 8 bits para os pesos e muitas vezes para as ativações, rápido na Hopper, Ada e Blackwell, com qualidade próxima do bf16.
    - **NF4 do bitsandbytes**: NormalFloat de 4 bits, uns **4,13 bits** com quantização dupla; é a base do fine-tuning com **QLoRA**, mas para servir é mais lento que os kernels de GPTQ/AWQ.

    Os tipos **GGUF** do llama.cpp, Ollama e LM Studio (bits efetivos por peso, na média do arquivo inteiro):
    - **Q8_0**: 8,5
    - **Q6_K**: ≈6,57
    - **Q5_K_M**: ≈5,7
    - **Q4_K_M**: ≈4,85, o padrão mais comum
    - **Q3_K_M**: ≈4,0
    - **Q2_K**: ≈3,2, bem acima dos 2 bits nominais

    As misturas K-quant mantêm os tensores mais sensíveis em precisão maior, por isso a média fica acima dos bits nominais.

    Memória = parâmetros × bits efetivos ÷ 8. Llama 3.1 70B em Q4_K_M: 70,6 × 10^9 × 4,85 ÷ 8 ≈ 42,8 GB (39,8 GiB) só de pesos, antes do cache KV.

    Qualidade, de forma geral:
    - **8 bits**: praticamente sem perda.
    - **4 bits** (Q4_K_M, AWQ, GPTQ): perda pequena, normalmente aceitável para chat e código.
    - **Abaixo de 4 bits**: a qualidade cai mais rápido, principalmente em modelos pequenos. Um 70B em 3 bits ainda pode ser útil; um 8B em 2 bits raramente é.

    O **cache KV** pode ser quantizado separadamente dos pesos: `--kv-cache-dtype fp8` no vLLM, `--cache-type-k q8_0` e `--cache-type-v q8_0` (ou q4_0) no llama.cpp, onde quantizar o cache V exige flash attention (`-fa`). Em 8 bits, o cache cai pela metade com pouca perda.

## KV cache

guide-kv-cache-title = Cache KV: a memória que cresce com o contexto
guide-kv-cache-summary = O cache KV guarda chaves e valores de cada token anterior; como calcular o tamanho e por que contextos longos pesam tanto.
guide-kv-cache-body =
    Ao gerar texto, cada token novo de um transformer calcula a atenção sobre todos os anteriores. Em vez de recalcular tudo, o modelo guarda as **chaves e valores** (keys e values) desses tokens em cada camada: é o **cache KV**. Ele ganha uma entrada por token, para cada sequência do batch.

    Tamanho em bytes:
    `2 × camadas × kv_heads × head_dim × tokens × batch × bytes por valor`
    O 2 conta chaves mais valores; bytes por valor é 2 em fp16/bf16 e 1 em fp8.

    Exemplo, **Llama 3.1 70B** (80 camadas, 8 cabeças KV, head_dim 128) em 16 bits: 2 × 80 × 8 × 128 × 2 = **327.680 bytes por token**, ou 320 KiB. Com 32k tokens (32.768), são **10 GiB** para uma única sequência; 8 usuários com 32k cada precisam de 80 GiB, o dobro dos pesos em 4 bits.

    O que diminui o cache:
    - **GQA / MQA**: várias cabeças de query dividem a mesma cabeça KV. O Llama 3.1 70B tem 64 cabeças de query e só 8 cabeças KV, um cache 8× menor do que com atenção multi-head completa. O Llama 2 7B, com MHA clássica, usa 512 KiB por token, mais que o Llama 3.1 70B.
    - **MLA** (DeepSeek V3/R1) guarda um latente comprimido: kv_lora_rank 512 mais 64 dimensões de RoPE por camada, ou seja, (512 + 64) × 61 camadas × 2 bytes = **70.272 bytes por token** em 16 bits, num modelo de 671B.
    - Camadas com **janela deslizante** (Gemma 2/3, gpt-oss) guardam só os tokens da janela mais recente (128 tokens no gpt-oss, 1.024 no Gemma 3, 4.096 no Gemma 2), então só as camadas globais crescem com o contexto.
    - A **quantização do cache KV** (fp8, q8_0, q4_0) corta o tamanho pela metade ou a um quarto.

    Como o cache cresce **de forma linear com o contexto e com o batch**, documentos longos ou muitos usuários simultâneos podem exigir mais memória do que os próprios pesos. O Llama 3.1 8B com o contexto máximo de 128k precisa de 16 GiB de cache, mais do que os 15 GiB dos pesos em bf16.

    Os servidores de inferência se planejam para isso desde o início. O **vLLM** carrega os pesos e reserva o resto da memória, até o limite de `--gpu-memory-utilization` (0,9 por padrão), como blocos de KV gerenciados pelo **PagedAttention**. Por isso o `nvidia-smi` mostra a placa quase cheia mesmo parada; `--max-model-len` e `--max-num-seqs` definem como esse espaço é dividido.

## Out of memory

guide-oom-title = CUDA out of memory: causas e soluções
guide-oom-summary = O que provoca o "CUDA out of memory" e como resolver, do tamanho do modelo e do contexto à fragmentação e a processos esquecidos.
guide-oom-body =
    A mensagem `CUDA out of memory. Tried to allocate X GiB` quer dizer que uma alocação não coube no que sobrava na placa. Ela também mostra quanto o PyTorch já alocou e quanto está **reservado mas não alocado**; esses números dizem em qual caso você está.

    Causas comuns e o que fazer:
    - **Modelo grande demais para a precisão**: carregue em bf16 em vez de fp32, quantize (8 bits, ou 4 bits com AWQ/GPTQ/GGUF), divida entre GPUs (`device_map="auto"`, `--tensor-parallel-size` no vLLM) ou mande algumas camadas para a CPU (um `-ngl` menor no llama.cpp), pagando em velocidade.
    - **Contexto ou batch grande demais**: o cache KV cresce com os dois. Reduza o contexto máximo (`--max-model-len` no vLLM, `-c` no llama.cpp, `num_ctx` no Ollama), o número de sequências simultâneas (`--max-num-seqs`) ou o tamanho do batch.
    - **Pico de ativações em prompts longos**: o prefill de um prompt grande cria tensores temporários enormes. Use **flash attention** (ou o SDPA do PyTorch) e **chunked prefill**, para processar o prompt em pedaços.
    - **Treinamento**: ative o **gradient checkpointing**, use um micro-batch menor com **acumulação de gradientes**, teste otimizadores de 8 bits, troque o fine-tuning completo por **LoRA/QLoRA** ou fragmente com **ZeRO/FSDP**.
    - **Fragmentação**: muita memória reservada, porém livre em pedaços pequenos. Defina `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True` antes de iniciar o processo.
    - **Outros processos na GPU**: confira com `nvidia-smi`. Um kernel do Jupyter esquecido costuma segurar vários gigabytes.
    - **vLLM dividindo a placa**: o `--gpu-memory-utilization` reserva aquela fração da GPU inteira na inicialização, então baixe o valor (para 0,8, por exemplo) quando houver outra coisa rodando ali. Se o vLLM reclamar que não há espaço para o cache KV, reduza o `--max-model-len`.

    Culpados menos óbvios:
    - Um **dataset ou data loader** que coloca o dataset inteiro na GPU em vez de mandar um batch por vez.
    - **Guardar o conjunto de teste em cache**, ou acumular predições na GPU durante a avaliação: deixe isso na CPU.
    - Avaliar sem `torch.no_grad()` ou `torch.inference_mode()`, o que mantém as ativações para um backward que nunca acontece.
    - Somar `loss` em vez de `loss.item()` ao longo dos passos, o que mantém vivo o grafo de cada passo.

    Se nada disso resolver, o job realmente precisa de mais memória do que a placa tem: estime com o vramguide e escolha uma configuração que caiba com alguma folga.

## Multi-GPU

guide-multi-gpu-title = Várias GPUs: paralelismo de dados, tensor e pipeline
guide-multi-gpu-summary = As formas de espalhar um modelo por várias GPUs, quanto cada uma custa em memória e banda, e qual combina com o seu caso.
guide-multi-gpu-body =
    Usar várias GPUs atende a um de dois objetivos: **fazer caber** um modelo que não entra numa placa só, ou **ganhar velocidade** com um que já cabe. As principais estratégias:

    - **Paralelismo de dados** (DDP): cada GPU tem uma **cópia completa** do modelo e processa batches diferentes; a cada passo é feita a média dos gradientes. Acelera o treinamento, mas não ajuda o modelo a caber. Na inferência, são simplesmente várias réplicas atrás de um balanceador de carga.
    - **Paralelismo de tensor**: as matrizes de peso de cada camada são divididas entre as GPUs, que trabalham juntas em todo token, com dois all-reduces por camada (depois da atenção e depois do MLP). Reduz memória e latência, mas exige uma **interconexão rápida** como o NVLink. No vLLM: `--tensor-parallel-size 2`; o valor precisa dividir o número de cabeças de atenção: 2, 4 e 8 costumam servir, e também 16, 32 ou 64 quando as cabeças permitem (64 cabeças: qualquer potência de dois até 64).
    - **Pipeline / divisão por camadas**: camadas consecutivas ficam em GPUs diferentes (primeira metade na GPU 0, segunda na GPU 1). O llama.cpp (`--split-mode layer`, o padrão) e o `device_map="auto"` do Transformers funcionam assim. O tráfego é mínimo, mas com um único usuário só uma GPU trabalha por vez, então não fica mais rápido que uma placa grande. O `--pipeline-parallel-size` do vLLM faz o mesmo para muitas requisições em paralelo.
    - **ZeRO / FSDP** (treinamento): fragmenta **estados do otimizador, gradientes e pesos** entre as GPUs e reúne cada camada quando ela é necessária. O ZeRO-1 fragmenta os estados do otimizador, o ZeRO-2 inclui os gradientes, e o ZeRO-3 e o FSDP em full shard incluem os pesos.

    Memória por GPU, aproximadamente:
    `por GPU ≈ total ÷ número de GPUs + overhead por GPU`
    O overhead inclui o contexto CUDA de cada processo (0,3-0,5 GiB), buffers de comunicação, ativações e partes que não se dividem por igual, como embeddings e a camada de saída. A divisão quase nunca é perfeita: deixe 10-15% de folga e, no llama.cpp, ajuste a proporção com `--tensor-split 3,1` quando as placas forem diferentes.

    Duas placas de consumo sem NVLink, como 2× RTX 3090 ou 2× RTX 4090 via PCIe, são:
    - **ótimas** para inferência com camadas divididas: um 70B em 4 bits em 2× 24 GB roda bem com contexto moderado;
    - aceitáveis para inferência com paralelismo de tensor no vLLM, com alguma perda;
    - **ruins** para treinamento com paralelismo de tensor ou totalmente fragmentado, em que a comunicação domina. Paralelismo de dados com LoRA é um meio-termo razoável.

## CUDA_VISIBLE_DEVICES

guide-cuda-visible-devices-title = CUDA_VISIBLE_DEVICES: quais GPUs um job enxerga
guide-cuda-visible-devices-summary = Use CUDA_VISIBLE_DEVICES para escolher e reordenar as GPUs que um processo vê e rodar jobs separados na mesma máquina.
guide-cuda-visible-devices-body =
    A variável de ambiente `CUDA_VISIBLE_DEVICES` é lida pelo runtime do CUDA quando o processo inicia. Ela diz quais GPUs físicas o processo pode usar, e em que ordem; lá dentro, as GPUs visíveis são renumeradas a partir de zero.

    `CUDA_VISIBLE_DEVICES=0,2 python train.py`
    Aqui o script enxerga só duas GPUs: a GPU física 0 aparece como `cuda:0` e a física 2 como `cuda:1`, e `torch.cuda.device_count()` retorna 2. A ordem importa: `2,0` inverte as duas.

    Dois jobs na mesma máquina:
    `CUDA_VISIBLE_DEVICES=0 python job_a.py &`
    `CUDA_VISIBLE_DEVICES=1 python job_b.py`
    Cada job acha que tem uma única GPU, a `cuda:0`, e nenhum mexe na memória do outro. O mesmo vale para jobs com várias GPUs (`CUDA_VISIBLE_DEVICES=2,3 torchrun --nproc_per_node=2 train.py`) e para servidores vLLM ou llama.cpp.

    Pegadinhas comuns:
    - **Defina antes de o CUDA iniciar.** No shell ou num launcher, sempre dá tempo. Dentro do Python, defina `os.environ["CUDA_VISIBLE_DEVICES"]` antes de importar o torch, ou pelo menos antes da primeira chamada CUDA; mudanças depois disso são ignoradas.
    - **A numeração pode não bater com a do nvidia-smi.** Por padrão, o CUDA lista primeiro a GPU mais rápida, enquanto o `nvidia-smi` segue a ordem do barramento PCI. Em máquinas com placas diferentes, defina `CUDA_DEVICE_ORDER=PCI_BUS_ID` para as duas numerações coincidirem.
    - **Valor vazio esconde todas as GPUs**: com `CUDA_VISIBLE_DEVICES=` o CUDA não encontra nenhum dispositivo, o que é útil para forçar a CPU. Um índice inválido corta a lista: só as GPUs antes dele continuam visíveis.
    - UUIDs de GPU (do `nvidia-smi -L`) ou IDs de instâncias MIG também funcionam no lugar dos índices, e não mudam quando as placas trocam de slot.
    - O próprio `nvidia-smi` ignora a variável e sempre mostra todas as GPUs.
    - No Docker, `--gpus device=1` expõe uma única GPU ao contêiner, que a enxerga como GPU 0.

    Em placas AMD com ROCm, o equivalente é `HIP_VISIBLE_DEVICES`. O ROCm também aceita `CUDA_VISIBLE_DEVICES` por compatibilidade, e `ROCR_VISIBLE_DEVICES` filtra num nível mais baixo.

## Choosing

guide-choosing-title = Como escolher GPUs: um roteiro de decisão
guide-choosing-summary = Um passo a passo para escolher GPUs para um job de LLM: memória primeiro, depois banda ou computação, número de placas, orçamento e energia.
guide-choosing-body =
    Siga estes passos na ordem; cada um elimina parte das opções.

    1) **Memória primeiro.** Descreva o job: qual modelo, qual precisão, quanto contexto, quantas sequências simultâneas, inferência ou treinamento (completo, LoRA, QLoRA). Estime pesos + cache KV + ativações + overhead e deixe 10-20% de folga. Se não couber, o resto não importa.

    2) **Depois, velocidade.** Na inferência, a **largura de banda da memória** define quantos tokens por segundo um usuário vê. No treinamento e em batches grandes, quem manda na vazão é a **computação dos Tensor Cores**: compare TFLOPS densos em bf16/fp8, não os números esparsos.

    3) **Número de placas.** Uma placa em que o job cabe é melhor do que duas juntas: é mais simples e não tem custo de comunicação. Se não der, use o menor número possível. Inferência com camadas divididas roda bem via PCIe; treinamento em várias GPUs e inferência com paralelismo de tensor pedem **NVLink** e, no topo, servidores **SXM**.

    4) **Questões práticas.** Orçamento, energia e refrigeração (uma RTX 4090 consome 450 W, e duas exigem uma fonte robusta e bom fluxo de ar), memória **ECC** para treinamentos que duram semanas e o ecossistema de software: CUDA funciona em tudo, ROCm e Metal da Apple em menos ferramentas. Em projetos curtos, **alugar** GPUs na nuvem por hora costuma sair mais barato do que comprar; compre quando a placa for ficar ocupada por muitos meses.

    Configurações típicas:
    - **RTX 3060 12 GB / RTX 4060 Ti 16 GB**: modelos pequenos, 7-14B em 4 bits ou 7-8B em 8 bits, QLoRA em modelos pequenos.
    - **RTX 3090 / 4090 24 GB**: até uns 30B em 4 bits (um 32B em Q4_K_M tem cerca de 18,5 GiB de pesos), QLoRA de modelos de 7-13B.
    - **RTX A6000 / RTX 6000 Ada 48 GB**: **70B em 4 bits numa placa só** (uns 40 GiB de pesos mais um contexto moderado).
    - **A100 / H100 80 GB, H200 141 GB**: 70B em 16 bits (uns 131 GiB de pesos) em 2 a 4 placas, contextos longos, muitos usuários e treinamento ou fine-tuning pesados.
    - **Nós 8× H200 ou B200**: os maiores modelos abertos, como o DeepSeek R1 em FP8 (uns 671 GB de pesos, ou seja, 625 GiB: menos que os 640 GiB de 8 placas de 80 GB, mas mais que os cerca de 611 GiB utilizáveis depois do contexto CUDA e da reserva do runtime em cada placa).

    Desconfie de tabelas que informam só os pesos em 4 bits como "requisito de VRAM" de um modelo: os pesos em 4 bits de um modelo de 7B ocupam cerca de 3,5 GB, mas o mesmo modelo precisa de uns 14-15 GB em bf16, e o cache KV e o overhead vêm por cima nos dois casos. O vramguide mostra cada parte para você comparar configurações na mesma base.
