# Mac 的内存放得下 16 位 checkpoint 时，按用户实际下载的 8 位文件计算。
assumed-precision-mac = { $precision }，Mac 用户通常下载的 8 位文件：{ $native } checkpoint 也放得下，但 Mac 每生成一个 token 都要读一遍全部权重，速度大约只有一半，留给上下文的空间也更少（未指定精度）
