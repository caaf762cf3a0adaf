# A comparison at chat length: the verdict, one short line per setup (render/compare_short.rs).
compare-short-tensor = FP16 { $fp16 } TFLOPS
compare-short-tensor-fp8 = FP16 { $fp16 } / FP8 { $fp8 } TFLOPS
compare-short-nvlink = NVLink { $version }
compare-short-no-nvlink = 无 NVLink
compare-short-price-street = 现价 { $price }
compare-short-price-launch = 首发价 { $price }
compare-short-runs = 4-bit 最大能跑 { $model }
compare-short-runs-none = 4-bit 跑不了常见模型
compare-chat-more = 完整规格表（功耗、ECC、云端价格、16-bit 能跑什么）：加上 `--full`。
compare-setups-4bit = 4-bit
compare-setups-runs = { $setup }：共 { $memory } GB，能跑 { $model }（{ $format }）
compare-setups-also = { $setup }：共 { $memory } GB，也能跑
compare-setups-not = { $setup }：共 { $memory } GB，跑不了
compare-setups-not-upto = { $setup }：共 { $memory } GB，跑不了（最大只能跑 { $model }）
compare-usual =
    { $where ->
        [local] 本地跑 LLM
       *[other] 跑 LLM
    }：{ $cheap } { $memory }，带宽是 { $dear } 的 { $bandwidth }%，价格只要 { $price }%
compare-usual-memory-same = 显存同样是 { $gb } GB
compare-usual-memory-more = 显存 { $gb } GB（多 { $diff } GB）
compare-usual-memory-less = 显存 { $gb } GB（少 { $diff } GB）
compare-usual-dear = { $dear } { $pluses }
compare-usual-prefill = 预填充快约 { $ratio } 倍
compare-usual-decode = 生成快约 { $ratio } 倍
compare-usual-fp8 = 支持 FP8
compare-usual-and = ，并且
button-full-specs = 完整规格
