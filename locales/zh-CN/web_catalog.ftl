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
