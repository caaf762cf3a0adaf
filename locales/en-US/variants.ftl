# The first line of an answer whose model name the catalog lacks (a version, a suffix, a fine-tune's name).
match-sized-as-closest = I don't know { $input }; sized as { $model }, the closest model I know.
