# 按配置比较显卡（"5090 对比 双卡3090"）：每套的总显存、总价，以及哪套能跑所问的模型。
compare-setups-title = 配置对比
compare-setup-line = { $setup }：共 { $memory } GB，{ $price }
compare-setup-line-no-price = { $setup }：共 { $memory } GB
compare-setup-runs-all = { $model }（{ $precision }）在 { $setups } 上都能跑。
compare-setup-runs-some = { $model }（{ $precision }）能在 { $setups } 上跑，{ $others } 不行。
compare-setup-runs-none = { $model }（{ $precision }）在这几套配置上都跑不了。
verdict-setups-memory = { $setup } 显存最多：共 { $memory } GB。
