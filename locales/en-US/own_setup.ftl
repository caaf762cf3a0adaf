# An estimate's verdict on the asker's own setup (yes, maybe or no, with the memory and the
# speed), the line on the model's own format when the answer is for another, and what to do
# beyond the asker's cards when they do not hold the job.
verdict-job = { $model } at { $precision }
verdict-job-training = { $model } ({ $mode }, { $precision })
verdict-memory = { $many ->
    [yes] { $used } of { $usable } GiB per GPU
   *[no] { $used } of { $usable } GiB
}
verdict-speed = , about { $tps } tokens/s
verdict-yes = { $many ->
    [yes] Yes: { $job } runs across your { $setup } with { $runtime }: { $memory }{ $speed }.
   *[no] Yes: { $job } runs on your { $setup } with { $runtime }: { $memory }{ $speed }.
}
verdict-yes-training = { $many ->
    [yes] Yes: { $job } fits across your { $setup }: { $memory }.
   *[no] Yes: { $job } fits on your { $setup }: { $memory }.
}
verdict-tight = { $many ->
    [yes] Maybe: { $job } across your { $setup } with { $runtime } needs { $memory }, inside this estimate's ±{ $band }% error band.
   *[no] Maybe: { $job } on your { $setup } with { $runtime } needs { $memory }, inside this estimate's ±{ $band }% error band.
}
verdict-tight-training = { $many ->
    [yes] Maybe: { $job } across your { $setup } needs { $memory }, inside this estimate's ±{ $band }% error band.
   *[no] Maybe: { $job } on your { $setup } needs { $memory }, inside this estimate's ±{ $band }% error band.
}
verdict-no = { $many ->
    [yes] No: { $job } needs { $need } GiB per GPU with { $runtime }, more than the { $usable } GiB each of your { $setup } has.
   *[no] No: { $job } needs { $need } GiB with { $runtime }, more than the { $usable } GiB your { $setup } has.
}
verdict-no-training = { $many ->
    [yes] No: { $job } needs { $need } GiB per GPU, more than the { $usable } GiB each of your { $setup } has.
   *[no] No: { $job } needs { $need } GiB, more than the { $usable } GiB your { $setup } has.
}
answer-native-format = In its own format ({ $native }) it needs { $native_per_gpu } GiB per GPU, so this answer is for { $precision }, the largest format that fits with room to spare.
next-steps-title = Other ways to run it
next-step-more = More cards like yours: { $setup } at { $precision }, { $per_gpu } GiB per GPU{ $speed }
next-step-rent = Rent: { $setup } ({ $precision }) at { $price } an hour{ $speed }
next-step-buy = Buy: { $setup } ({ $precision }) for { $price }{ $speed }
next-step-speed = {" "}· ≈{ $tps } tokens/s
verdict-no-startup = { $many ->
    [yes] No: { $job } takes { $need } of the { $usable } GiB each of your { $setup } has with { $runtime }, but vLLM would stop at start-up at this `--gpu-memory-utilization`: start it at { $lower }.
   *[no] No: { $job } takes { $need } of the { $usable } GiB your { $setup } has with { $runtime }, but vLLM would stop at start-up at this `--gpu-memory-utilization`: start it at { $lower }.
}
