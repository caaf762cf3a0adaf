# La página de estadísticas del equipo en la guía web, /stats (es-ES).

web-stats-title = Estadísticas del equipo
web-stats-intro = Lo que le preguntaron a la guía y al bot de este equipo, contado a partir del registro de preguntas. Solo conteos: no se nombra ni se muestra a nadie.
web-stats-locked = Esta página necesita el token del equipo (el ajuste stats_token)
web-stats-open = Abrir
web-stats-window = Período
web-stats-per-day = Preguntas por día (UTC)
web-stats-no-log = El registro de preguntas está apagado (--no-log), así que no hay nada que contar.
web-stats-failed = No se pudo leer el registro de preguntas en este momento. Vuelve a intentarlo en un rato.
