# O veredito de uma estimativa na configuração de quem pergunta (sim, talvez ou não, com a
# memória e a velocidade), a linha sobre o formato original quando a resposta é para outro,
# e o que fazer além das placas de quem pergunta quando elas não dão conta.
verdict-job = { $model } em { $precision }
verdict-job-training = { $model } ({ $mode }, { $precision })
verdict-memory = { $many ->
    [yes] { $used } de { $usable } GiB por GPU
   *[no] { $used } de { $usable } GiB
}
verdict-speed = , cerca de { $tps } tokens/s
verdict-yes = { $many ->
    [yes] Sim: { $job } roda nas suas { $setup } com { $runtime }: { $memory }{ $speed }.
   *[no] Sim: { $job } roda na sua { $setup } com { $runtime }: { $memory }{ $speed }.
}
verdict-yes-training = { $many ->
    [yes] Sim: { $job } cabe nas suas { $setup }: { $memory }.
   *[no] Sim: { $job } cabe na sua { $setup }: { $memory }.
}
verdict-tight = { $many ->
    [yes] Talvez: { $job } nas suas { $setup } com { $runtime } precisa de { $memory }, dentro da margem de erro de ±{ $band }% desta estimativa.
   *[no] Talvez: { $job } na sua { $setup } com { $runtime } precisa de { $memory }, dentro da margem de erro de ±{ $band }% desta estimativa.
}
verdict-tight-training = { $many ->
    [yes] Talvez: { $job } nas suas { $setup } precisa de { $memory }, dentro da margem de erro de ±{ $band }% desta estimativa.
   *[no] Talvez: { $job } na sua { $setup } precisa de { $memory }, dentro da margem de erro de ±{ $band }% desta estimativa.
}
verdict-no = { $many ->
    [yes] Não: { $job } precisa de { $need } GiB por GPU com { $runtime }, mais que os { $usable } GiB de cada uma das suas { $setup }.
   *[no] Não: { $job } precisa de { $need } GiB com { $runtime }, mais que os { $usable } GiB da sua { $setup }.
}
verdict-no-training = { $many ->
    [yes] Não: { $job } precisa de { $need } GiB por GPU, mais que os { $usable } GiB de cada uma das suas { $setup }.
   *[no] Não: { $job } precisa de { $need } GiB, mais que os { $usable } GiB da sua { $setup }.
}
answer-native-format = No formato original ({ $native }) precisa de { $native_per_gpu } GiB por GPU, então esta resposta é para { $precision }, o maior formato que cabe com folga.
next-steps-title = Outras formas de rodar
next-step-more = Mais placas iguais à sua: { $setup } em { $precision }, { $per_gpu } GiB por GPU{ $speed }
next-step-rent = Alugar: { $setup } ({ $precision }) por { $price } a hora{ $speed }
next-step-buy = Comprar: { $setup } ({ $precision }) por { $price }{ $speed }
next-step-speed = {" "}· ≈{ $tps } tokens/s
verdict-no-startup = { $many ->
    [yes] Não: { $job } ocupa { $need } dos { $usable } GiB de cada uma das suas { $setup } com { $runtime }, mas o vLLM pararia na inicialização com esse `--gpu-memory-utilization`: comece com { $lower }.
   *[no] Não: { $job } ocupa { $need } dos { $usable } GiB da sua { $setup } com { $runtime }, mas o vLLM pararia na inicialização com esse `--gpu-memory-utilization`: comece com { $lower }.
}
