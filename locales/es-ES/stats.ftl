# Estadísticas del registro de preguntas: `vramguide stats` y el /stats del bot (es-ES).

stats-title = Preguntas recibidas, { $window }
stats-window-all = desde el principio
stats-window-days = { $count ->
    [one] último día
   *[other] últimos { $n } días
}
stats-window-hours = { $count ->
    [one] última hora
   *[other] últimas { $n } horas
}
stats-guild = servidor { $guild }
stats-empty = Todavía no hay preguntas registradas.
stats-totals = { $total } preguntas: { $understood } entendidas ({ $percent } %), { $missed } sin entender. { $users } usuarios distintos.
stats-sources = De dónde llegaron
stats-models = Modelos más consultados
stats-precisions = Precisiones
stats-gpus = GPU
stats-languages = Idiomas de las respuestas
stats-unanswered = Sin entender (lo que se le escapó al analizador)
stats-item = { $name }: { $count }
stats-unanswered-item = «{ $question }» × { $count }
stats-source-discord = Discord
stats-source-web = guía web
stats-source-cli = línea de comandos
stats-language-en = inglés
stats-language-pt = portugués
stats-language-es = español
stats-language-zh = chino
