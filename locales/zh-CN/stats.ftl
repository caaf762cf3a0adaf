# 提问记录统计：`vramguide stats` 与机器人的 /stats（zh-CN）。

stats-title = 提问统计（{ $window }）
stats-window-all = 全部时间
stats-window-days = { $count ->
   *[other] 最近 { $n } 天
}
stats-window-hours = { $count ->
   *[other] 最近 { $n } 小时
}
stats-guild = 服务器 { $guild }
stats-empty = 还没有记录任何提问。
stats-totals = 共 { $total } 个问题：{ $understood } 个已理解（{ $percent }%），{ $missed } 个未理解。共 { $users } 位不同用户。
stats-sources = 来源
stats-models = 热门模型
stats-precisions = 精度
stats-gpus = GPU
stats-languages = 回复语言
stats-unanswered = 未理解的问题（解析器漏掉的内容）
stats-item = { $name }：{ $count }
stats-unanswered-item = “{ $question }” × { $count }
stats-source-discord = Discord
stats-source-web = 网页指南
stats-source-cli = 命令行
stats-language-en = 英语
stats-language-pt = 葡萄牙语
stats-language-es = 西班牙语
stats-language-zh = 中文
