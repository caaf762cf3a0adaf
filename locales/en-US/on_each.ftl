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
