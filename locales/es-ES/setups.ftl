# Tarjetas comparadas como configuraciones ("una 5090 o un par de 3090"): totales y en cuál cabe el modelo.
compare-setups-title = Configuraciones
compare-setup-line = { $setup }: { $memory } GB en total, { $price }
compare-setup-line-no-price = { $setup }: { $memory } GB en total
compare-setup-runs-all = { $model } ({ $precision }) cabe en { $setups }.
compare-setup-runs-some = { $model } ({ $precision }) cabe en { $setups }, no en { $others }.
compare-setup-runs-none = { $model } ({ $precision }) no cabe en ninguna de estas configuraciones.
verdict-setups-memory = { $setup } tiene más memoria: { $memory } GB en total.
