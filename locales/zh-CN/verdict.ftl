# 结论：一句话回答问题，放在每种回答的最前面。
verdict-estimate = 可以在 { $setup } 上运行。
verdict-compare-one = { $memory_gpu }：显存 { $memory } GB，带宽 { $bandwidth } GB/s。
verdict-compare-both = 对大模型最重要的两项上 { $memory_gpu } 都领先：显存最大（{ $memory } GB），带宽最高（{ $bandwidth } GB/s）。
verdict-compare-split = 跑大模型：{ $memory_gpu } 显存最大（{ $memory } GB），能跑更大的模型；{ $bandwidth_gpu } 带宽最高（{ $bandwidth } GB/s），生成速度更快。
verdict-fit = { $setup }：{ $tiers }。
verdict-fit-tier = { $bits } 位最大可跑 { $largest }
verdict-fit-tier-none = { $bits } 位都放不下
verdict-buy-cheapest = { $budget }以内没有能以 { $format } 跑 { $model } 的配置；能跑的最便宜配置：{ $line }。
verdict-buy-none = 目录中没有 { $budget } 以内能跑 { $model } 的配置。
verdict-cards = { $budget } 的最佳选择：{ $gpu }，这笔钱能买到的最大显存（{ $memory } GB，{ $price }）。
verdict-cards-none = 目录中没有 { $budget } 或更便宜的显卡。
verdict-compare-same-memory = 跑大模型：显存相同（都是 { $memory } GB），能跑的模型一样；{ $bandwidth_gpu } 带宽最高（{ $bandwidth } GB/s），生成速度更快。
