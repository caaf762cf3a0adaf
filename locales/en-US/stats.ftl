# Query-log statistics: `vramguide stats` and the bot's /stats (en-US).

stats-title = Questions asked, { $window }
stats-window-all = all time
stats-window-days = { $count ->
    [one] last day
   *[other] last { $n } days
}
stats-window-hours = { $count ->
    [one] last hour
   *[other] last { $n } hours
}
stats-guild = server { $guild }
stats-empty = No questions logged yet.
stats-totals = { $total } questions: { $understood } understood ({ $percent }%), { $missed } not understood. { $users } distinct users.
stats-sources = Where they came from
stats-models = Top models
stats-precisions = Precisions
stats-gpus = GPUs
stats-languages = Reply languages
stats-unanswered = Not understood (what the parser missed)
stats-item = { $name }: { $count }
stats-unanswered-item = “{ $question }” × { $count }
stats-source-discord = Discord
stats-source-web = web guide
stats-source-cli = command line
stats-language-en = English
stats-language-pt = Portuguese
stats-language-es = Spanish
stats-language-zh = Chinese
