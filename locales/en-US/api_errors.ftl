# The JSON API's errors: the parameter whose value was refused, then what was wrong.
api-error-parameter = Parameter “{ $name }”: { $message }
api-need-model = Give “model” (a catalog id or a Hugging Face repo) or “params_b” (a size in billions of parameters).
