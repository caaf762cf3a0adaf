# “X 用 A 还是 B”：后面的配置若按与第一个不同的格式或推理引擎评估（各按其用户实际的跑法），在名称后注明。
verdict-each-run-as = { $what ->
    [runtime] { $setup }（{ $runtime }）
    [precision] { $setup }（{ $precision }）
   *[both] { $setup }（{ $runtime }，{ $precision }）
}
