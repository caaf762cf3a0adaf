# El veredicto: una frase que responde la pregunta, primero en todo tipo de respuesta.
verdict-estimate = Funciona en { $setup }.
verdict-compare-one = { $memory_gpu }: { $memory } GB de memoria a { $bandwidth } GB/s.
verdict-compare-both = La { $memory_gpu } gana en lo que importa para LLMs: más memoria ({ $memory } GB) y la memoria más rápida ({ $bandwidth } GB/s).
verdict-compare-split = Para LLMs: la { $memory_gpu } tiene más memoria ({ $memory } GB), así que los modelos más grandes funcionan en ella; la { $bandwidth_gpu } tiene la memoria más rápida ({ $bandwidth } GB/s), así que genera más rápido.
verdict-fit = En { $setup }: { $tiers }.
verdict-fit-tier = en { $bits } bits hasta { $largest }
verdict-fit-tier-none = en { $bits } bits ninguno
verdict-buy-cheapest = Con { $budget } no alcanza para { $model } en { $format }; la configuración más barata en la que funciona: { $line }.
verdict-buy-none = Con { $budget } nada del catálogo sirve para { $model }.
verdict-cards = Lo mejor con { $budget }: { $gpu }, la mayor memoria que alcanza a comprar ({ $memory } GB, { $price }).
verdict-cards-none = Ninguna tarjeta del catálogo cuesta { $budget } o menos.
verdict-compare-same-memory = Para LLMs: la misma memoria ({ $memory } GB) en todas, así que funcionan los mismos modelos; la { $bandwidth_gpu } tiene la memoria más rápida ({ $bandwidth } GB/s), así que genera más rápido.
