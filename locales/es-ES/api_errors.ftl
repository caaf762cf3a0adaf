# Errores de la API JSON: el parámetro cuyo valor se rechazó y qué estaba mal.
api-error-parameter = Parámetro «{ $name }»: { $message }
api-need-model = Indica «model» (un id del catálogo o un repositorio de Hugging Face) o «params_b» (el tamaño en miles de millones de parámetros).
