# "X on A or do I need B": the model on each setup the question names, yes, maybe or no on
# each, with the memory per GPU and the speed. The job and the runtime are named once, in
# the first clause; the next clauses follow it in one sentence.
verdict-each = { $first }{ $rest }.
verdict-each-first = { $outcome ->
    [yes] Yes on { $setup }: { $job } with { $runtime } takes { $used } of { $usable } GiB per GPU{ $speed }
    [tight] Maybe on { $setup }: { $job } with { $runtime } takes { $used } of { $usable } GiB per GPU, inside this estimate's ±{ $band }% error band
    [startup] No on { $setup }: { $job } with { $runtime } takes { $used } of { $usable } GiB per GPU, but vLLM would stop at start-up
   *[no] No on { $setup }: { $job } with { $runtime } needs { $used } GiB per GPU, more than the { $usable } GiB each card has
}
verdict-each-next = { $outcome ->
    [yes] ; yes on { $setup }: { $used } of { $usable } GiB per GPU{ $speed }
    [tight] ; maybe on { $setup }: { $used } of { $usable } GiB per GPU, inside the ±{ $band }% error band
    [startup] ; no on { $setup }: { $used } of { $usable } GiB per GPU, but vLLM would stop at start-up
   *[no] ; no on { $setup }: it needs { $used } GiB per GPU, more than the { $usable } GiB each card has
}
# Levers that are an engine setting: the flag that turns an out-of-memory start around.
lever-memory-share = `--gpu-memory-utilization { $value }` (vLLM then gets through its start-up)
lever-flash-attention = flash attention on (`-fa on`)
lever-flash-attention-ollama = flash attention on (`OLLAMA_FLASH_ATTENTION=1`)
lever-mm-limit = images only (`--limit-mm-per-prompt '{"{"}"image":1,"video":0{"}"}'`), so vLLM's start-up profile runs one image, not a video as long as the context
