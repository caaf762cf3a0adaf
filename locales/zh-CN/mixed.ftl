# Cards of different kinds in one machine.
mixed-fits = 不同型号的显卡：按显存比例分配层，与 llama.cpp 的默认做法相同
mixed-no-fit = 不同型号的显卡：即使按显存比例分配，仍有一张卡放不下
mixed-device = { $gpu }：{ $layers } 层，需要 { $need }，可用 { $usable }
mixed-refused = { $runtime } 把每一层平均切到各张卡上，每张卡需要 { $need }，而最小的 { $gpu } 只有 { $usable }：不同型号的卡需要按层切分（llama.cpp 加 -ts）或使用相同的卡。
