# "X em A ou preciso de B": o modelo em cada configuração citada na pergunta, sim, talvez ou
# não em cada uma, com a memória por GPU e a velocidade. O modelo e o runtime aparecem uma vez,
# na primeira parte; as outras seguem na mesma frase.
verdict-each = { $first }{ $rest }.
verdict-each-first = { $outcome ->
    [yes] Sim com { $setup }: { $job } com { $runtime } ocupa { $used } de { $usable } GiB por GPU{ $speed }
    [tight] Talvez com { $setup }: { $job } com { $runtime } ocupa { $used } de { $usable } GiB por GPU, dentro da margem de erro de ±{ $band }% desta estimativa
    [startup] Não com { $setup }: { $job } com { $runtime } ocupa { $used } de { $usable } GiB por GPU, mas o vLLM pararia na inicialização
   *[no] Não com { $setup }: { $job } com { $runtime } precisa de { $used } GiB por GPU, mais que os { $usable } GiB de cada placa
}
verdict-each-next = { $outcome ->
    [yes] ; com { $setup }, sim: { $used } de { $usable } GiB por GPU{ $speed }
    [tight] ; com { $setup }, talvez: { $used } de { $usable } GiB por GPU, dentro da margem de erro de ±{ $band }%
    [startup] ; com { $setup }, não: { $used } de { $usable } GiB por GPU, mas o vLLM pararia na inicialização
   *[no] ; com { $setup }, não: precisa de { $used } GiB por GPU, mais que os { $usable } GiB de cada placa
}
# Alavancas que são uma configuração do engine: a flag que evita o out of memory na inicialização.
lever-memory-share = `--gpu-memory-utilization { $value }` (aí o vLLM passa da inicialização)
lever-flash-attention = flash attention ligado (`-fa on`)
lever-flash-attention-ollama = flash attention ligado (`OLLAMA_FLASH_ATTENTION=1`)
lever-mm-limit = só imagens (`--limit-mm-per-prompt '{"{"}"image":1,"video":0{"}"}'`), assim o profiling do vLLM na inicialização roda uma imagem, não um vídeo do tamanho do contexto
