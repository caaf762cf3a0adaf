# Cards of different kinds in one machine.
mixed-fits = Tarjetas distintas: las capas repartidas según la memoria, como hace llama.cpp por defecto
mixed-no-fit = Tarjetas distintas: aun repartiendo según la memoria, una tarjeta no llega
mixed-device = { $gpu }: { $layers } capas, { $need } de { $usable }
mixed-refused = { $runtime } reparte cada capa a partes iguales entre las tarjetas, así que cada una necesita { $need } y la más pequeña, { $gpu }, tiene { $usable }: con tarjetas distintas hace falta repartir por capas (llama.cpp con -ts) o tarjetas iguales.
