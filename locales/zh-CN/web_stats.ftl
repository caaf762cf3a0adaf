# 网页指南的团队统计页面 /stats（zh-CN）。

web-stats-title = 团队统计
web-stats-intro = 根据提问记录统计本团队的指南和机器人收到的问题。只有计数：不显示任何人的身份。
web-stats-locked = 此页面需要团队令牌（stats_token 设置）
web-stats-open = 打开
web-stats-window = 时间范围
web-stats-per-day = 每日提问数（UTC）
web-stats-no-log = 提问记录已关闭（--no-log），没有可统计的内容。
web-stats-failed = 暂时无法读取提问记录，请稍后再试。
