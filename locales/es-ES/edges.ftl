# Números más allá de cualquier monto o tamaño que la guía entienda (issue 32).
error-out-of-range = “{ $input }” es demasiado grande para cualquier presupuesto, memoria, modelo o contexto que la guía calcula. Escribe el número que quieres decir, por ejemplo “hasta $2000” o “24 GB”.
