# The web page of a pasted error: the first fix stands in the verdict box, these head the others.
diag-more-fixes-title = Outras formas de resolver
