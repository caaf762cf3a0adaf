# 估算在提问者自己配置上的结论（能、不一定、不能，附显存和速度），回答换用其他格式时关于原始格式的一行，
# 以及提问者的卡放不下时的其他办法。
verdict-job = { $model }（{ $precision }）
verdict-job-training = { $model }（{ $mode }，{ $precision }）
verdict-memory = { $many ->
    [yes] 每张 GPU 占用 { $used } / { $usable } GiB
   *[no] 占用 { $used } / { $usable } GiB
}
verdict-speed = ，约 { $tps } tokens/s
verdict-yes = { $many ->
    [yes] 可以：你的 { $setup } 一起用 { $runtime } 能跑 { $job }：{ $memory }{ $speed }。
   *[no] 可以：你的 { $setup } 用 { $runtime } 能跑 { $job }：{ $memory }{ $speed }。
}
verdict-yes-training = { $many ->
    [yes] 可以：你的 { $setup } 一起放得下 { $job }：{ $memory }。
   *[no] 可以：你的 { $setup } 放得下 { $job }：{ $memory }。
}
verdict-tight = { $many ->
    [yes] 不一定：你的 { $setup } 一起用 { $runtime } 跑 { $job }，{ $memory }，在本估算 ±{ $band }% 的误差范围内。
   *[no] 不一定：你的 { $setup } 用 { $runtime } 跑 { $job }，{ $memory }，在本估算 ±{ $band }% 的误差范围内。
}
verdict-tight-training = { $many ->
    [yes] 不一定：你的 { $setup } 一起跑 { $job }，{ $memory }，在本估算 ±{ $band }% 的误差范围内。
   *[no] 不一定：你的 { $setup } 跑 { $job }，{ $memory }，在本估算 ±{ $band }% 的误差范围内。
}
verdict-no = { $many ->
    [yes] 不行：用 { $runtime } 跑 { $job }每张 GPU 需要 { $need } GiB，超过你的 { $setup } 每张可用的 { $usable } GiB。
   *[no] 不行：用 { $runtime } 跑 { $job }需要 { $need } GiB，超过你的 { $setup } 可用的 { $usable } GiB。
}
verdict-no-training = { $many ->
    [yes] 不行：{ $job }每张 GPU 需要 { $need } GiB，超过你的 { $setup } 每张可用的 { $usable } GiB。
   *[no] 不行：{ $job }需要 { $need } GiB，超过你的 { $setup } 可用的 { $usable } GiB。
}
answer-native-format = 原始格式（{ $native }）每张 GPU 需要 { $native_per_gpu } GiB，放不下，所以下面按能宽裕放下的最大格式 { $precision } 计算。
next-steps-title = 其他方案
next-step-more = 加几张同款卡：{ $setup }，{ $precision }，每张 GPU { $per_gpu } GiB{ $speed }
next-step-rent = 租用：{ $setup }（{ $precision }），每小时 { $price }{ $speed }
next-step-buy = 购买：{ $setup }（{ $precision }），{ $price }{ $speed }
next-step-speed = {" "}· ≈{ $tps } tokens/s
verdict-no-startup = { $many ->
    [yes] 不行：用 { $runtime } 跑 { $job }，你的 { $setup } 每张卡 { $usable } GiB 里只占 { $need } GiB，但在这个 `--gpu-memory-utilization` 下 vLLM 启动时就会停下：改成 { $lower } 再启动。
   *[no] 不行：用 { $runtime } 跑 { $job }，你的 { $setup } 的 { $usable } GiB 里只占 { $need } GiB，但在这个 `--gpu-memory-utilization` 下 vLLM 启动时就会停下：改成 { $lower } 再启动。
}
