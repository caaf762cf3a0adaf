# Servidor de la guía (es-ES): los textos de las páginas alrededor de las respuestas, la guía y el catálogo.

web-lang-name = Español
web-language = Idioma
web-nav-ask = Preguntar
web-nav-compare = Comparar GPU
web-nav-guide = Guía
web-nav-models = Modelos
web-nav-gpus = GPU
web-footer = Estimaciones a partir de la arquitectura de los modelos y las especificaciones de las GPU, no mediciones: deja algo de margen. Cada cifra del catálogo indica sus fuentes.

web-ask-title = ¿Cuánta memoria de GPU hace falta?
web-ask-heading = ¿Cuánta memoria de GPU necesita tu LLM?
web-ask-label = Tu pregunta
web-ask-placeholder = llama 70b fp16
web-ask-button = Calcular
web-ask-hint = Indica un modelo o un tamaño (13b) y, si quieres, la precisión, la longitud de contexto, la GPU y el modo (inferencia, LoRA, QLoRA, fine-tuning completo).
web-ram-label = Ancho de banda de la RAM (GB/s, opcional)
web-ram-field-hint = Fija la velocidad de las capas descargadas a la RAM: la DDR4-3200 de doble canal da unos 51, la DDR5-5600 de doble canal unos 90 y un servidor DDR5-4800 de 8 canales unos 307.
web-ram-hint = ¿Tu RAM es más rápida o más lenta? Indica su ancho de banda en el campo «Ancho de banda de la RAM», bajo la casilla de la pregunta, para ver las velocidades con offload a RAM de tu máquina.
web-ask-examples = Prueba con una de estas

web-bar-caption = { $needed } GiB necesarios por GPU; una { $gpu } tiene { $capacity } GiB
web-bar-caption-none = { $needed } GiB necesarios por GPU: ninguna GPU del catálogo tiene tanta memoria
web-bar-capacity = Memoria de la GPU
web-details-title = Cómo se compara la estimación
web-guides-title = Más información en la guía
web-json-link = Esta respuesta en JSON

web-compare-title = Comparar GPU
web-compare-label = GPU, separadas por comas
web-compare-button = Comparar

web-guide-title = Guía
web-guide-intro = Explicaciones breves sobre qué ocupa la memoria de la GPU, cómo la cambian la precisión y la cuantización, y cómo elegir el hardware.
web-guide-more = Otros temas

web-models-title = Modelos
web-models-intro = Los modelos que conoce vramguide, con las fuentes de la arquitectura en las que se basan sus estimaciones.
web-gpus-title = GPU
web-gpus-intro = Las GPU que conoce vramguide, con las fichas técnicas y los artículos de los que salen sus cifras.
web-col-model = Modelo
web-col-family = Familia
web-col-params = Parámetros (miles de millones)
web-col-context = Contexto máximo (tokens)
web-col-license = Licencia
web-col-sources = Fuentes
web-col-gpu = GPU
web-col-vendor = Fabricante
web-col-memory = Memoria
web-col-bandwidth = Ancho de banda
web-col-fp16 = TFLOPS FP16/BF16 (denso, acumulación en FP32)
web-col-price = Precio

web-not-found-title = Página no encontrada
web-not-found-body = No hay nada en esta dirección. Haz tu pregunta aquí o elige un tema de la guía abajo.
web-rate-limited = Demasiadas solicitudes desde tu dirección. Vuelve a intentarlo en { $seconds } s.
web-busy = El servidor está ocupado dibujando gráficos. Vuelve a intentarlo en { $seconds } s.
web-too-many-connections = Hay demasiadas conexiones ahora mismo. Vuelve a intentarlo en { $seconds } s.
web-too-long = Esa pregunta es demasiado larga: como máximo { $max } caracteres, por favor.
web-missing-parameter = Falta el parámetro «{ $name }».
web-value-too-long = El parámetro «{ $name }» es demasiado largo: como máximo { $max } caracteres.
web-too-many-gpus = Compara como máximo { $max } GPU a la vez.
web-bad-request = No se pudo leer esta solicitud. Revisa la dirección y sus parámetros.
web-method-not-allowed = Esta dirección solo responde a solicitudes GET.
web-timeout = La solicitud tardó demasiado y se detuvo.
web-body-too-large = La solicitud es demasiado grande: un log pegado puede tener hasta 64 KB. Pega las últimas líneas, donde está el error.
web-internal-error = Algo falló de nuestro lado. Inténtalo de nuevo, por favor.

# The answer's first screen, and the copy button of the launch line.
web-verdict-fits = Cabe
web-verdict-tight = Muy justo: puede que no quepa
web-verdict-no = No cabe
web-verdict-estimate = Estimación
web-copy = Copiar
web-copied = Copiado
web-fit-models-title = Modelos que funcionan, del más grande al más pequeño
web-buy-setups-title = Configuraciones dentro del presupuesto, de la más rápida a la más lenta
web-buy-cards-title = Tarjetas dentro del presupuesto, de más a menos memoria
