# Cards compared as setups ("5090 vs 2x3090"): totals per setup and which one runs the model.
compare-setups-title = Setups
compare-setup-line = { $setup }: { $memory } GB in all, { $price }
compare-setup-line-no-price = { $setup }: { $memory } GB in all
compare-setup-runs-all = { $model } ({ $precision }) runs on { $setups }.
compare-setup-runs-some = { $model } ({ $precision }) runs on { $setups }, not on { $others }.
compare-setup-runs-none = { $model } ({ $precision }) runs on none of these setups.
verdict-setups-memory = { $setup } has the most memory: { $memory } GB in all.
