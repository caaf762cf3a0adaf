# Estatísticas do registro de perguntas: `vramguide stats` e o /stats do bot (pt-BR).

stats-title = Perguntas feitas, { $window }
stats-window-all = desde o início
stats-window-days = { $count ->
    [one] último dia
   *[other] últimos { $n } dias
}
stats-window-hours = { $count ->
    [one] última hora
   *[other] últimas { $n } horas
}
stats-guild = servidor { $guild }
stats-empty = Nenhuma pergunta registrada ainda.
stats-totals = { $total } perguntas: { $understood } entendidas ({ $percent }%), { $missed } não entendidas. { $users } usuários diferentes.
stats-sources = De onde vieram
stats-models = Modelos mais pedidos
stats-precisions = Precisões
stats-gpus = GPUs
stats-languages = Idiomas das respostas
stats-unanswered = Não entendidas (o que o analisador deixou passar)
stats-item = { $name }: { $count }
stats-unanswered-item = “{ $question }” × { $count }
stats-source-discord = Discord
stats-source-web = guia na web
stats-source-cli = linha de comando
stats-language-en = inglês
stats-language-pt = português
stats-language-es = espanhol
stats-language-zh = chinês
