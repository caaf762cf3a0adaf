# Colar um log na web (pt-BR).
web-paste-summary = Deu erro? Cole o log
web-paste-label = O log (o erro fica nas últimas linhas; até 64 KB)
web-paste-question = Seu modelo e sua placa (opcional)
web-paste-placeholder = qwen3 14b numa 4080
web-paste-bad-json = O corpo precisa ser um JSON como {"{"}"q": "sua pergunta ou log", "lang": "pt"{"}"}.
