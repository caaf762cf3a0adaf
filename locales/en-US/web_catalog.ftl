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
