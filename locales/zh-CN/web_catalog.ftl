# 目录页面的搜索、筛选与分页：/models 和 /gpus（zh-CN）。

web-catalog-search = 按名称搜索
web-catalog-group = 系列或厂商
web-catalog-all = 全部
web-catalog-filter = 筛选
web-catalog-matched = { $count ->
   *[other] { $n } 个结果
}
web-catalog-pages = 页码
web-catalog-prev = 上一页
web-catalog-next = 下一页
# 搜索框旁的范围菜单：模型规模（总参数量，十亿）、GPU 显存和当前价格。
web-catalog-size = 参数量
web-catalog-size-any = 不限参数量
web-catalog-size-up-to = { $max }B 以下
web-catalog-size-between = { $min }B–{ $max }B
web-catalog-size-over = { $min }B 及以上
web-catalog-memory = 显存
web-catalog-memory-any = 不限显存
web-catalog-memory-at-least = { $gb } GB 及以上
web-catalog-price = 价格
web-catalog-price-any = 不限价格
web-catalog-price-up-to = { $price } 以内
