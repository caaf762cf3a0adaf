# Cards of different kinds in one machine.
mixed-fits = Cards of different kinds: the layers split by memory, as llama.cpp does by default
mixed-no-fit = Cards of different kinds: even split by memory, a card runs out
mixed-device = { $gpu }: { $layers } layers, { $need } of { $usable }
mixed-refused = { $runtime } cuts every layer evenly across the cards, so each needs { $need } and the smallest, { $gpu }, has { $usable }: cards of different kinds need a layer split (llama.cpp with -ts) or equal cards.
