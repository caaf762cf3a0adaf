# Picks (en-US): why each setup is on the list, what it costs to buy or rent, and how
# cards go into machines.

why-cheapest-now = the cheapest that fits, at today's prices
why-cheapest-at-launch = the cheapest that fits by launch price
why-cheapest-single-card = the cheapest single card that holds it
why-fewest-cards = the fewest cards that hold it
why-fastest = the fastest within one machine
why-datacenter = what a datacenter would run

picks-price-street = { $price } now ({ $date })
picks-price-launch = { $price } at launch, no current price found
picks-cloud = { $price }/h to rent ({ $date })
picks-per-million = ≈{ $price } per million generated tokens at { $concurrency_n ->
    [one] { $concurrency } request
   *[other] { $concurrency } concurrent requests
} of { $context } tokens

picks-box-desktop = { $count } × { $gpu } do not go in one machine: a desktop board takes at most { $per_box } consumer cards, so that is { $machines } machines over the network, slow for splitting a model. A server or cards with more memory do better.
picks-box-server = { $count } × { $gpu } is more than one server holds ({ $per_box } GPUs per node): that is { $machines } nodes linked by InfiniBand.
picks-tensor-parallel = vLLM cannot split { $heads } attention heads evenly over { $count } GPUs: its tensor-parallel size has to divide them. It would run as { $stages } pipeline stages of { $tensor } (`--pipeline-parallel-size`), which is slower; { $next } cards split evenly.
