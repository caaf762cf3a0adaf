"""Adds street prices and cloud $/hour to data/gpus.json (run once; kept for review).

Every figure below is a published one, copied with the date its source gives and the
source's key (SOURCES.md, section "Prices"). Ranges are taken at their midpoint. Where no
source was found the field stays null and SOURCES.md says so. `msrp_usd` (launch price)
is left as it was.

- street_usd: what one card costs to buy now (new; typical used where new is gone),
  street_usd_date: "YYYY-MM" when the source gives a month, "YYYY" when it gives a year.
- cloud_usd_per_hour: on-demand price of one GPU for one hour at a named cloud,
  cloud_usd_per_hour_date likewise.
"""
import json, os
PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'gpus.json')

# Source keys -> the address recorded in each entry's `sources`.
SRC = {
    'RUNLOCALAI': 'https://runlocalai.co/guides/best-gpu-for-local-ai-2026',
    'PCGAMER': 'https://www.pcgamer.com/hardware/graphics-cards/if-youve-been-saving-up-to-buy-a-new-16-gb-graphics-card-then-i-have-bad-news-for-you-its-already-a-bloodbath-out-there-and-its-getting-worse-every-week/',
    'NEWGEAR': 'https://www.newgearhub.com/review/nvidia-gtc-2026-blackwell-gpus-pro-workstations',
    'AIINFRAMAP': 'https://www.aiinframap.com/tools/chips/h100-vs-h200-vs-b200-tco',
    'MERCATUS': 'https://www.mercatus-ai.com/blog/a100-vs-h100-vs-h200',
    'SILYBENCH': 'github:tgarg01/silybench-data@045df3bf:derived/csv/gpu_prices.csv',
    'LAMBDA': 'github:api-evangelist/lambda-labs@1929382e:plans/lambda-labs-plans-pricing.yml',
    'HYPERSTACK': 'github:api-evangelist/nexgen-cloud@0fa0509e:plans/nexgen-cloud-plans-pricing.yml',
    'AWS': 'github:tsaol/aws-gpu@77fcd9fe:data/g4dn_instances.js,data/g5_instances.js,data/g6_instances.js',
    'CLIFF': 'https://www.cliffcenter.com/research/amd-inference-economics',
}

# Cards whose street price is a used-card price (no longer sold new): answers say "used".
USED = {'rtx-3090'}

# id: (street_usd, date, source) -- midpoints of the published ranges.
STREET = {
    'rtx-3090': (850, '2026-05', 'RUNLOCALAI'),           # used only, $700-1,000
    'rtx-4090': (1900, '2026-05', 'RUNLOCALAI'),          # new $1,800-2,000
    'rtx-5090': (2550, '2026-05', 'RUNLOCALAI'),          # street $2,300-2,800
    'rtx-4060-ti-16gb': (425, '2026-05', 'RUNLOCALAI'),   # new $400-450
    'rtx-5060-ti-16gb': (450, '2026', 'PCGAMER'),         # best US price, early 2026
    'rtx-pro-6000-blackwell': (8600, '2026-04', 'NEWGEAR'),  # retail $8,000-9,200
    'h100-sxm': (30000, '2026', 'AIINFRAMAP'),            # "mid-2026 typical"
    'h200-sxm': (35000, '2026', 'AIINFRAMAP'),
    'b200': (40000, '2026', 'AIINFRAMAP'),
    'a100-80gb-sxm': (11500, '2026', 'MERCATUS'),         # refurbished/used $8-15K
    'a100-80gb-pcie': (11500, '2026', 'MERCATUS'),
}

# id: (usd per GPU-hour on demand, date, source, what was priced)
CLOUD = {
    # RunPod Secure Cloud (RunPod-run datacentres), 1 GPU, as read on 2026-09-25.
    'h100-sxm': (3.49, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, H100 SXM'),
    'h100-pcie': (2.89, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, H100 PCIe'),
    'h100-nvl': (3.19, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, H100 NVL'),
    'h200-sxm': (4.59, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, H200'),
    'b200': (6.79, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, B200'),
    'a100-80gb-sxm': (1.59, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, A100 SXM 80GB'),
    'a100-80gb-pcie': (1.59, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, A100 PCIe 80GB'),
    'l40s': (1.09, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, L40S'),
    'rtx-4090': (0.74, '2026-09', 'SILYBENCH', 'RunPod Secure Cloud, RTX 4090'),
    # Lambda on-demand, per GPU, as read on 2026-09-20.
    'a100-40gb-sxm': (1.99, '2026-09', 'LAMBDA', 'Lambda, 8x A100 SXM 40GB per GPU'),
    'gh200': (2.29, '2026-09', 'LAMBDA', 'Lambda, 1x GH200'),
    'a10': (1.29, '2026-09', 'LAMBDA', 'Lambda, 1x A10'),
    'rtx-a6000': (1.09, '2026-09', 'LAMBDA', 'Lambda, 4x A6000 per GPU'),
    'v100-sxm2-16gb': (0.79, '2026-09', 'LAMBDA', 'Lambda, 8x Tesla V100 16GB per GPU'),
    # AWS us-east-1 on demand, the 1-GPU instance (vCPUs and RAM included), 2026-01-21.
    't4': (0.526, '2026-01', 'AWS', 'AWS g4dn.xlarge, us-east-1'),
    'a10g': (1.006, '2026-01', 'AWS', 'AWS g5.xlarge, us-east-1'),
    'l4': (0.8048, '2026-01', 'AWS', 'AWS g6.xlarge, us-east-1'),
    # Hyperstack on demand, per GPU, as read on 2026-08-26.
    'l40': (1.00, '2026-08', 'HYPERSTACK', 'Hyperstack, L40'),
    'b300': (7.40, '2026-08', 'HYPERSTACK', 'Hyperstack, B300'),
    'rtx-pro-6000-blackwell': (1.85, '2026-08', 'HYPERSTACK', 'Hyperstack, RTX Pro 6000 SE (Server Edition)'),
    # Median of the on-demand MI300X offers the note lists; TensorWave's MI325X.
    'mi300x': (1.99, '2026-05', 'CLIFF', 'median MI300X on-demand across providers'),
    'mi325x': (1.95, '2026-05', 'CLIFF', 'TensorWave MI325X'),
}

gpus = json.load(open(PATH))
ids = {g['id'] for g in gpus}
assert set(STREET) <= ids and set(CLOUD) <= ids, (set(STREET) | set(CLOUD)) - ids
out = []
for g in gpus:
    street = STREET.get(g['id'])
    cloud = CLOUD.get(g['id'])
    new = {}
    for k, v in g.items():
        new[k] = v
        if k == 'msrp_usd':
            new['street_usd'] = street[0] if street else None
            new['street_usd_date'] = street[1] if street else None
            if g['id'] in USED:
                new['street_usd_condition'] = 'used'
            new['cloud_usd_per_hour'] = cloud[0] if cloud else None
            new['cloud_usd_per_hour_date'] = cloud[1] if cloud else None
    for p in (street, cloud):
        if p and SRC[p[2]] not in new['sources']:
            new['sources'].append(SRC[p[2]])
    out.append(new)
json.dump(out, open(PATH, 'w'), indent=2, ensure_ascii=False)
open(PATH, 'a').write('\n')
print(sum(1 for g in out if g['street_usd']), 'street prices,',
      sum(1 for g in out if g['cloud_usd_per_hour']), 'cloud prices')
