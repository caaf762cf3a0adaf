# The verdict: one sentence that answers the question, first in every kind of answer.
verdict-estimate = It runs on { $setup }.
verdict-compare-one = { $memory_gpu }: { $memory } GB of memory at { $bandwidth } GB/s.
verdict-compare-both = { $memory_gpu } leads on both counts that matter for LLMs: the most memory ({ $memory } GB) and the fastest ({ $bandwidth } GB/s).
verdict-compare-split = For LLMs: { $memory_gpu } has the most memory ({ $memory } GB), so it runs the largest models; { $bandwidth_gpu } has the fastest memory ({ $bandwidth } GB/s), so it generates fastest.
verdict-fit = On { $setup }: { $tiers }.
verdict-fit-tier = at { $bits } bits up to { $largest }
verdict-fit-tier-none = at { $bits } bits nothing
verdict-buy-cheapest = Nothing within { $budget } runs { $model } at { $format }; the cheapest setup that does: { $line }.
verdict-buy-none = Nothing in the catalog runs { $model } within { $budget }.
verdict-cards = Best for { $budget }: { $gpu }, the most memory the money buys ({ $memory } GB, { $price }).
verdict-cards-none = No card in the catalog costs { $budget } or less.
verdict-compare-same-memory = For LLMs: the same { $memory } GB of memory on each, so the same models run; { $bandwidth_gpu } has the fastest memory ({ $bandwidth } GB/s), so it generates fastest.
