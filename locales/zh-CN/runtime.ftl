# 为提问者选择的运行时（src/runtime/choice.rs）。
assumed-runtime-why = 按“{ $runtime }”配置计算，{ $why }（如需其他运行时，可写“用 { $other }”）
runtime-why-gguf = GGUF 文件由 llama.cpp 运行，Ollama 和 LM Studio 也是如此
runtime-why-consumer = GeForce 用户常用的方案，可直接使用或通过 Ollama、LM Studio
runtime-why-workstation = 工作站显卡上常用的方案
runtime-why-radeon = Radeon 用户常用的方案（ROCm 或 Vulkan 版本）
runtime-why-mac = Mac 上常用的方案，基于 Metal（另一常见选择是 MLX）
runtime-why-unified = 统一内存设备上常用的方案
runtime-why-datacenter = 数据中心显卡上常用的推理服务引擎
runtime-why-serving = 多用户推理服务的常用引擎
runtime-why-mla = 其文档推荐用于 DeepSeek 等多头潜在注意力（MLA）模型
