"""Adds the GPUs people buy or rent in 2025-2026 to data/gpus.json (run once; kept for review).

Figures are the vendors' published specifications (product pages / datasheets recorded in
`sources`). Tensor rates are dense: NVIDIA's sparse headline figures ("AI TOPS") halved.
"""
import json, os
PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'gpus.json')
gpus = json.load(open(PATH))
have = {g['id'] for g in gpus}

def gpu(id, name, vendor, aliases, arch, year, mem, mtype, bw, form, market, fp32=None, fp16=None, fp16acc32=None, fp8=None, int8=None,
        fp4=None, tcgen=None, nvlink=None, tdp=None, ecc=None, msrp=None, bf16=True, unified=None, options=None, share=None, notes='', sources=()):
    g = {'id': id, 'display_name': name, 'vendor': vendor, 'aliases': aliases, 'architecture': arch, 'release_year': year,
         'memory_gb': mem, 'cuda_total_gib': None, 'cuda_total_gib_basis': None, 'memory_type': mtype, 'memory_bandwidth_gbs': bw,
         'fp32_tflops': fp32, 'fp16_tensor_tflops_dense': fp16, 'bf16': bf16, 'fp8_tensor_tflops_dense': fp8, 'int8_tops_dense': int8,
         'tensor_core_generation': tcgen, 'nvlink': nvlink, 'form_factor': form, 'tdp_w': tdp, 'ecc': ecc, 'msrp_usd': msrp, 'market': market,
         'fp16_tensor_tflops_dense_fp32acc': fp16acc32}
    if fp4 is not None: g['fp4_tensor_tflops_dense'] = fp4
    if unified: g['unified_memory'] = True
    if options: g['memory_options_gb'] = options
    if share: g['gpu_share_of_unified'] = share
    g['notes'] = notes
    g['sources'] = list(sources)
    return g

NV50 = 'https://www.nvidia.com/en-us/geforce/graphics-cards/50-series/'
GEFORCE = ('Dense tensor rates = NVIDIA\'s sparse FP4 "AI TOPS" / 2 (FP4), / 4 (FP8), / 8 (FP16), FP16-accumulate; '
           'GeForce runs FP32-accumulate at half that (left null: not published).')
NVL5 = {'version': 5, 'bandwidth_gbs_total': 1800}
new = [
    gpu('rtx-5080', 'GeForce RTX 5080', 'NVIDIA', ['rtx 5080', '5080', 'rtx5080', 'geforce rtx 5080'], 'Blackwell (GB203)', 2025, 16, 'GDDR7', 960,
        'consumer', 'consumer', fp32=56.3, fp16=225.1, fp8=450.2, int8=450, fp4=900.4, tcgen=5, tdp=360, ecc=False, msrp=999,
        notes='1801 AI TOPS (FP4, sparse). 16 GB GDDR7, 256-bit, 30 Gbps. ' + GEFORCE, sources=(NV50 + 'rtx-5080/',)),
    gpu('rtx-5070-ti', 'GeForce RTX 5070 Ti', 'NVIDIA', ['rtx 5070 ti', '5070 ti', '5070ti', 'rtx5070ti', 'geforce rtx 5070 ti'], 'Blackwell (GB203)', 2025, 16, 'GDDR7', 896,
        'consumer', 'consumer', fp32=43.9, fp16=175.8, fp8=351.5, int8=351, fp4=703.0, tcgen=5, tdp=300, ecc=False, msrp=749,
        notes='1406 AI TOPS (FP4, sparse). 16 GB GDDR7, 256-bit, 28 Gbps. ' + GEFORCE, sources=(NV50 + 'rtx-5070-family/',)),
    gpu('rtx-5070', 'GeForce RTX 5070', 'NVIDIA', ['rtx 5070', '5070', 'rtx5070', 'geforce rtx 5070'], 'Blackwell (GB205)', 2025, 12, 'GDDR7', 672,
        'consumer', 'consumer', fp32=30.9, fp16=123.5, fp8=247.0, int8=247, fp4=494.0, tcgen=5, tdp=250, ecc=False, msrp=549,
        notes='988 AI TOPS (FP4, sparse). 12 GB GDDR7, 192-bit, 28 Gbps. ' + GEFORCE, sources=(NV50 + 'rtx-5070-family/',)),
    gpu('rtx-5060-ti-16gb', 'GeForce RTX 5060 Ti 16GB', 'NVIDIA', ['rtx 5060 ti', '5060 ti', '5060ti', 'rtx 5060 ti 16gb', '5060 ti 16gb', 'geforce rtx 5060 ti'], 'Blackwell (GB206)', 2025, 16, 'GDDR7', 448,
        'consumer', 'consumer', fp32=23.7, fp16=94.9, fp8=189.7, int8=189, fp4=379.5, tcgen=5, tdp=180, ecc=False, msrp=429,
        notes='759 AI TOPS (FP4, sparse). 16 GB GDDR7, 128-bit, 28 Gbps (an 8 GB model also exists). ' + GEFORCE, sources=(NV50 + 'rtx-5060-family/',)),
    gpu('rtx-pro-6000-blackwell', 'RTX PRO 6000 Blackwell', 'NVIDIA', ['rtx pro 6000', 'rtx pro 6000 blackwell', 'pro 6000', 'rtx 6000 pro', 'rtx pro 6000 96gb', 'rtx pro 6000 server edition', 'rtx pro 6000 max-q'],
        'Blackwell (GB202)', 2025, 96, 'GDDR7', 1792, 'PCIe', 'workstation', fp32=125.0, fp16=503.8, fp16acc32=503.8, fp8=1007.5, int8=1007, fp4=2015.0, tcgen=5, tdp=600, ecc=True, msrp=8565,
        notes='4030 AI TOPS (FP4, sparse) halved; professional cards run FP32-accumulate at full rate. 96 GB GDDR7 with ECC, 512-bit. Workstation Edition 600 W; Max-Q and Server Edition 300-600 W with the same memory.',
        sources=('https://www.nvidia.com/en-us/products/workstations/professional-desktop-gpus/rtx-pro-6000/',)),
    gpu('l40', 'NVIDIA L40', 'NVIDIA', ['l40', 'nvidia l40', 'l40 48gb'], 'Ada Lovelace (AD102)', 2022, 48, 'GDDR6', 864, 'PCIe', 'datacenter',
        fp32=90.5, fp16=181.0, fp16acc32=181.0, fp8=362.0, int8=362, tcgen=4, tdp=300, ecc=True,
        notes='Datasheet sparse figures 362 FP16 / 724 FP8 halved. 48 GB GDDR6 with ECC.', sources=('https://www.nvidia.com/en-us/data-center/l40/',)),
    gpu('l20', 'NVIDIA L20', 'NVIDIA', ['l20', 'nvidia l20', 'l20 48gb'], 'Ada Lovelace (AD102)', 2023, 48, 'GDDR6', 864, 'PCIe', 'datacenter',
        fp32=59.8, fp16=119.5, fp16acc32=119.5, fp8=239.0, int8=239, tcgen=4, tdp=275, ecc=True,
        notes='China-market Ada card: 48 GB GDDR6, 864 GB/s; 119.5 dense FP16 / 239 FP8 (NVIDIA L20 datasheet).', sources=('https://www.nvidia.com/en-us/data-center/l20/',)),
    gpu('h20', 'NVIDIA H20', 'NVIDIA', ['h20', 'nvidia h20', 'h20 96gb', 'hgx h20'], 'Hopper (GH100)', 2024, 96, 'HBM3', 4000, 'SXM', 'datacenter',
        fp32=44.0, fp16=148.0, fp16acc32=148.0, fp8=296.0, int8=296, tcgen=4, nvlink={'version': 4, 'bandwidth_gbs_total': 900}, tdp=400, ecc=True,
        notes='China-market Hopper: full H100-class memory system (96 GB HBM3, 4.0 TB/s, NVLink 900 GB/s) with about 15 % of the H100 compute. A 141 GB HBM3e version followed.',
        sources=('NVIDIA HGX H20 datasheet (2024)',)),
    gpu('t4', 'NVIDIA T4', 'NVIDIA', ['t4', 'tesla t4', 'nvidia t4', 't4 16gb', 'colab t4'], 'Turing (TU104)', 2018, 16, 'GDDR6', 320, 'PCIe', 'datacenter',
        fp32=8.1, fp16=65.0, fp16acc32=65.0, int8=130, tcgen=2, tdp=70, ecc=True, bf16=False,
        notes='Turing: FP16 tensor cores (65 TFLOPS mixed precision), INT8 130 TOPS; no bf16, no FP8 (bf16 runs emulated and slow). Free tier of Google Colab and Kaggle.',
        sources=('https://www.nvidia.com/en-us/data-center/tesla-t4/',)),
    gpu('b300', 'NVIDIA B300 (Blackwell Ultra)', 'NVIDIA', ['b300', 'nvidia b300', 'hgx b300', 'blackwell ultra', 'dgx b300'], 'Blackwell Ultra (dual-die)', 2025, 288, 'HBM3e', 8000, 'SXM', 'datacenter',
        fp32=75.0, fp16=2250.0, fp16acc32=2250.0, fp8=4500.0, int8=None, fp4=13500.0, tcgen=5, nvlink=NVL5, tdp=1100, ecc=True,
        notes='288 GB HBM3e (12-high stacks), 8 TB/s; dense NVFP4 13.5-15 PFLOPS (1.5x B200), FP8/FP16 as B200; INT8 and FP64 cut back.',
        sources=('https://www.nvidia.com/en-us/data-center/hgx/', 'NVIDIA Blackwell Ultra technical blog (2025-08)')),
    gpu('gb200', 'NVIDIA GB200 GPU', 'NVIDIA', ['gb200', 'gb200 nvl72', 'nvidia gb200', 'grace blackwell', 'gb200 superchip'], 'Blackwell (dual-die) + Grace', 2025, 186, 'HBM3e', 8000, 'SXM', 'datacenter',
        fp32=80.0, fp16=2500.0, fp16acc32=2500.0, fp8=5000.0, int8=5000, fp4=10000.0, tcgen=5, nvlink=NVL5, tdp=1200, ecc=True,
        notes='One Blackwell GPU of a GB200 superchip (2 GPUs + 1 Grace CPU); NVL72 racks hold 72 GPUs with 13.4 TB HBM3e (186 GB each) in one NVLink domain. Grace LPDDR5X (480 GB per CPU) is host memory, not counted.',
        sources=('https://www.nvidia.com/en-us/data-center/gb200-nvl72/',)),
    gpu('gb300', 'NVIDIA GB300 GPU', 'NVIDIA', ['gb300', 'gb300 nvl72', 'nvidia gb300', 'grace blackwell ultra'], 'Blackwell Ultra (dual-die) + Grace', 2025, 288, 'HBM3e', 8000, 'SXM', 'datacenter',
        fp32=75.0, fp16=2500.0, fp16acc32=2500.0, fp8=5000.0, int8=None, fp4=15000.0, tcgen=5, nvlink=NVL5, tdp=1400, ecc=True,
        notes='One Blackwell Ultra GPU of a GB300 superchip; NVL72 racks hold 72 GPUs with about 20.7 TB HBM3e (288 GB each) in one NVLink domain.',
        sources=('https://www.nvidia.com/en-us/data-center/gb300-nvl72/',)),
    gpu('mi325x', 'AMD Instinct MI325X', 'AMD', ['mi325x', 'instinct mi325x', 'amd mi325x', 'mi325'], 'CDNA 3', 2024, 256, 'HBM3E', 6000, 'SXM', 'datacenter',
        fp32=163.4, fp16=1307.4, fp16acc32=1307.4, fp8=2614.9, int8=2614, tdp=1000, ecc=True,
        notes='OAM module (mapped to SXM): MI300X compute with 256 GB HBM3E at 6 TB/s; Infinity Fabric links as MI300X.',
        sources=('https://www.amd.com/en/products/accelerators/instinct/mi300/mi325x.html',)),
    gpu('mi355x', 'AMD Instinct MI355X', 'AMD', ['mi355x', 'instinct mi355x', 'amd mi355x', 'mi355', 'mi350x', 'mi350'], 'CDNA 4', 2025, 288, 'HBM3E', 8000, 'SXM', 'datacenter',
        fp32=157.3, fp16=2516.6, fp16acc32=2516.6, fp8=5033.2, int8=5033, fp4=10066.0, tdp=1400, ecc=True,
        notes='OAM module (mapped to SXM), liquid-cooled; 288 GB HBM3E at 8 TB/s; MXFP4/MXFP6 support. The air-cooled MI350X has the same memory at lower clocks.',
        sources=('https://www.amd.com/en/products/accelerators/instinct/mi350/mi355x.html',)),
    gpu('dgx-spark', 'NVIDIA DGX Spark (GB10)', 'NVIDIA', ['dgx spark', 'spark', 'gb10', 'nvidia dgx spark', 'project digits', 'asus ascent gx10'], 'Blackwell (GB10 Grace Blackwell)', 2025, 128, 'LPDDR5X (unified)', 273, 'consumer', 'workstation',
        fp16=125.0, fp16acc32=125.0, fp8=250.0, fp4=500.0, tcgen=5, tdp=240, ecc=False, msrp=3999, unified=True, share=0.93,
        notes='128 GB LPDDR5X shared by the 20-core Grace CPU and the Blackwell GPU, 273 GB/s. "1 PFLOP FP4" is sparse: 500 dense; FP8/FP16 derived at 1/2 and 1/4. CUDA sees about 119 GiB of it (gpu_share_of_unified 0.93).',
        sources=('https://www.nvidia.com/en-us/products/workstations/dgx-spark/',)),
    gpu('ryzen-ai-max-395', 'AMD Ryzen AI Max+ 395 (Strix Halo, Radeon 8060S)', 'AMD', ['ryzen ai max+ 395', 'ryzen ai max 395', 'strix halo', 'ai max+ 395', 'radeon 8060s', 'framework desktop', 'gmktec evo-x2'],
        'RDNA 3.5 (Strix Halo)', 2025, 128, 'LPDDR5X (unified)', 256, 'consumer', 'consumer', fp32=29.7, fp16=59.4, bf16=True, unified=True, share=0.75, options=[32, 64, 128], ecc=False,
        notes='APU with 128 GB LPDDR5X-8000 (256-bit, 256 GB/s); up to 96 GB can be assigned to the 40-CU Radeon 8060S as VRAM (gpu_share_of_unified 0.75). No matrix FP8.',
        sources=('https://www.amd.com/en/products/processors/laptop/ryzen/ai-300-series/amd-ryzen-ai-max-plus-395.html',)),
    gpu('apple-m3-ultra', 'Apple M3 Ultra', 'Apple', ['m3 ultra', 'apple m3 ultra', 'mac studio m3 ultra'], 'Apple M3', 2025, 512, 'LPDDR5 (unified)', 819, 'consumer', 'consumer',
        fp32=28.4, bf16=None, unified=True, options=[96, 256, 512],
        notes='Mac Studio (2025): up to 512 GB unified memory at 819 GB/s, 80-core GPU. macOS wires about 75 % for the GPU by default (raisable with iogpu.wired_limit_mb).',
        sources=('https://www.apple.com/mac-studio/specs/',)),
    gpu('apple-m4-pro', 'Apple M4 Pro', 'Apple', ['m4 pro', 'apple m4 pro', 'mac mini m4 pro', 'macbook pro m4 pro'], 'Apple M4', 2024, 64, 'LPDDR5X (unified)', 273, 'consumer', 'consumer',
        fp32=9.2, bf16=None, unified=True, options=[24, 48, 64],
        notes='Up to 64 GB unified memory at 273 GB/s, 20-core GPU. macOS wires about 75 % for the GPU by default.',
        sources=('https://www.apple.com/mac-mini/specs/',)),
]
out = gpus + [g for g in new if g['id'] not in have]
json.dump(out, open(PATH, 'w'), indent=2, ensure_ascii=False)
open(PATH, 'a').write('\n')
print(len(out), 'GPUs')
