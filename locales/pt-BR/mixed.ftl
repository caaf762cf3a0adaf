# Cards of different kinds in one machine.
mixed-fits = Placas diferentes: as camadas divididas pela memória, como o llama.cpp faz por padrão
mixed-no-fit = Placas diferentes: mesmo dividindo pela memória, uma placa não comporta
mixed-device = { $gpu }: { $layers } camadas, { $need } de { $usable }
mixed-refused = O { $runtime } divide cada camada igualmente entre as placas, então cada uma precisa de { $need } e a menor, { $gpu }, tem { $usable }: placas diferentes pedem divisão por camadas (llama.cpp com -ts) ou placas iguais.
