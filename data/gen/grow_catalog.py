"""Adds the 2025-2026 model families to data/models.json (run once; kept for review).

Each entry's architecture is the published config.json of its Hugging Face repo (recorded
in `sources`); `params_computed` is the count those values give (see params()).
"""
import json, math, copy, sys, os
HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, '..', 'models.json')
sys.path.insert(0, HERE)
from params import params
from hub_ids import apply as with_hub_ids

models = json.load(open(PATH))
by_id = {m['id']: m for m in models}

# The original entries, as the calculator needs them: two-matrix MLPs, and Gemma 3's
# vision tower (the multimodal checkpoint's count less the text model's).
for m in models:
    if m['id'] in ('gpt-neox-20b', 'bloom-176b', 'falcon-7b', 'falcon-40b', 'falcon-180b'):
        m['mlp'] = 'plain'
    if m.get('params_text_only') and m['params_total'] > m['params_text_only']:
        m['vision_params'] = m['params_total'] - m['params_text_only']
        m['tokens_per_image'] = 256

def hf(repo):
    return f"https://huggingface.co/{repo}/blob/main/config.json"

def attention_kind(nh, nkv, mla=False):
    if mla: return 'mla'
    if nkv == nh: return 'mha'
    if nkv == 1: return 'mqa'
    return 'gqa'

def mk(id, name, family, repo, aliases, L, H, I, nh, nkv, V, maxpos, tie, release, license,
       hd=None, moe=None, native='bf16', sliding=None, pattern=None, total=None, exact=False,
       state=None, vision=None, image_tokens=None, mla=None, mlp=None, note=None, extra_sources=(),
       mlp_layers=None, official=None):
    m = {
        'id': id, 'display_name': name, 'family': family, 'aliases': aliases,
        'params_total': 0, 'params_exact': exact, 'params_active': 0,
        'num_hidden_layers': L, 'hidden_size': H, 'intermediate_size': I,
        'num_attention_heads': nh, 'num_key_value_heads': nkv,
        'head_dim': hd if hd is not None else (None if mla else H // nh),
        'vocab_size': V, 'max_position_embeddings': maxpos, 'tie_word_embeddings': tie,
        'native_precision': native, 'moe': moe, 'attention': attention_kind(nh, nkv, bool(mla)),
        'sliding_window': sliding, 'license': license, 'release': release,
    }
    if pattern: m['sliding_window_pattern'] = pattern
    if mla: m.update(mla)
    if mlp: m['mlp'] = mlp
    if mlp_layers is not None: m['mlp_layers'] = mlp_layers
    if state: m['state_layers'] = state
    if vision: m['vision_params'] = vision
    if image_tokens: m['tokens_per_image'] = image_tokens
    if official: m['params_official'] = official
    finish(m, total, note)
    m['sources'] = [hf(repo)] + list(extra_sources)
    return m

def finish(m, total, note):
    c = params(m)
    m['params_computed'] = c
    m['params_total'] = total if total else c
    if not total: m['params_exact'] = False
    moe = m.get('moe')
    if moe:
        mats = 2 if m.get('mlp') == 'plain' else 3
        idle = (moe['num_experts'] - moe['experts_per_token']) * mats * m['hidden_size'] * moe['expert_intermediate_size'] * moe['moe_layers']
        m['params_active'] = c - idle - (m.get('vision_params') or 0)
        m['params_active_note'] = 'computed from config: all but the idle routed experts'
    else:
        m['params_active'] = m['params_total']
    if note: m['notes'] = note
    if not total:
        m['params_note'] = 'params_total = params_computed (no exact published count in the consulted sources)'

def clone(base, id, name, repo, aliases, release, **changes):
    m = copy.deepcopy(by_id[base] if base in by_id else new_by_id[base])
    for k in ('params_note', 'params_active_note', 'notes', 'params_text_only', 'params_active_computed'):
        m.pop(k, None)
    m.update(id=id, display_name=name, aliases=aliases, release=release)
    note = changes.pop('note', None)
    total = changes.pop('total', None)
    exact = changes.pop('exact', False)
    official = changes.pop('official', None)
    m.update(changes)
    m.pop('params_official', None)
    if official: m['params_official'] = official
    m['params_exact'] = exact
    finish(m, total, note)
    m['sources'] = [hf(repo), f'architecture identical to {base} (same config.json shape)']
    return m

def moe(E, k, Ie, layers, shared=0, dense=None):
    d = {'num_experts': E, 'experts_per_token': k, 'shared_experts': shared, 'expert_intermediate_size': Ie, 'moe_layers': layers}
    if dense is not None: d['dense_layers'] = dense
    return d

def mamba2(layers, attn, heads, dhead, state, groups=1, conv=4):
    return {'kind': 'mamba2', 'layers': layers, 'attention_layers': attn, 'mamba_d_state': state, 'mamba_d_conv': conv,
            'mamba_n_heads': heads, 'mamba_d_head': dhead, 'mamba_n_groups': groups}

MLA_V3 = {'kv_lora_rank': 512, 'qk_rope_head_dim': 64, 'qk_nope_head_dim': 128, 'v_head_dim': 128, 'q_lora_rank': 1536}
MLA_LITE = {'kv_lora_rank': 512, 'qk_rope_head_dim': 64, 'qk_nope_head_dim': 128, 'v_head_dim': 128, 'q_lora_rank': None}
A2 = 'Apache-2.0'
new = []
new_by_id = {}
def add(m):
    assert m['id'] not in new_by_id, m['id']
    new.append(m); new_by_id[m['id']] = m

# --- Llama 4 (text_config; chunked attention on 3 of 4 layers, NoPE global every 4th)
L4_CHUNK = '3 local (chunked attention, 8192-token chunks) per 1 global'
add(mk('llama-4-scout', 'Llama 4 Scout (17B active, 16 experts)', 'llama-4', 'meta-llama/Llama-4-Scout-17B-16E-Instruct',
       ['llama 4 scout', 'llama-4-scout', 'llama4 scout', 'scout', 'llama 4 scout 17b', 'llama-4-scout-17b-16e-instruct', 'llama 4 109b'],
       48, 5120, 16384, 40, 8, 202048, 10485760, False, '2025-04', 'Llama 4 Community License', hd=128,
       moe=moe(16, 1, 8192, 48, shared=1, dense=0), sliding=8192, pattern=L4_CHUNK, vision=870_000_000, image_tokens=1440,
       note='MoE in every layer (interleave_moe_layer_step 1), one shared expert. attention_chunk_size 8192: three of four layers attend within 8192-token chunks, modelled as a window. vision_params approximate (34-layer 1408-wide ViT + projector from vision_config); 144 tokens per 336-px tile, a 1024x1024 image ~ 9 tiles + 1 global = 1440 tokens. Official: 109B total / 17B active.'))
add(mk('llama-4-maverick', 'Llama 4 Maverick (17B active, 128 experts)', 'llama-4', 'meta-llama/Llama-4-Maverick-17B-128E-Instruct',
       ['llama 4 maverick', 'llama-4-maverick', 'llama4 maverick', 'maverick', 'llama 4 maverick 17b', 'llama-4-maverick-17b-128e-instruct', 'llama 4 400b'],
       48, 5120, 16384, 40, 8, 202048, 1048576, False, '2025-04', 'Llama 4 Community License', hd=128,
       moe=moe(128, 1, 8192, 24, shared=1, dense=24), sliding=8192, pattern=L4_CHUNK, vision=870_000_000, image_tokens=1440,
       note='MoE on every other layer (interleave_moe_layer_step 2); dense layers use intermediate_size_mlp 16384. Official: 400B total / 17B active. Meta also publishes an FP8 checkpoint (-FP8); the main one is bf16.'))

# --- Qwen3 2507, Coder, Next; Qwen2.5 Coder/VL, QwQ, Qwen2
add(clone('qwen3-4b', 'qwen3-4b-instruct-2507', 'Qwen3-4B-Instruct-2507', 'Qwen/Qwen3-4B-Instruct-2507',
          ['qwen3 4b 2507', 'qwen3-4b-instruct-2507', 'qwen3-4b-thinking-2507', 'qwen3 4b instruct 2507'], '2025-08', max_position_embeddings=262144))
add(clone('qwen3-30b-a3b', 'qwen3-30b-a3b-instruct-2507', 'Qwen3-30B-A3B-Instruct-2507', 'Qwen/Qwen3-30B-A3B-Instruct-2507',
          ['qwen3 30b a3b 2507', 'qwen3-30b-a3b-instruct-2507', 'qwen3-30b-a3b-thinking-2507', 'qwen3 30b 2507'], '2025-07', max_position_embeddings=262144))
add(clone('qwen3-235b-a22b', 'qwen3-235b-a22b-instruct-2507', 'Qwen3-235B-A22B-Instruct-2507', 'Qwen/Qwen3-235B-A22B-Instruct-2507',
          ['qwen3 235b a22b 2507', 'qwen3-235b-a22b-instruct-2507', 'qwen3-235b-a22b-thinking-2507', 'qwen3 235b 2507'], '2025-07', max_position_embeddings=262144))
add(clone('qwen3-30b-a3b', 'qwen3-coder-30b-a3b', 'Qwen3-Coder-30B-A3B-Instruct', 'Qwen/Qwen3-Coder-30B-A3B-Instruct',
          ['qwen3 coder 30b', 'qwen3-coder-30b-a3b-instruct', 'qwen3 coder 30b a3b', 'qwen3-coder-flash', 'qwen3 coder flash'], '2025-07', family='qwen3-coder', max_position_embeddings=262144))
add(mk('qwen3-coder-480b-a35b', 'Qwen3-Coder-480B-A35B-Instruct', 'qwen3-coder', 'Qwen/Qwen3-Coder-480B-A35B-Instruct',
       ['qwen3 coder 480b', 'qwen3-coder-480b-a35b-instruct', 'qwen3 coder', 'qwen3-coder', 'qwen3 coder 480b a35b', 'qwen3-coder-plus'],
       62, 6144, 8192, 96, 8, 151936, 262144, False, '2025-07', A2, hd=128, moe=moe(160, 8, 2560, 62),
       note='qk-norm; 160 experts, 8 per token. Official: 480B total / 35B active.'))
add(mk('qwen3-next-80b-a3b', 'Qwen3-Next-80B-A3B-Instruct', 'qwen3-next', 'Qwen/Qwen3-Next-80B-A3B-Instruct',
       ['qwen3 next', 'qwen3-next', 'qwen3 next 80b', 'qwen3-next-80b-a3b-instruct', 'qwen3-next-80b-a3b-thinking', 'qwen3 next 80b a3b', 'qwen next'],
       48, 2048, 5120, 16, 2, 151936, 262144, False, '2025-09', A2, hd=256, moe=moe(512, 10, 512, 48, shared=1),
       state={'kind': 'gated_deltanet', 'layers': 36, 'attention_layers': 12, 'linear_num_key_heads': 16, 'linear_num_value_heads': 32,
              'linear_key_head_dim': 128, 'linear_value_head_dim': 128, 'linear_conv_kernel_dim': 4},
       note='Hybrid: full_attention_interval 4 -> 12 gated-attention layers (KV grows) and 36 Gated DeltaNet layers (fixed state). 512 experts, 10 routed + 1 shared (shared_expert_intermediate_size 512). Gated attention doubles q_proj (not in params_computed, ~0.1 B). Official: 80B total / 3B active.'))
for size, base, nm in (('0.5b', 'qwen2.5-0.5b', '0.5B'), ('1.5b', 'qwen2.5-1.5b', '1.5B'), ('3b', 'qwen2.5-3b', '3B'), ('7b', 'qwen2.5-7b', '7B'), ('14b', 'qwen2.5-14b', '14B'), ('32b', 'qwen2.5-32b', '32B')):
    if size in ('0.5b',): continue
    add(clone(base, f'qwen2.5-coder-{size}', f'Qwen2.5-Coder-{nm}', f'Qwen/Qwen2.5-Coder-{nm}-Instruct',
              [f'qwen2.5 coder {size}', f'qwen2.5-coder-{size}-instruct', f'qwen 2.5 coder {size}', f'qwen coder {size}'], '2024-11', family='qwen2.5-coder',
              total=by_id[base]['params_total'], exact=by_id[base]['params_exact']))
add(clone('qwen2.5-32b', 'qwq-32b', 'QwQ-32B', 'Qwen/QwQ-32B', ['qwq', 'qwq 32b', 'qwq-32b', 'qwen qwq'], '2025-03', family='qwq',
          max_position_embeddings=40960, total=by_id['qwen2.5-32b']['params_total'], exact=True))
for size, base, vis, tot in (('7b', 'qwen2.5-7b', 676_550_144, None), ('32b', 'qwen2.5-32b', 676_550_144, None), ('72b', 'qwen2.5-72b', 676_550_144, None)):
    add(clone(base, f'qwen2.5-vl-{size}', f'Qwen2.5-VL-{size.upper()}', f'Qwen/Qwen2.5-VL-{size.upper()}-Instruct',
              [f'qwen2.5 vl {size}', f'qwen2.5-vl-{size}-instruct', f'qwen 2.5 vl {size}', f'qwen vl {size}'], '2025-01' if size != '32b' else '2025-03',
              family='qwen2.5-vl', vision_params=vis, tokens_per_image=1369, max_position_embeddings=128000,
              note='vision tower (32-layer ViT, 1280 wide, + 2-layer merger) ~ 0.68B; 28x28 pixels per token after merging, so a 1024x1024 image is about 1369 tokens.'))
# Qwen2 7B/72B left out: 'qwen 2 5 7b' must keep meaning Qwen2.5 (parser test).

# --- DeepSeek, Kimi
add(clone('deepseek-v3', 'deepseek-v3.1', 'DeepSeek-V3.1 (671B)', 'deepseek-ai/DeepSeek-V3.1',
          ['deepseek v3.1', 'deepseek-v3.1', 'deepseek v3.1 terminus', 'deepseek-v3.1-terminus', 'dsv3.1', 'deepseek 3.1'], '2025-08',
          family='deepseek-v3', license='MIT', total=671_000_000_000,
          note='Same config as DeepSeek-V3 (hybrid thinking via the chat template); FP8 (UE8M0 scales) block-quantized checkpoint. Official 671B / 37B active; HF total 685B incl. the MTP module.'))
add(clone('deepseek-v3', 'deepseek-v3.2', 'DeepSeek-V3.2 (671B)', 'deepseek-ai/DeepSeek-V3.2-Exp',
          ['deepseek v3.2', 'deepseek-v3.2', 'deepseek v3.2 exp', 'deepseek-v3.2-exp', 'dsv3.2', 'deepseek 3.2'], '2025-09',
          family='deepseek-v3', license='MIT', total=671_000_000_000,
          note='V3.1 plus DeepSeek Sparse Attention: a lightning indexer (index_n_heads 64, index_head_dim 128, ~0.85B params) picks index_topk 2048 past tokens per query; the MLA latent cache still holds every token, plus 128 indexer-key values per token and layer (not counted in kv bytes). FP8 checkpoint.'))
add(clone('deepseek-r1', 'deepseek-r1-0528', 'DeepSeek-R1-0528 (671B)', 'deepseek-ai/DeepSeek-R1-0528',
          ['deepseek r1 0528', 'deepseek-r1-0528', 'r1 0528', 'r1-0528'], '2025-05', total=671_000_000_000))
add(clone('qwen3-8b', 'deepseek-r1-0528-qwen3-8b', 'DeepSeek-R1-0528-Qwen3-8B', 'deepseek-ai/DeepSeek-R1-0528-Qwen3-8B',
          ['deepseek r1 0528 qwen3 8b', 'deepseek-r1-0528-qwen3-8b', 'r1 qwen3 8b', 'deepseek r1 qwen3 8b'], '2025-05', family='deepseek-r1-distill',
          license='MIT', max_position_embeddings=131072, total=by_id['qwen3-8b']['params_total'], exact=True))
add(mk('deepseek-v2-lite', 'DeepSeek-V2-Lite (16B)', 'deepseek-v2', 'deepseek-ai/DeepSeek-V2-Lite-Chat',
       ['deepseek v2 lite', 'deepseek-v2-lite', 'deepseek-v2-lite-chat', 'deepseek v2 lite 16b'],
       27, 2048, 10944, 16, 16, 102400, 163840, False, '2024-05', 'DeepSeek Model License', moe=moe(64, 6, 1408, 26, shared=2, dense=1), mla=MLA_LITE,
       note='MLA without a query LoRA (q_lora_rank null). Official 15.7B / 2.4B active.'))
add(mk('deepseek-coder-v2-lite', 'DeepSeek-Coder-V2-Lite (16B)', 'deepseek-v2', 'deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct',
       ['deepseek coder v2 lite', 'deepseek-coder-v2-lite', 'deepseek-coder-v2-lite-instruct', 'deepseek coder v2'],
       27, 2048, 10944, 16, 16, 102400, 163840, False, '2024-06', 'DeepSeek Model License', moe=moe(64, 6, 1408, 26, shared=2, dense=1), mla=MLA_LITE))
add(mk('deepseek-v2.5', 'DeepSeek-V2.5 (236B)', 'deepseek-v2', 'deepseek-ai/DeepSeek-V2.5',
       ['deepseek v2.5', 'deepseek-v2.5', 'deepseek v2', 'deepseek-v2', 'deepseek v2.5 1210', 'deepseek-v2.5-1210'],
       60, 5120, 12288, 128, 128, 102400, 163840, False, '2024-09', 'DeepSeek Model License', moe=moe(160, 6, 1536, 59, shared=2, dense=1), mla=MLA_V3,
       note='Official 236B / 21B active.'))
K2 = dict(L=61, H=7168, I=18432, nh=64, nkv=64, V=163840)
for kid, name, repo, aliases, maxpos, rel, native, note in (
    ('kimi-k2', 'Kimi K2 Instruct (1T)', 'moonshotai/Kimi-K2-Instruct', ['kimi k2', 'kimi-k2', 'kimi k2 instruct', 'kimi-k2-instruct', 'moonshot kimi k2', 'kimi', 'k2'], 131072, '2025-07', 'fp8-block', None),
    ('kimi-k2-0905', 'Kimi K2 Instruct 0905 (1T)', 'moonshotai/Kimi-K2-Instruct-0905', ['kimi k2 0905', 'kimi-k2-0905', 'kimi-k2-instruct-0905'], 262144, '2025-09', 'fp8-block', None),
    ('kimi-k2-thinking', 'Kimi K2 Thinking (1T)', 'moonshotai/Kimi-K2-Thinking', ['kimi k2 thinking', 'kimi-k2-thinking', 'k2 thinking'], 262144, '2025-11', 'int4',
     'Ships the routed experts in INT4 (quantization-aware training, compressed-tensors, group 32); attention and shared expert stay 16-bit, so a whole-model int4 reading is slightly low.')):
    add(mk(kid, name, 'kimi-k2', repo, aliases, K2['L'], K2['H'], K2['I'], K2['nh'], K2['nkv'], K2['V'], maxpos, False, rel, 'Modified MIT',
           moe=moe(384, 8, 2048, 60, shared=1, dense=1), mla=MLA_V3, native=native,
           note=note or 'DeepSeek-V3 architecture with 384 experts and 64 heads; FP8 block-quantized checkpoint. Official 1T total / 32B active.'))
add(mk('kimi-dev-72b', 'Kimi-Dev-72B', 'kimi-dev', 'moonshotai/Kimi-Dev-72B', ['kimi dev 72b', 'kimi-dev-72b', 'kimi dev'],
       80, 8192, 29568, 64, 8, 152064, 131072, False, '2025-06', 'MIT', hd=128, total=by_id['qwen2.5-72b']['params_total'], exact=True,
       note='Fine-tune of Qwen2.5-72B (same config).'))

# --- GLM
add(mk('glm-4.5', 'GLM-4.5 (355B)', 'glm-4.5', 'zai-org/GLM-4.5', ['glm 4.5', 'glm-4.5', 'glm4.5', 'zai glm 4.5', 'chatglm 4.5'],
       92, 5120, 12288, 96, 8, 151552, 131072, False, '2025-07', 'MIT', hd=128, moe=moe(160, 8, 1536, 89, shared=1, dense=3), total=355_000_000_000,
       note='first_k_dense_replace 3; partial rotary 0.5; HF checkpoint also holds one MTP layer. Official 355B / 32B active (rounded).'))
add(mk('glm-4.5-air', 'GLM-4.5-Air (106B)', 'glm-4.5', 'zai-org/GLM-4.5-Air', ['glm 4.5 air', 'glm-4.5-air', 'glm4.5 air', 'glm air'],
       46, 4096, 10944, 96, 8, 151552, 131072, False, '2025-07', 'MIT', hd=128, moe=moe(128, 8, 1408, 45, shared=1, dense=1), total=106_000_000_000,
       note='Official 106B / 12B active (rounded).'))
add(clone('glm-4.5', 'glm-4.6', 'GLM-4.6 (355B)', 'zai-org/GLM-4.6', ['glm 4.6', 'glm-4.6', 'glm4.6', 'zai glm 4.6'], '2025-09',
          max_position_embeddings=202752, total=355_000_000_000, note='GLM-4.5 architecture with a 200K context.'))
add(mk('glm-4-32b', 'GLM-4-32B-0414', 'glm-4', 'zai-org/GLM-4-32B-0414', ['glm 4 32b', 'glm-4-32b', 'glm-4-32b-0414', 'glm4 32b', 'glm-z1-32b'],
       61, 6144, 23040, 48, 2, 151552, 32768, False, '2025-04', 'MIT', hd=128))

# --- Gemma
add(mk('gemma-3-270m', 'Gemma 3 270M', 'gemma-3', 'google/gemma-3-270m-it', ['gemma 3 270m', 'gemma-3-270m', 'gemma3 270m', 'gemma-3-270m-it'],
       18, 640, 2048, 4, 1, 262144, 32768, True, '2025-08', 'Gemma Terms of Use', hd=256, sliding=512, pattern='5 local (sliding) layers per 1 global layer'))

# --- Mistral
MS = dict(L=40, H=5120, I=32768, nh=32, nkv=8, V=131072)
def mistral_small(id, name, repo, aliases, rel, maxpos, vision=None, note=None, family='mistral-small'):
    return mk(id, name, family, repo, aliases, MS['L'], MS['H'], MS['I'], MS['nh'], MS['nkv'], MS['V'], maxpos, False, rel, A2, hd=128,
              vision=vision, image_tokens=1024 if vision else None, note=note)
add(mistral_small('mistral-small-3', 'Mistral Small 3 (24B)', 'mistralai/Mistral-Small-24B-Instruct-2501',
                  ['mistral small 3', 'mistral-small-3', 'mistral small 24b', 'mistral-small-24b-instruct-2501', 'mistral small 2501'], '2025-01', 32768))
VIS_PIXTRAL = 439_000_000
VIS_NOTE = 'Pixtral vision encoder (24 layers, 1024 wide) + projector ~ 0.44B; 28x28-pixel patches after merging: a 1024x1024 image is about 1024 tokens (up to 3025 at 1540 px).'
add(mistral_small('mistral-small-3.1', 'Mistral Small 3.1 (24B)', 'mistralai/Mistral-Small-3.1-24B-Instruct-2503',
                  ['mistral small 3.1', 'mistral-small-3.1', 'mistral-small-3.1-24b-instruct-2503', 'mistral small 2503'], '2025-03', 131072, vision=VIS_PIXTRAL, note=VIS_NOTE))
add(mistral_small('mistral-small-3.2', 'Mistral Small 3.2 (24B)', 'mistralai/Mistral-Small-3.2-24B-Instruct-2506',
                  ['mistral small 3.2', 'mistral-small-3.2', 'mistral-small-3.2-24b-instruct-2506', 'mistral small 2506', 'mistral small'], '2025-06', 131072, vision=VIS_PIXTRAL, note=VIS_NOTE))
add(mistral_small('magistral-small', 'Magistral Small (24B)', 'mistralai/Magistral-Small-2506',
                  ['magistral small', 'magistral-small', 'magistral', 'magistral-small-2506', 'magistral small 24b', 'magistral-small-2509'], '2025-06', 131072,
                  family='magistral', note='Text config of Mistral Small 3.1; reasoning model (40k context recommended). Magistral Medium has no open weights.'))
add(mistral_small('devstral-small', 'Devstral Small (24B)', 'mistralai/Devstral-Small-2507',
                  ['devstral small', 'devstral-small', 'devstral', 'devstral-small-2505', 'devstral-small-2507', 'devstral small 1.1', 'devstral 24b'], '2025-05', 131072,
                  family='devstral', note='Text config of Mistral Small 3.1 (vision encoder removed). Devstral Medium is API-only.'))
add(mk('mistral-large-2', 'Mistral Large 2 (123B)', 'mistral-large', 'mistralai/Mistral-Large-Instruct-2411',
       ['mistral large 2', 'mistral-large-2', 'mistral large', 'mistral-large-instruct-2411', 'mistral-large-instruct-2407', 'mistral large 123b', 'mistral large 2411'],
       88, 12288, 28672, 96, 8, 32768, 131072, False, '2024-07', 'Mistral Research License', hd=128))
add(mk('mistral-nemo-12b', 'Mistral NeMo 12B', 'mistral-nemo', 'mistralai/Mistral-Nemo-Instruct-2407',
       ['mistral nemo', 'mistral-nemo', 'mistral nemo 12b', 'mistral-nemo-instruct-2407', 'nemo 12b'],
       40, 5120, 14336, 32, 8, 131072, 1024000, False, '2024-07', A2, hd=128))
add(mk('ministral-8b', 'Ministral 8B', 'ministral', 'mistralai/Ministral-8B-Instruct-2410',
       ['ministral 8b', 'ministral-8b', 'ministral-8b-instruct-2410', 'ministral'],
       36, 4096, 12288, 32, 8, 131072, 32768, False, '2024-10', 'Mistral Research License', hd=128))
add(mk('codestral-22b', 'Codestral 22B', 'codestral', 'mistralai/Codestral-22B-v0.1',
       ['codestral', 'codestral 22b', 'codestral-22b', 'codestral-22b-v0.1'],
       56, 6144, 16384, 48, 8, 32768, 32768, False, '2024-05', 'Mistral Non-Production License', hd=128))
# Mistral 7B v0.1 left out: 'mistral 7b' must keep meaning v0.3.

# --- Phi
add(mk('phi-4-mini', 'Phi-4-mini (3.8B)', 'phi-4', 'microsoft/Phi-4-mini-instruct', ['phi 4 mini', 'phi-4-mini', 'phi-4-mini-instruct', 'phi4 mini'],
       32, 3072, 8192, 24, 8, 200064, 131072, True, '2025-02', 'MIT', hd=128))
add(clone('phi-4-mini', 'phi-4-mini-reasoning', 'Phi-4-mini-reasoning (3.8B)', 'microsoft/Phi-4-mini-reasoning',
          ['phi 4 mini reasoning', 'phi-4-mini-reasoning', 'phi4 mini reasoning'], '2025-04'))
add(clone('phi-4', 'phi-4-reasoning', 'Phi-4-reasoning (14B)', 'microsoft/Phi-4-reasoning',
          ['phi 4 reasoning', 'phi-4-reasoning', 'phi4 reasoning'], '2025-04', max_position_embeddings=32768, total=by_id['phi-4']['params_total'], exact=True))
add(clone('phi-4', 'phi-4-reasoning-plus', 'Phi-4-reasoning-plus (14B)', 'microsoft/Phi-4-reasoning-plus',
          ['phi 4 reasoning plus', 'phi-4-reasoning-plus', 'phi4 reasoning plus'], '2025-04', max_position_embeddings=32768, total=by_id['phi-4']['params_total'], exact=True))
add(mk('phi-3.5-mini', 'Phi-3.5-mini (3.8B)', 'phi-3', 'microsoft/Phi-3.5-mini-instruct', ['phi 3.5 mini', 'phi-3.5-mini', 'phi-3.5-mini-instruct', 'phi3.5 mini'],
       32, 3072, 8192, 32, 32, 32064, 131072, False, '2024-08', 'MIT'))
add(mk('phi-3.5-moe', 'Phi-3.5-MoE (42B)', 'phi-3', 'microsoft/Phi-3.5-MoE-instruct', ['phi 3.5 moe', 'phi-3.5-moe', 'phi-3.5-moe-instruct'],
       32, 4096, 6400, 32, 8, 32064, 131072, False, '2024-08', 'MIT', hd=128, moe=moe(16, 2, 6400, 32)))
add(mk('phi-2', 'Phi-2 (2.7B)', 'phi-2', 'microsoft/phi-2', ['phi 2', 'phi-2', 'phi2'],
       32, 2560, 10240, 32, 32, 51200, 2048, False, '2023-12', 'MIT', mlp='plain'))

# --- Cohere
add(mk('command-a', 'Command A (111B)', 'command-a', 'CohereLabs/c4ai-command-a-03-2025',
       ['command a', 'command-a', 'c4ai-command-a-03-2025', 'cohere command a', 'command-a-03-2025'],
       64, 12288, 36864, 96, 8, 256000, 131072, True, '2025-03', 'CC-BY-NC-4.0', hd=128, sliding=4096, pattern='3 local (sliding) layers per 1 global layer'))
add(mk('command-r-plus', 'Command R+ (104B)', 'command-r', 'CohereLabs/c4ai-command-r-plus-08-2024',
       ['command r plus', 'command-r-plus', 'command r+', 'c4ai-command-r-plus', 'c4ai-command-r-plus-08-2024'],
       64, 12288, 33792, 96, 8, 256000, 131072, True, '2024-08', 'CC-BY-NC-4.0', hd=128))
add(mk('command-r7b', 'Command R7B', 'command-r', 'CohereLabs/c4ai-command-r7b-12-2024',
       ['command r7b', 'command-r7b', 'c4ai-command-r7b-12-2024', 'command r 7b'],
       32, 4096, 14336, 32, 8, 256000, 131072, True, '2024-12', 'CC-BY-NC-4.0', hd=128, sliding=4096, pattern='3 local (sliding) layers per 1 global layer'))

# --- OLMo 2
for size, L, H, I, nh, nkv, rel in (('1b', 16, 2048, 8192, 16, 16, '2025-05'), ('7b', 32, 4096, 11008, 32, 32, '2024-11'), ('13b', 40, 5120, 13824, 40, 40, '2024-11'), ('32b', 64, 5120, 27648, 40, 8, '2025-03')):
    repo = {'1b': 'allenai/OLMo-2-0425-1B-Instruct', '7b': 'allenai/OLMo-2-1124-7B-Instruct', '13b': 'allenai/OLMo-2-1124-13B-Instruct', '32b': 'allenai/OLMo-2-0325-32B-Instruct'}[size]
    add(mk(f'olmo-2-{size}', f'OLMo 2 {size.upper()}', 'olmo-2', repo, [f'olmo 2 {size}', f'olmo-2-{size}', f'olmo2 {size}', f'olmo {size}'],
           L, H, I, nh, nkv, 100352, 4096, False, rel, A2))

# --- Granite 4 (hybrid Mamba-2 / attention; attention at layers 5, 15, 25, 35)
GR = 'Hybrid: layer_types has 36 mamba and 4 attention layers; only the 4 attention layers (NoPE) keep a KV cache.'
add(mk('granite-4.0-h-small', 'Granite 4.0 H Small (32B, 9B active)', 'granite-4', 'ibm-granite/granite-4.0-h-small',
       ['granite 4.0 h small', 'granite-4.0-h-small', 'granite 4 h small', 'granite 4 small', 'granite 4.0 small', 'granite 32b'],
       40, 4096, 768, 32, 8, 100352, 131072, True, '2025-10', A2, hd=128, moe=moe(72, 10, 768, 40, shared=2),
       state=mamba2(36, 4, 128, 64, 128), note=GR + ' 72 experts, 10 per token, shared expert 1536 wide (counted as 2 x 768).'))
add(mk('granite-4.0-h-tiny', 'Granite 4.0 H Tiny (7B, 1B active)', 'granite-4', 'ibm-granite/granite-4.0-h-tiny',
       ['granite 4.0 h tiny', 'granite-4.0-h-tiny', 'granite 4 h tiny', 'granite 4 tiny', 'granite 4.0 tiny'],
       40, 1536, 512, 12, 4, 100352, 131072, True, '2025-10', A2, hd=128, moe=moe(64, 6, 512, 40, shared=2),
       state=mamba2(36, 4, 48, 64, 128), note=GR + ' 64 experts, 6 per token, shared expert 1024 wide (counted as 2 x 512).'))
add(mk('granite-4.0-h-micro', 'Granite 4.0 H Micro (3B)', 'granite-4', 'ibm-granite/granite-4.0-h-micro',
       ['granite 4.0 h micro', 'granite-4.0-h-micro', 'granite 4 h micro'],
       40, 2048, 8192, 32, 8, 100352, 131072, True, '2025-10', A2, hd=64, state=mamba2(36, 4, 64, 64, 128), note=GR))
add(mk('granite-4.0-h-1b', 'Granite 4.0 H 1B', 'granite-4', 'ibm-granite/granite-4.0-h-1b',
       ['granite 4.0 h 1b', 'granite-4.0-h-1b', 'granite 4 h 1b', 'granite 4 nano'],
       40, 1536, 4096, 12, 4, 100352, 131072, True, '2025-10', A2, hd=128, state=mamba2(36, 4, 48, 64, 128), note=GR))
add(mk('granite-4.0-micro', 'Granite 4.0 Micro (3B, dense)', 'granite-4', 'ibm-granite/granite-4.0-micro',
       ['granite 4.0 micro', 'granite-4.0-micro', 'granite 4 micro'], 40, 2560, 8192, 40, 8, 100352, 131072, True, '2025-10', A2, hd=64))
add(mk('granite-4.0-1b', 'Granite 4.0 1B (dense)', 'granite-4', 'ibm-granite/granite-4.0-1b',
       ['granite 4.0 1b', 'granite-4.0-1b', 'granite 4 1b'], 40, 2048, 4096, 16, 4, 100352, 131072, True, '2025-10', A2, hd=128))
add(mk('granite-4.0-350m', 'Granite 4.0 350M (dense)', 'granite-4', 'ibm-granite/granite-4.0-350m',
       ['granite 4.0 350m', 'granite-4.0-350m', 'granite 4 350m'], 28, 1024, 2048, 16, 4, 100352, 131072, True, '2025-10', A2, hd=64))
add(mk('granite-3.3-8b', 'Granite 3.3 8B', 'granite-3', 'ibm-granite/granite-3.3-8b-instruct',
       ['granite 3.3 8b', 'granite-3.3-8b', 'granite-3.3-8b-instruct', 'granite 8b'], 40, 4096, 12800, 32, 8, 49159, 131072, True, '2025-04', A2))
add(mk('granite-3.3-2b', 'Granite 3.3 2B', 'granite-3', 'ibm-granite/granite-3.3-2b-instruct',
       ['granite 3.3 2b', 'granite-3.3-2b', 'granite-3.3-2b-instruct', 'granite 2b'], 40, 2048, 8192, 32, 8, 49159, 131072, True, '2025-04', A2))

# --- Falcon-H1 (parallel hybrid: attention and Mamba-2 side by side in every layer), Falcon 3
FH = 'Parallel hybrid: every layer runs attention (KV grows) and a Mamba-2 mixer (fixed state) side by side.'
add(mk('falcon-h1-7b', 'Falcon-H1 7B', 'falcon-h1', 'tiiuae/Falcon-H1-7B-Instruct', ['falcon h1 7b', 'falcon-h1-7b', 'falcon-h1-7b-instruct', 'falcon h1'],
       44, 3072, 12288, 12, 2, 130048, 262144, False, '2025-05', 'Falcon-LLM License', hd=128, state=mamba2(44, 44, 24, 128, 256), note=FH))
add(mk('falcon-h1-3b', 'Falcon-H1 3B', 'falcon-h1', 'tiiuae/Falcon-H1-3B-Instruct', ['falcon h1 3b', 'falcon-h1-3b', 'falcon-h1-3b-instruct'],
       32, 2560, 6144, 10, 2, 65536, 131072, False, '2025-05', 'Falcon-LLM License', hd=128, state=mamba2(32, 32, 32, 128, 256), note=FH))
add(mk('falcon-h1-1.5b', 'Falcon-H1 1.5B', 'falcon-h1', 'tiiuae/Falcon-H1-1.5B-Instruct', ['falcon h1 1.5b', 'falcon-h1-1.5b', 'falcon-h1-1.5b-instruct'],
       24, 2048, 4608, 8, 2, 65537, 131072, False, '2025-05', 'Falcon-LLM License', hd=128, state=mamba2(24, 24, 48, 64, 256), note=FH))
for size, L, H, I, nh, rel in (('1b', 18, 2048, 8192, 8, '2024-12'), ('3b', 22, 3072, 9216, 12, '2024-12'), ('7b', 28, 3072, 23040, 12, '2024-12'), ('10b', 40, 3072, 23040, 12, '2024-12')):
    add(mk(f'falcon3-{size}', f'Falcon3 {size.upper()}', 'falcon3', f'tiiuae/Falcon3-{size.upper()}-Instruct', [f'falcon3 {size}', f'falcon3-{size}', f'falcon 3 {size}', f'falcon3-{size}-instruct'],
           L, H, I, nh, 4, 131072, 32768, False, rel, 'Falcon-LLM License', hd=256))

# --- MiniMax
MMX = {'kind': 'lightning', 'layers': 70, 'attention_layers': 10}
add(mk('minimax-text-01', 'MiniMax-Text-01 (456B)', 'minimax', 'MiniMaxAI/MiniMax-Text-01', ['minimax text 01', 'minimax-text-01', 'minimax 01', 'minimax-01'],
       80, 6144, 9216, 64, 8, 200064, 10240000, False, '2025-01', 'MiniMax Model License', hd=128, moe=moe(32, 2, 9216, 80), state=dict(MMX),
       note='Hybrid: attn_type_list puts softmax attention on every 8th layer (10 of 80); the other 70 use lightning (linear) attention with a fixed 128x128 state per head. Official 456B / 45.9B active.'))
add(mk('minimax-m1', 'MiniMax-M1 (456B)', 'minimax', 'MiniMaxAI/MiniMax-M1-80k', ['minimax m1', 'minimax-m1', 'minimax-m1-80k', 'minimax-m1-40k', 'minimax m1 80k'],
       80, 6144, 9216, 64, 8, 200064, 10240000, False, '2025-06', A2, hd=128, moe=moe(32, 2, 9216, 80), state=dict(MMX),
       note='MiniMax-Text-01 architecture (70 lightning + 10 softmax layers), reasoning-tuned.'))
add(mk('minimax-m2', 'MiniMax-M2 (230B)', 'minimax', 'MiniMaxAI/MiniMax-M2', ['minimax m2', 'minimax-m2', 'minimax'],
       62, 3072, 1536, 48, 8, 200064, 196608, False, '2025-10', 'MIT', hd=128, moe=moe(256, 8, 1536, 62), native='fp8-block', total=230_000_000_000,
       note='Full attention in every layer (no lightning attention), qk-norm, partial rotary 64 of 128. FP8 block-quantized checkpoint. Official 230B / 10B active.'))

# --- ERNIE 4.5
add(mk('ernie-4.5-300b-a47b', 'ERNIE 4.5 300B-A47B', 'ernie-4.5', 'baidu/ERNIE-4.5-300B-A47B-PT', ['ernie 4.5 300b', 'ernie-4.5-300b-a47b', 'ernie 4.5', 'ernie-4.5', 'ernie'],
       54, 8192, 28672, 64, 8, 103424, 131072, False, '2025-06', A2, hd=128, moe=moe(64, 8, 3584, 51, dense=3), total=300_000_000_000))
add(mk('ernie-4.5-21b-a3b', 'ERNIE 4.5 21B-A3B', 'ernie-4.5', 'baidu/ERNIE-4.5-21B-A3B-PT', ['ernie 4.5 21b', 'ernie-4.5-21b-a3b', 'ernie-4.5-21b-a3b-thinking', 'ernie 21b'],
       28, 2560, 12288, 20, 4, 103424, 131072, True, '2025-06', A2, hd=128, moe=moe(64, 6, 1536, 27, shared=2, dense=1)))
add(mk('ernie-4.5-0.3b', 'ERNIE 4.5 0.3B', 'ernie-4.5', 'baidu/ERNIE-4.5-0.3B-PT', ['ernie 4.5 0.3b', 'ernie-4.5-0.3b'],
       18, 1024, 3072, 16, 2, 103424, 131072, True, '2025-06', A2, hd=64))

# --- Hunyuan
add(mk('hunyuan-a13b', 'Hunyuan-A13B (80B)', 'hunyuan', 'tencent/Hunyuan-A13B-Instruct', ['hunyuan a13b', 'hunyuan-a13b', 'hunyuan-a13b-instruct', 'hunyuan 80b', 'hunyuan'],
       32, 4096, 3072, 32, 8, 128167, 262144, True, '2025-06', 'Tencent Hunyuan Community License', hd=128, moe=moe(64, 8, 3072, 32, shared=1),
       note='Official 80B / 13B active; 256K context per model card.'))
add(mk('hunyuan-7b', 'Hunyuan-7B', 'hunyuan', 'tencent/Hunyuan-7B-Instruct', ['hunyuan 7b', 'hunyuan-7b', 'hunyuan-7b-instruct'],
       32, 4096, 14336, 32, 8, 128167, 32768, True, '2025-07', 'Tencent Hunyuan Community License', hd=128))
add(mk('hunyuan-4b', 'Hunyuan-4B', 'hunyuan', 'tencent/Hunyuan-4B-Instruct', ['hunyuan 4b', 'hunyuan-4b', 'hunyuan-4b-instruct'],
       36, 3072, 8192, 32, 8, 120818, 262144, True, '2025-07', 'Tencent Hunyuan Community License', hd=128))

# --- Nemotron
add(clone('llama-3.1-70b', 'llama-3.1-nemotron-70b', 'Llama-3.1-Nemotron-70B-Instruct', 'nvidia/Llama-3.1-Nemotron-70B-Instruct-HF',
          ['llama 3.1 nemotron 70b', 'llama-3.1-nemotron-70b-instruct', 'nemotron 70b', 'nemotron-70b'], '2024-10', family='nemotron',
          total=by_id['llama-3.1-70b']['params_total'], exact=True))
add(clone('llama-3.1-8b', 'llama-3.1-nemotron-nano-8b', 'Llama-3.1-Nemotron-Nano-8B-v1', 'nvidia/Llama-3.1-Nemotron-Nano-8B-v1',
          ['nemotron nano 8b', 'llama-3.1-nemotron-nano-8b-v1', 'llama 3.1 nemotron nano 8b'], '2025-03', family='nemotron',
          total=by_id['llama-3.1-8b']['params_total'], exact=True))
add(mk('nemotron-nano-9b-v2', 'NVIDIA Nemotron Nano 9B v2', 'nemotron', 'nvidia/NVIDIA-Nemotron-Nano-9B-v2',
       ['nemotron nano 9b', 'nemotron-nano-9b-v2', 'nvidia-nemotron-nano-9b-v2', 'nemotron nano 9b v2', 'nemotron nano', 'nemotron-h'],
       56, 4480, 15680, 40, 8, 131072, 131072, False, '2025-08', 'NVIDIA Open Model License', hd=128, mlp='plain', mlp_layers=25,
       state=mamba2(27, 4, 128, 80, 128, groups=8),
       note='Nemotron-H: hybrid_override_pattern gives 27 Mamba-2 (M), 4 attention (*) and 25 MLP (-, squared ReLU) blocks over 56 layers; only the 4 attention blocks keep a KV cache.'))

# --- Jamba (Mamba-1 + attention 1:7, MoE every other layer)
JN = 'Hybrid: attn_layer_period 8 / offset 4 -> one attention layer in 8; the others are Mamba (d_state 16, d_conv 4, expand 2) with a fixed state. MoE (16 experts, top 2) on every other layer.'
add(mk('jamba-1.5-mini', 'Jamba 1.5 Mini (52B)', 'jamba', 'ai21labs/AI21-Jamba-1.5-Mini', ['jamba 1.5 mini', 'jamba-1.5-mini', 'ai21-jamba-1.5-mini', 'jamba mini', 'jamba mini 1.7', 'jamba-mini-1.7', 'jamba'],
       32, 4096, 14336, 32, 8, 65536, 262144, False, '2024-08', 'Jamba Open Model License', hd=128, moe=moe(16, 2, 14336, 16, dense=16),
       state={'kind': 'mamba', 'layers': 28, 'attention_layers': 4, 'mamba_d_state': 16, 'mamba_d_conv': 4, 'mamba_expand': 2}, note=JN + ' Official 52B / 12B active.'))
add(mk('jamba-1.5-large', 'Jamba 1.5 Large (398B)', 'jamba', 'ai21labs/AI21-Jamba-1.5-Large', ['jamba 1.5 large', 'jamba-1.5-large', 'ai21-jamba-1.5-large', 'jamba large', 'jamba large 1.7', 'jamba-large-1.7'],
       72, 8192, 24576, 64, 8, 65536, 262144, False, '2024-08', 'Jamba Open Model License', hd=128, moe=moe(16, 2, 24576, 36, dense=36),
       state={'kind': 'mamba', 'layers': 63, 'attention_layers': 9, 'mamba_d_state': 16, 'mamba_d_conv': 4, 'mamba_expand': 2}, note=JN + ' Official 398B / 94B active.'))

# --- Other models people run
add(mk('smollm3-3b', 'SmolLM3 3B', 'smollm', 'HuggingFaceTB/SmolLM3-3B', ['smollm3', 'smollm3 3b', 'smollm3-3b', 'smol lm3'],
       36, 2048, 11008, 16, 4, 128256, 65536, True, '2025-07', A2))
add(mk('smollm2-1.7b', 'SmolLM2 1.7B', 'smollm', 'HuggingFaceTB/SmolLM2-1.7B-Instruct', ['smollm2', 'smollm2 1.7b', 'smollm2-1.7b', 'smollm2-1.7b-instruct'],
       24, 2048, 8192, 32, 32, 49152, 8192, True, '2024-11', A2))
add(mk('yi-1.5-34b', 'Yi-1.5 34B', 'yi', '01-ai/Yi-1.5-34B-Chat', ['yi 1.5 34b', 'yi-1.5-34b', 'yi 34b', 'yi-34b', 'yi-1.5-34b-chat'],
       60, 7168, 20480, 56, 8, 64000, 4096, False, '2024-05', A2, hd=128))
add(mk('seed-oss-36b', 'Seed-OSS-36B', 'seed-oss', 'ByteDance-Seed/Seed-OSS-36B-Instruct', ['seed oss 36b', 'seed-oss-36b', 'seed-oss-36b-instruct', 'seed oss'],
       64, 5120, 27648, 80, 8, 155136, 524288, False, '2025-08', A2, hd=128))
add(mk('starcoder2-15b', 'StarCoder2 15B', 'starcoder2', 'bigcode/starcoder2-15b', ['starcoder2', 'starcoder2 15b', 'starcoder2-15b', 'starcoder 2 15b'],
       40, 6144, 24576, 48, 4, 49152, 16384, False, '2024-02', 'BigCode OpenRAIL-M', mlp='plain', sliding=4096,
       note='sliding_window 4096 on every layer; plain GELU MLP with biases.'))
add(mk('codellama-34b', 'Code Llama 34B', 'codellama', 'codellama/CodeLlama-34b-Instruct-hf', ['code llama 34b', 'codellama 34b', 'codellama-34b', 'codellama-34b-instruct'],
       48, 8192, 22016, 64, 8, 32000, 16384, False, '2023-08', 'Llama 2 Community License', hd=128))
add(mk('codellama-7b', 'Code Llama 7B', 'codellama', 'codellama/CodeLlama-7b-Instruct-hf', ['code llama 7b', 'codellama 7b', 'codellama-7b', 'codellama-7b-instruct'],
       32, 4096, 11008, 32, 32, 32016, 16384, False, '2023-08', 'Llama 2 Community License', hd=128))
for size, base in (('8b', 'llama-3.1-8b'), ('70b', 'llama-3.1-70b'), ('405b', 'llama-3.1-405b')):
    add(clone(base, f'hermes-3-{size}', f'Hermes 3 Llama 3.1 {size.upper()}', f'NousResearch/Hermes-3-Llama-3.1-{size.upper()}',
              [f'hermes 3 {size}', f'hermes-3-llama-3.1-{size}', f'hermes 3 llama {size}', f'nous hermes 3 {size}'], '2024-08', family='hermes-3',
              total=by_id[base]['params_total'], exact=True))
add(mk('tinyllama-1.1b', 'TinyLlama 1.1B', 'tinyllama', 'TinyLlama/TinyLlama-1.1B-Chat-v1.0', ['tinyllama', 'tinyllama 1.1b', 'tinyllama-1.1b', 'tinyllama-1.1b-chat'],
       22, 2048, 5632, 32, 4, 32000, 2048, False, '2023-12', A2))
add(clone('llama-3.1-8b', 'llama-guard-3-8b', 'Llama Guard 3 8B', 'meta-llama/Llama-Guard-3-8B', ['llama guard 3', 'llama-guard-3-8b', 'llama guard 3 8b', 'llamaguard'],
          '2024-07', family='llama-guard', total=by_id['llama-3.1-8b']['params_total'], exact=True))

OFFICIAL = {'llama-4-scout': '109B', 'llama-4-maverick': '400B', 'qwen3-4b-instruct-2507': '4.0B', 'qwen3-30b-a3b-instruct-2507': '30.5B', 'qwen3-235b-a22b-instruct-2507': '235B', 'qwen3-coder-30b-a3b': '30.5B', 'qwen3-coder-480b-a35b': '480B', 'qwen3-next-80b-a3b': '80B', 'qwen2.5-vl-7b': '8.29B', 'qwen2.5-vl-32b': '33.5B', 'qwen2.5-vl-72b': '73.4B', 'deepseek-v2-lite': '15.7B', 'deepseek-coder-v2-lite': '16B', 'deepseek-v2.5': '236B', 'kimi-k2': '1T', 'kimi-k2-0905': '1T', 'kimi-k2-thinking': '1T', 'glm-4.5': '355B', 'glm-4.5-air': '106B', 'glm-4.6': '355B', 'glm-4-32b': '32B', 'gemma-3-270m': '270M', 'mistral-small-3': '24B', 'mistral-small-3.1': '24B', 'mistral-small-3.2': '24B', 'magistral-small': '24B', 'devstral-small': '24B', 'mistral-large-2': '123B', 'mistral-nemo-12b': '12B', 'ministral-8b': '8B', 'codestral-22b': '22B', 'phi-4-mini': '3.8B', 'phi-4-mini-reasoning': '3.8B', 'phi-3.5-mini': '3.8B', 'phi-3.5-moe': '42B', 'phi-2': '2.7B', 'command-a': '111B', 'command-r-plus': '104B', 'olmo-2-1b': '1B', 'olmo-2-7b': '7B', 'olmo-2-13b': '13B', 'olmo-2-32b': '32B', 'granite-4.0-h-small': '32B', 'granite-4.0-h-tiny': '7B', 'granite-4.0-h-micro': '3B', 'granite-4.0-h-1b': '1.5B', 'granite-4.0-micro': '3B', 'granite-4.0-350m': '350M', 'granite-3.3-8b': '8B', 'granite-3.3-2b': '2B', 'falcon-h1-7b': '7B', 'falcon-h1-3b': '3B', 'falcon-h1-1.5b': '1.5B', 'falcon3-1b': '1B', 'falcon3-3b': '3B', 'falcon3-7b': '7B', 'falcon3-10b': '10B', 'minimax-text-01': '456B', 'minimax-m1': '456B', 'minimax-m2': '230B', 'ernie-4.5-300b-a47b': '300B', 'ernie-4.5-21b-a3b': '21B', 'ernie-4.5-0.3b': '0.3B', 'hunyuan-a13b': '80B', 'hunyuan-7b': '7B', 'hunyuan-4b': '4B', 'nemotron-nano-9b-v2': '9B', 'jamba-1.5-mini': '52B', 'jamba-1.5-large': '398B', 'smollm3-3b': '3B', 'smollm2-1.7b': '1.7B', 'yi-1.5-34b': '34B', 'seed-oss-36b': '36B', 'starcoder2-15b': '15B', 'codellama-34b': '34B', 'codellama-7b': '7B', 'tinyllama-1.1b': '1.1B', 'deepseek-v3.1': '671B', 'deepseek-v3.2': '671B', 'deepseek-r1-0528': '671B'}
for m in new:
    if m['id'] in OFFICIAL:
        m['params_official'] = OFFICIAL[m['id']]
        m['sources'].append('params_official: the size the publisher states (model card / repo name)')

if __name__ == '__main__':
    # Idempotent: entries this script writes are replaced, the others kept in order.
    out = [m for m in models if m['id'] not in new_by_id] + new
    # Every entry keeps (or gets) its hub_id: see hub_ids.py.
    out = with_hub_ids(out)
    json.dump(out, open(PATH, 'w'), indent=2, ensure_ascii=False)
    open(PATH, 'a').write('\n')
    print(len(out), 'models;', len(new), 'new')
