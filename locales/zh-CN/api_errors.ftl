# JSON API 的错误：被拒绝的值所在的参数，以及问题所在。
api-error-parameter = 参数“{ $name }”：{ $message }
api-need-model = 请提供“model”（目录中的 id 或 Hugging Face 仓库）或“params_b”（参数量，单位为十亿）。
