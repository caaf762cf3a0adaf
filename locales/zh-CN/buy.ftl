# 预算能买什么（issue 33、35）：表格、估算所用的格式、注明日期的汇率。
buy-rate-date = { $year }年{ $month }{ $day }日
buy-month-1 = 1月
buy-month-2 = 2月
buy-month-3 = 3月
buy-month-4 = 4月
buy-month-5 = 5月
buy-month-6 = 6月
buy-month-7 = 7月
buy-month-8 = 8月
buy-month-9 = 9月
buy-month-10 = 10月
buy-month-11 = 11月
buy-month-12 = 12月
buy-model-generic = { $size }B 参数的模型
buy-price-kind = { $price }，{ $kind }
buy-used = 二手
buy-setup-one = 一张 { $gpu }
buy-setup-one-used = 一张二手 { $gpu }
buy-setup-many = { $count } 张 { $gpu }
buy-setup-many-used = { $count } 张二手 { $gpu }
buy-row = { $setup } · { $price }（{ $kind }）· { $format } · 约 { $speed } tokens/s · 剩余 { $spare } GB
buy-format-gguf = 按 { $format } 的 GGUF 文件、用 llama.cpp 估算（Ollama 和 LM Studio 跑的也是这种文件）：这个预算买卡的人跑的就是这种格式。
buy-format-gguf-lower = 预算内没有能以 Q4_K_M 放下它的配置：按 { $format } 的 GGUF 文件、用 llama.cpp 估算，这种更小的量化损失的质量更多。
buy-more = ……完整回答（--full）里还有 { $count } 种配置。
verdict-buy-best = { $budget }的最佳选择：{ $setup }（{ $price }）{ $count ->
       *[other] 以
    } { $format } 运行 { $model }{ $speed }{ $step }。
verdict-buy-speed = ，约 { $speed } tokens/s
verdict-buy-step-same = ；同一配置也能跑 { $format }{ $speed }
verdict-buy-step-more = ；{ $n ->
        [two] 两张
        [three] 三张
        [four] 四张
       *[many] { $count } 张
    }可跑 { $format }（{ $price }）{ $speed }
verdict-buy-step-other = ；{ $setup }（{ $price }）{ $count ->
       *[other] 可跑
    } { $format }{ $speed }
fit-title = { $setup } 能跑的模型（按格式）
fit-group = { $bits } 位（{ $format }，{ $runtime }）：
fit-group-none = { $format } 下放不下任何模型
fit-more = ……完整回答（--full）里还有 { $count } 个。
buy-card-runs = Q4_K_M 下最大可跑 { $model }
verdict-cards-runs = { $budget }的最佳选择：{ $gpu }（{ $memory } GB，{ $price }），这笔钱能买到的最大显存：以 Q4_K_M 最大可跑 { $model }{ $pair }。
verdict-cards-pair = ；两张 { $gpu }（{ $price }，{ $memory } GB）最大可跑 { $model }
