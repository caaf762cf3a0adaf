# 目录里没有所问模型名（版本、后缀或微调名不同）时，回答的第一行。
match-sized-as-closest = 我不认识 { $input }；按最接近的已知模型 { $model } 估算。
