# Primera línea de una respuesta cuyo nombre de modelo no está en el catálogo (versión, sufijo, nombre de fine-tune).
match-sized-as-closest = No conozco { $input }; lo calculé como { $model }, el modelo más cercano que conozco.
