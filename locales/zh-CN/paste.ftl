# 在网页上粘贴日志（zh-CN）。
web-paste-summary = 遇到报错？把日志贴上来
web-paste-label = 日志（报错在最后几行；最多 64 KB）
web-paste-question = 你的模型和显卡（可选）
web-paste-placeholder = qwen3 14b，4080
web-paste-bad-json = 请求体必须是这样的 JSON：{"{"}"q": "你的问题或日志", "lang": "zh"{"}"}。
