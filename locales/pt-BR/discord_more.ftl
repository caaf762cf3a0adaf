# A budget's setups on Discord, cut to one phone screen: how many the list leaves out.
# Discord has no --full (the terminal's buy-more says it); the count stands alone.
discord-buy-more = { $count_n ->
    [one] …e mais { $count } configuração.
   *[other] …e mais { $count } configurações.
}
