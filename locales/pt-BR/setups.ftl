# Placas comparadas como configurações ("5090 ou 2x3090"): totais de cada uma e qual roda o modelo.
compare-setups-title = Configurações
compare-setup-line = { $setup }: { $memory } GB no total, { $price }
compare-setup-line-no-price = { $setup }: { $memory } GB no total
compare-setup-runs-all = { $model } ({ $precision }) roda em { $setups }.
compare-setup-runs-some = { $model } ({ $precision }) roda em { $setups }, não em { $others }.
compare-setup-runs-none = { $model } ({ $precision }) não roda em nenhuma dessas configurações.
verdict-setups-memory = { $setup } tem mais memória: { $memory } GB no total.
