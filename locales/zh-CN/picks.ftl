# Picks (zh-CN)：每个配置为什么在列表里、买或租要多少钱、一台机器能装几张卡。

why-cheapest-now = 按当前价格，放得下的最便宜配置
why-cheapest-at-launch = 按首发价计算放得下的最便宜配置
why-cheapest-single-card = 放得下的最便宜单卡
why-fewest-cards = 卡数最少的方案
why-fastest = 单台机器内最快
why-datacenter = 数据中心会用的配置

picks-price-street = 当前 { $price }（{ $date }）
picks-price-launch = 首发价 { $price }，没找到当前价格
picks-cloud = 租用 { $price }/小时（{ $date }）
picks-per-million = { $concurrency_n ->
   *[other] 同时处理 { $concurrency } 个请求（每个 { $context } 个 token）时，每生成百万 token 约 { $price }
}

picks-box-desktop = { $count } × { $gpu } 装不进一台机器：台式机主板最多装 { $per_box } 张消费级显卡，所以需要 { $machines } 台机器通过网络连接，拆分模型会很慢。用服务器或显存更大的卡更好。
picks-box-server = { $count } × { $gpu } 超过一台服务器的容量（每个节点 { $per_box } 张 GPU）：需要 { $machines } 个节点，通过 InfiniBand 互连。
picks-tensor-parallel = vLLM 无法把 { $heads } 个注意力头平均分到 { $count } 张 GPU 上：张量并行的大小必须能整除注意力头数。它会以 { $stages } 个流水线阶段、每段 { $tensor } 张卡运行（`--pipeline-parallel-size`），速度更慢；用 { $next } 张卡可以均分。
