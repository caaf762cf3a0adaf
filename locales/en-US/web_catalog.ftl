# The catalog pages' search, filter and pages, /models and /gpus (en-US).

web-catalog-search = Search by name
web-catalog-group = Family or vendor
web-catalog-all = All
web-catalog-filter = Filter
web-catalog-matched = { $count ->
    [one] { $n } match
   *[other] { $n } matches
}
web-catalog-pages = Pages
web-catalog-prev = Previous
web-catalog-next = Next
# The range menus beside the search: a model's size (billions of parameters, total),
# a GPU's memory and its price today.
web-catalog-size = Size
web-catalog-size-any = Any size
web-catalog-size-up-to = under { $max }B
web-catalog-size-between = { $min }–{ $max }B
web-catalog-size-over = { $min }B and up
web-catalog-memory = Memory
web-catalog-memory-any = Any memory
web-catalog-memory-at-least = { $gb } GB or more
web-catalog-price = Price
web-catalog-price-any = Any price
web-catalog-price-up-to = up to { $price }
