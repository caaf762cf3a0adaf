# A página de estatísticas da equipe no guia web, /stats (pt-BR).

web-stats-title = Estatísticas da equipe
web-stats-intro = O que perguntaram ao guia e ao bot desta equipe, contado a partir do registro de perguntas. Só contagens: ninguém é identificado nem mostrado.
web-stats-locked = Esta página precisa do token da equipe (a configuração stats_token)
web-stats-open = Abrir
web-stats-window = Período
web-stats-per-day = Perguntas por dia (UTC)
web-stats-no-log = O registro de perguntas está desligado (--no-log), então não há nada para contar.
web-stats-failed = Não deu para ler o registro de perguntas agora. Tente de novo daqui a pouco.
