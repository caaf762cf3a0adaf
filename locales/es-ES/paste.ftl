# Pegar un log en la web (es-ES).
web-paste-summary = ¿Te salió un error? Pega el log
web-paste-label = El log (el error está en las últimas líneas; hasta 64 KB)
web-paste-question = Tu modelo y tu tarjeta (opcional)
web-paste-placeholder = qwen3 14b en una 4080
web-paste-bad-json = El cuerpo tiene que ser un JSON como {"{"}"q": "tu pregunta o log", "lang": "es"{"}"}.
